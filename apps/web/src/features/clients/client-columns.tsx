import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import { EstadoChip } from '../../components/list/estado-chip';
import { RowAction, RowActions } from '../../components/list/row-action';
import { LIST_TEXTS } from '../../components/list/texts';
import type { ListColumn } from '../../components/list/types';
import type { ClientRow } from './api/list-clients';
import { CLIENT_TEXTS } from './texts';

export function clientColumns(actions: {
  edit: (c: ClientRow) => void;
  deactivate: (c: ClientRow) => void;
}): ListColumn<ClientRow>[] {
  return [
    { key: 'nombres', header: CLIENT_TEXTS.nombres, minWidth: 120, render: (c) => c.nombres },
    { key: 'apellidos', header: CLIENT_TEXTS.apellidos, minWidth: 130, render: (c) => c.apellidos },
    { key: 'tipo', header: CLIENT_TEXTS.tipo, render: (c) => c.tipoidentificacion },
    { key: 'identificacion', header: CLIENT_TEXTS.identificacion, render: (c) => c.identificacion },
    { key: 'telefono', header: CLIENT_TEXTS.telefono, render: (c) => c.telefono },
    {
      key: 'ciudad',
      header: CLIENT_TEXTS.ciudad,
      minWidth: 130,
      render: (c) => (
        <>
          {c.ciudadNombre}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {c.departamento}
          </Typography>
        </>
      ),
    },
    { key: 'direccion', header: CLIENT_TEXTS.direccion, minWidth: 160, render: (c) => c.direccion },
    { key: 'estado', header: CLIENT_TEXTS.estado, render: (c) => <EstadoChip estado={c.estado} /> },
    {
      key: 'acciones',
      header: LIST_TEXTS.acciones,
      stickyRight: true,
      render: (c) => (
        <RowActions>
          <RowAction
            label={LIST_TEXTS.editar}
            icon={<EditOutlined fontSize="small" />}
            onClick={() => actions.edit(c)}
          />
          <RowAction
            label={LIST_TEXTS.eliminar}
            icon={<DeleteOutlineOutlined fontSize="small" />}
            color="error"
            onClick={() => actions.deactivate(c)}
            disabled={!c.estado}
          />
        </RowActions>
      ),
    },
  ];
}
