import { useState } from 'react';
import { PAGE_SIZE, PAGE_SIZE_OPTIONS, TITLES } from '@vialex/domain';
import { PageTitle } from '../../components/page-title';
import { CriteriaPanel } from '../../components/list/criteria-panel';
import { PagedTable } from '../../components/list/paged-table';
import { useCityNames } from '../../components/list/city-autocomplete';
import { useConfirm } from '../../components/list/use-confirm';
import { deactivateAfterConfirm } from '../../components/list/deactivate';
import { useFeedback } from '../../components/list/use-feedback';
import { usePagedList } from '../../components/list/use-paged-list';
import { USER_FIELDS, fetchUsers, userListKey, type UserRow } from './api/list-users';
import { useDeactivateUser } from './api/deactivate-user';
import { UserFormDialog } from './user-form-dialog';
import { AssignCitiesDialog } from './assign-cities-dialog';
import { USER_QUICK_SEARCH, userCard, userColumns } from './user-columns';

const rowId = (u: UserRow) => u.id;

/** LISTA DE USUARIOS (spec 1 §2): scoped by the viewer's cargo; row actions as the server allows. */
export default function UsersPage() {
  const list = usePagedList(userListKey, fetchUsers, { limit: PAGE_SIZE });
  const feedback = useFeedback();
  const { confirm, element: confirmDialog } = useConfirm();
  const deactivate = useDeactivateUser();
  const cityNames = useCityNames();
  const [target, setTarget] = useState<UserRow | 'new' | null>(null);
  const [citiesOf, setCitiesOf] = useState<UserRow | null>(null);

  // A restricted coordinator view may not create or edit (spec 1 §6): the spec's info popup.
  const ifAllowed = (allowed: boolean | undefined, action: () => void) =>
    allowed === false ? feedback.unauthorized() : action();

  const rowActions = {
    cityNames,
    edit: (u: UserRow) => ifAllowed(u.actions.edit, () => setTarget(u)),
    assignCities: (u: UserRow) => setCitiesOf(u),
    deactivate: (u: UserRow) =>
      ifAllowed(u.actions.deactivate, () =>
        deactivateAfterConfirm(confirm, feedback, () => deactivate.mutateAsync(u.id)),
      ),
  };

  return (
    <>
      <PageTitle title={TITLES.usuarios} />
      <CriteriaPanel
        fields={USER_FIELDS}
        quickSearch={USER_QUICK_SEARCH}
        onSearch={list.search}
        onNew={() => ifAllowed(list.canWrite, () => setTarget('new'))}
      />
      <PagedTable
        list={list}
        columns={userColumns(rowActions)}
        renderCard={userCard(rowActions)}
        label={TITLES.usuarios}
        getRowId={rowId}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
      />
      <UserFormDialog
        target={target}
        onClose={() => setTarget(null)}
        onSaved={(created) => {
          setTarget(null);
          if (created) list.first();
          feedback.success();
        }}
        feedback={feedback}
      />
      <AssignCitiesDialog
        user={citiesOf}
        onClose={() => setCitiesOf(null)}
        onSaved={() => {
          setCitiesOf(null);
          feedback.success();
        }}
        feedback={feedback}
      />
      {confirmDialog}
      {feedback.element}
    </>
  );
}
