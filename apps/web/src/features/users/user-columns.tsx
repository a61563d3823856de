import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import LocationCityOutlined from '@mui/icons-material/LocationCityOutlined';
import { EstadoChip } from '../../components/list/estado-chip';
import { RowAction, RowActions } from '../../components/list/row-action';
import { LIST_TEXTS } from '../../components/list/texts';
import type { ListColumn } from '../../components/list/types';
import type { UserRow } from './api/list-users';
import { USER_TEXTS } from './texts';

const SHOWN_CITIES = 2;

function Cities({ names }: { names: string[] }) {
  if (!names.length) return <>{USER_TEXTS.ninguna}</>;
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
  cityNames: (ids: readonly string[]) => string[];
}

export function userColumns(actions: UserColumnActions): ListColumn<UserRow>[] {
  return [
    { key: 'nombres', header: USER_TEXTS.nombres, minWidth: 130, render: (u) => u.nombres },
    { key: 'apellidos', header: USER_TEXTS.apellidos, minWidth: 140, render: (u) => u.apellidos },
    { key: 'identificacion', header: USER_TEXTS.identificacion, minWidth: 130, render: (u) => u.identificacion },
    { key: 'telefono', header: USER_TEXTS.telefono, minWidth: 110, render: (u) => u.telefono },
    { key: 'email', header: USER_TEXTS.email, minWidth: 200, render: (u) => u.email },
    { key: 'cargo', header: USER_TEXTS.cargo, minWidth: 150, render: (u) => u.cargo },
    { key: 'area', header: USER_TEXTS.areaColumna, minWidth: 130, render: (u) => u.area },
    {
      key: 'ciudades',
      header: USER_TEXTS.ciudades,
      minWidth: 160,
      render: (u) => <Cities names={actions.cityNames(u.ciudades)} />,
    },
    { key: 'estado', header: USER_TEXTS.estado, render: (u) => <EstadoChip estado={u.estado} /> },
    {
      key: 'acciones',
      header: LIST_TEXTS.acciones,
      stickyRight: true,
      render: (u) => (
        <RowActions>
          <RowAction
            label={LIST_TEXTS.editar}
            icon={<EditOutlined fontSize="small" />}
            onClick={() => actions.edit(u)}
          />
          <RowAction
            label={LIST_TEXTS.eliminar}
            icon={<DeleteOutlineOutlined fontSize="small" />}
            color="error"
            onClick={() => actions.deactivate(u)}
            // Inactive already, or the viewer's own row: there is nothing the button could do.
            disabled={!u.estado || (u.actions.edit && !u.actions.deactivate)}
          />
          {u.actions.assignCities && (
            <RowAction
              label={USER_TEXTS.asignarCiudades}
              icon={<LocationCityOutlined fontSize="small" />}
              onClick={() => actions.assignCities(u)}
            />
          )}
        </RowActions>
      ),
    },
  ];
}
