import { useState } from 'react';
import { useNavigate } from 'react-router';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import {
  FEEDBACK,
  LABELS,
  PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  TITLES,
  canWriteUsers,
  fmt,
  mayRequireSecondFactor,
} from '@vialex/domain';
import { useCurrentUser } from '../../lib/session';
import { PageTitle, TitleAction } from '../../components/page-title';
import { CriteriaPanel } from '../../components/list/criteria-panel';
import { PagedTable } from '../../components/list/paged-table';
import { useCityNames } from '../../components/list/city-autocomplete';
import { useRowEditing } from '../../components/list/use-row-editing';
import { usePagedList } from '../../components/list/use-paged-list';
import { USER_FIELDS, fetchUsers, userListKey, type UserRow } from './api/list-users';
import { useDeactivateUser } from './api/deactivate-user';
import { UserFormDialog } from './user-form-dialog';
import { AssignCitiesDialog } from './assign-cities-dialog';
import { RequiredFactorDialog } from './required-factor-dialog';
import { USER_QUICK_SEARCH, userCard, userColumns } from './user-columns';

const rowId = (u: UserRow) => u.id;
const nombre = (u: UserRow) => `${u.nombres} ${u.apellidos}`;

/** LISTA DE USUARIOS (spec 1 §2): scoped by the viewer's cargo; row actions as the server allows. */
export default function UsersPage() {
  const list = usePagedList(userListKey, fetchUsers, { limit: PAGE_SIZE });
  // The row just added, edited or deactivated is highlighted; the toast names the user.
  const rows = useRowEditing<UserRow>();
  const deactivate = useDeactivateUser();
  const cityNames = useCityNames();
  const navigate = useNavigate();
  const [citiesOf, setCitiesOf] = useState<UserRow | null>(null);
  // NUEVO only for a cargo whose users view is unrestricted (the permission table; the server refuses the rest).
  const me = useCurrentUser();
  const canCreate = canWriteUsers(me.cargo) && list.canWrite !== false;
  // Which cargos must have a second factor: the Administrador's rule (the server refuses anyone else).
  const mayRequireFactor = mayRequireSecondFactor(me).allowed;
  const [ruleOpen, setRuleOpen] = useState(false);
  // A restricted coordinator view may not create or edit (spec 1 §6): the spec's info popup.
  const { ifAllowed, feedback, highlight } = rows;
  const rowActions = {
    cityNames,
    edit: (u: UserRow) => ifAllowed(u.actions.edit, () => rows.open(u)),
    assignCities: (u: UserRow) => setCitiesOf(u),
    statistics: (u: UserRow) => void navigate(`/estadistica/${u.id}`),
    deactivate: (u: UserRow) =>
      ifAllowed(
        u.actions.deactivate,
        () =>
          void rows.confirmWrite(
            u,
            () => deactivate.mutateAsync(u.id),
            fmt(FEEDBACK.usuarioInactivado, { nombre: nombre(u) }),
          ),
      ),
  };

  return (
    <>
      <PageTitle
        title={TITLES.usuarios}
        actions={
          mayRequireFactor && (
            <TitleAction
              label={LABELS.segundoFactor.porCargo}
              icon={<VerifiedUserOutlined />}
              onClick={() => setRuleOpen(true)}
              testId="required-factor-open"
            />
          )
        }
      />
      <CriteriaPanel
        fields={USER_FIELDS}
        quickSearch={USER_QUICK_SEARCH}
        onSearch={list.search}
        onNew={canCreate ? () => rows.open('new') : undefined}
      />
      <PagedTable
        list={list}
        columns={userColumns(rowActions)}
        renderCard={userCard(rowActions)}
        label={TITLES.usuarios}
        getRowId={rowId}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        highlightedId={rows.highlightedId}
      />
      <UserFormDialog
        target={rows.target}
        onClose={rows.close}
        onSaved={(saved, created) => {
          if (created) list.first();
          rows.saved(
            saved,
            fmt(created ? FEEDBACK.usuarioCreado : FEEDBACK.usuarioActualizado, { nombre: nombre(saved) }),
          );
        }}
        feedback={feedback}
      />
      <AssignCitiesDialog
        user={citiesOf}
        onClose={() => setCitiesOf(null)}
        onSaved={() => {
          if (citiesOf) {
            feedback.success(fmt(FEEDBACK.ciudadesAsignadas, { nombre: nombre(citiesOf) }));
            highlight(citiesOf.id);
          }
          setCitiesOf(null);
        }}
        feedback={feedback}
      />
      {mayRequireFactor && (
        <RequiredFactorDialog
          open={ruleOpen}
          onClose={() => setRuleOpen(false)}
          onSaved={() => {
            setRuleOpen(false);
            feedback.success(FEEDBACK.segundoFactorPorCargo);
          }}
        />
      )}
      {rows.elements}
    </>
  );
}
