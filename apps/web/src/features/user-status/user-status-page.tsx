import { useState } from 'react';
import { PAGE_SIZE, PAGE_SIZE_OPTIONS, TITLES } from '@vialex/domain';
import { PageTitle } from '../../components/page-title';
import { CriteriaPanel } from '../../components/list/criteria-panel';
import { PagedTable } from '../../components/list/paged-table';
import { useFeedback } from '../../components/list/use-feedback';
import { usePagedList } from '../../components/list/use-paged-list';
import { STATUS_FIELDS, fetchUserStatus, statusListKey, type StatusRow } from './api/list-user-status';
import { AvailabilityDialog } from './availability-dialog';
import { LoginStateDialog } from './login-state-dialog';
import { SessionTimeDialog } from './session-time-dialog';
import { UserPasswordDialog } from './user-password-dialog';
import { STATUS_QUICK_SEARCH, statusCard, statusColumns } from './status-columns';

type DialogKind = 'availability' | 'login' | 'sessionTime' | 'password';
const rowId = (u: StatusRow) => u.id;

/** ESTADO USUARIOS (spec 1 §2, §4): availability, login state, session time and password of the users in scope. */
export default function UserStatusPage() {
  const list = usePagedList(statusListKey, fetchUserStatus, { limit: PAGE_SIZE });
  const feedback = useFeedback();
  const [open, setOpen] = useState<{ kind: DialogKind; user: StatusRow } | null>(null);
  const userFor = (kind: DialogKind) => (open?.kind === kind ? open.user : null);
  const close = () => setOpen(null);

  const rowActions = {
    availability: (user: StatusRow) => setOpen({ kind: 'availability', user }),
    login: (user: StatusRow) => setOpen({ kind: 'login', user }),
    sessionTime: (user: StatusRow) => setOpen({ kind: 'sessionTime', user }),
    password: (user: StatusRow) => setOpen({ kind: 'password', user }),
  };

  return (
    <>
      <PageTitle title={TITLES.estadoUsuarios} />
      <CriteriaPanel fields={STATUS_FIELDS} quickSearch={STATUS_QUICK_SEARCH} onSearch={list.search} />
      <PagedTable
        list={list}
        columns={statusColumns(rowActions)}
        renderCard={statusCard(rowActions)}
        label={TITLES.estadoUsuarios}
        getRowId={rowId}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
      />
      <AvailabilityDialog user={userFor('availability')} onClose={close} feedback={feedback} />
      <LoginStateDialog user={userFor('login')} onClose={close} feedback={feedback} />
      <SessionTimeDialog user={userFor('sessionTime')} onClose={close} feedback={feedback} />
      <UserPasswordDialog user={userFor('password')} onClose={close} feedback={feedback} />
      {feedback.element}
    </>
  );
}
