import { EXPORT_LIST_TEXTS, EXPORT_LIST, type ExportPage, type ExportResponse } from '@vialex/domain';
import { fetchListPage } from '../../../components/list/list-api';
import { listFields } from '../../../components/list/fields';
import type { ListParams } from '../../../components/list/types';

/** An export as GET /api/exportaciones answers it (its contract). */
export type ExportRow = ExportResponse;

/** Every exports query lives under this key; the live 'exportaciones' event and the actions invalidate it. */
export const exportsQueryKey = ['exportaciones'] as const;
export const exportListKey = [...exportsQueryKey, 'list'] as const;

export function fetchExports(params: ListParams, signal?: AbortSignal) {
  return fetchListPage<ExportPage>('/api/exportaciones', params, signal);
}

/** EXPORTACIONES SFTP's one criterion: the case number (spec 3 §2, §5). */
export const EXPORT_FIELDS = listFields(EXPORT_LIST, { caso: EXPORT_LIST_TEXTS.caso });
