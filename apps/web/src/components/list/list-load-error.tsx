import { useState } from 'react';
import { MSG } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { MessageDialog } from '../message-dialog';
import type { PagedList } from './use-paged-list';

/** A failed page load in the 'Oops...' popup ('Usuario no autorizado' for a 403), once per failure. */
export function ListLoadError({ list }: { list: Pick<PagedList<unknown>, 'error' | 'errorUpdatedAt'> }) {
  const [dismissedAt, setDismissedAt] = useState(0);
  const error = list.error && list.errorUpdatedAt > dismissedAt ? list.error : null;
  const forbidden = isApiError(error) && error.status === 403;
  return (
    <MessageDialog
      open={!!error}
      kind={forbidden ? 'info' : 'error'}
      title={forbidden ? MSG.noAutorizado : undefined}
      message={forbidden ? undefined : error?.message}
      onClose={() => setDismissedAt(list.errorUpdatedAt)}
    />
  );
}
