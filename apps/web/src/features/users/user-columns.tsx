import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import LocationCityOutlined from '@mui/icons-material/LocationCityOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import { LABELS, REPORT_TEXTS } from '@vialex/domain';
import { EstadoChip } from '../../components/list/estado-chip';
import { ListCard } from '../../components/list/list-card';
import { nameOrEmail, type QuickSearch } from '../../components/list/quick-search';
import { RowAction, RowActions } from '../../components/list/row-action';
import type { ListColumn, RenderCard } from '../../components/list/types';
import type { UserRow } from './api/list-users';
import { UserAvatar } from '../../components/user-avatar';

const SHOWN_CITIES = 2;

function Cities({ names }: { names: string[] }) {
  if (!names.length) return <>{LABELS.usuarios.ninguna}</>;
  const rest = names.length - SHOWN_CITIES;
  return (
    <Tooltip title={names.join(', ')}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} data-testid="user-cities">
        <span>{names.slice(0, SHOWN_CITIES).join(', ')}</span>
        {rest > 0 && <Chip size="small" label={`+${rest}`} />}
      </Stack>
    </Tooltip>
  );
}

export interface UserColumnActions {
  edit: (u: UserRow) => void;
  deactivate: (u: UserRow) => void;
  assignCities: (u: UserRow) => void;
  /** Opens the user's statistics (/estadistica/{id}, decisions.md D7). */
  statistics: (u: UserRow) => void;
  cityNames: (ids: readonly string[]) => string[];
}

/** The phone's one search field: an e-mail, or the start of the name (first names, then surnames). */
export const USER_QUICK_SEARCH: QuickSearch = { label: LABELS.usuarios.buscarRapido, toCriteria: nameOrEmail };

/**
 * Editar, Eliminar and Asignar ciudades, each only where the server's `actions` offer it (the
 * user policy: a restricted coordinator view edits nothing, nobody deletes themselves).
 */
function UserActions({ u, actions, labelled }: { u: UserRow; actions: UserColumnActions; labelled: boolean }) {
  return (
    <RowActions labelled={labelled}>
      {u.actions.edit && (
        <RowAction
          label={LABELS.list.editar}
          icon={<EditOutlined fontSize="small" />}
          onClick={() => actions.edit(u)}
          labelled={labelled}
        />
      )}
      {u.actions.deactivate && (
        <RowAction
          label={LABELS.list.eliminar}
          icon={<DeleteOutlineOutlined fontSize="small" />}
          color="error"
          onClick={() => actions.deactivate(u)}
          // Inactive already: there is nothing the button could do.
          disabled={!u.estado}
          labelled={labelled}
        />
      )}
      <RowAction
        label={REPORT_TEXTS.verEstadisticas}
        icon={<QueryStatsOutlined fontSize="small" />}
        onClick={() => actions.statistics(u)}
        labelled={labelled}
        testId="user-statistics"
      />
      {u.actions.assignCities && (
        <RowAction
          label={LABELS.usuarios.asignarCiudades}
          icon={<LocationCityOutlined fontSize="small" />}
          onClick={() => actions.assignCities(u)}
          labelled={labelled}
        />
      )}
    </RowActions>
  );
}

/** LISTA DE USUARIOS's columns (spec 1 §2): the name stays at the left, the actions at the right. */
export function userColumns(actions: UserColumnActions): ListColumn<UserRow>[] {
  return [
    {
      key: 'nombres',
      header: LABELS.usuarios.nombres,
      sticky: 'left',
      width: 180,
      render: (u) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <UserAvatar nombre={`${u.nombres} ${u.apellidos}`} foto={u.foto} size={28} />
          <span>{u.nombres}</span>
        </Stack>
      ),
    },
    { key: 'apellidos', header: LABELS.usuarios.apellidos, sticky: 'left', width: 150, render: (u) => u.apellidos },
    { key: 'identificacion', header: LABELS.usuarios.identificacion, minWidth: 130, render: (u) => u.identificacion },
    { key: 'telefono', header: LABELS.usuarios.telefono, minWidth: 110, render: (u) => u.telefono },
    { key: 'email', header: LABELS.usuarios.email, minWidth: 200, render: (u) => u.email },
    { key: 'cargo', header: LABELS.usuarios.cargo, minWidth: 150, render: (u) => u.cargo },
    { key: 'area', header: LABELS.usuarios.areaColumna, minWidth: 130, render: (u) => u.area },
    {
      key: 'ciudades',
      header: LABELS.usuarios.ciudades,
      minWidth: 160,
      render: (u) => <Cities names={actions.cityNames(u.ciudades)} />,
    },
    { key: 'estado', header: LABELS.usuarios.estado, render: (u) => <EstadoChip estado={u.estado} /> },
    {
      key: 'acciones',
      header: LABELS.list.acciones,
      sticky: 'right',
      width: 172,
      render: (u) => <UserActions u={u} actions={actions} labelled={false} />,
    },
  ];
}

/** A user as a phone card: the name, e-mail, cargo, identification and cities, the state and the actions. */
export function userCard(actions: UserColumnActions): RenderCard<UserRow> {
  return function UserCard(u) {
    return (
      <ListCard
        title={`${u.nombres} ${u.apellidos}`}
        subtitle={u.email}
        status={<EstadoChip estado={u.estado} />}
        fields={[
          { label: LABELS.usuarios.cargo, value: u.cargo },
          { label: LABELS.usuarios.identificacion, value: u.identificacion },
          { label: LABELS.usuarios.telefono, value: u.telefono },
          { label: LABELS.usuarios.ciudades, value: <Cities names={actions.cityNames(u.ciudades)} /> },
        ]}
        actions={<UserActions u={u} actions={actions} labelled />}
      />
    );
  };
}
