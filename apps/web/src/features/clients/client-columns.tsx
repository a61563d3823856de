import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import { LABELS } from '@vialex/domain';
import { EstadoChip } from '../../components/list/estado-chip';
import { ListCard } from '../../components/list/list-card';
import { RowAction, RowActions } from '../../components/list/row-action';
import { identificationOrName, type QuickSearch } from '../../components/list/quick-search';
import type { ListColumn, RenderCard } from '../../components/list/types';
import type { ClientRow } from './api/list-clients';

export interface ClientColumnActions {
  /** Whether the viewer may write clients (the cargo table, and the page's `permissions.write`). */
  canWrite: boolean;
  edit: (c: ClientRow) => void;
  deactivate: (c: ClientRow) => void;
  /** 'Quién consultó sus datos': only for a cargo that may read a client's access log (the Administrador). */
  accessLog?: (c: ClientRow) => void;
}

/** The phone's one search field: digits are the identification number, words the name. */
export const CLIENT_QUICK_SEARCH: QuickSearch = {
  label: LABELS.clientes.buscarRapido,
  toCriteria: identificationOrName,
};

/**
 * Editar and Eliminar, only for a cargo that may write clients (Eliminar disabled on an inactive
 * client); 'Quién consultó sus datos' for who may read the access log.
 */
function ClientActions({ c, actions, labelled }: { c: ClientRow; actions: ClientColumnActions; labelled: boolean }) {
  if (!hasActions(actions)) return null;
  return (
    <RowActions labelled={labelled}>
      {actions.canWrite && (
        <>
          <RowAction
            label={LABELS.list.editar}
            icon={<EditOutlined fontSize="small" />}
            onClick={() => actions.edit(c)}
            labelled={labelled}
          />
          <RowAction
            label={LABELS.list.eliminar}
            icon={<DeleteOutlineOutlined fontSize="small" />}
            color="error"
            onClick={() => actions.deactivate(c)}
            disabled={!c.estado}
            labelled={labelled}
          />
        </>
      )}
      {actions.accessLog && (
        <RowAction
          label={LABELS.privacidad.accesos}
          icon={<ManageSearchOutlined fontSize="small" />}
          onClick={() => actions.accessLog?.(c)}
          labelled={labelled}
          testId="client-access-log"
        />
      )}
    </RowActions>
  );
}

const hasActions = (actions: ClientColumnActions) => actions.canWrite || !!actions.accessLog;

const city = (c: ClientRow) => (
  <>
    {c.ciudadNombre}
    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {c.departamento}
    </Typography>
  </>
);

/** An anonymised client's identification is a placeholder of no person's: shown as none. */
const identification = (c: ClientRow) => (c.anonimizado ? '—' : c.identificacion);

/** LISTA DE CLIENTES's columns (spec 1 §2): the name stays at the left, the actions at the right. */
export function clientColumns(actions: ClientColumnActions): ListColumn<ClientRow>[] {
  const columns: ListColumn<ClientRow>[] = [
    { key: 'nombres', header: LABELS.clientes.nombres, sticky: 'left', width: 140, render: (c) => c.nombres },
    { key: 'apellidos', header: LABELS.clientes.apellidos, sticky: 'left', width: 160, render: (c) => c.apellidos },
    { key: 'tipo', header: LABELS.clientes.tipo, render: (c) => c.tipoidentificacion },
    { key: 'identificacion', header: LABELS.clientes.identificacion, render: identification },
    { key: 'telefono', header: LABELS.clientes.telefono, render: (c) => c.telefono },
    { key: 'ciudad', header: LABELS.clientes.ciudad, minWidth: 130, render: city },
    { key: 'direccion', header: LABELS.clientes.direccion, minWidth: 160, render: (c) => c.direccion },
    { key: 'estado', header: LABELS.clientes.estado, render: (c) => <EstadoChip estado={c.estado} /> },
  ];
  if (!hasActions(actions)) return columns;
  return [
    ...columns,
    {
      key: 'acciones',
      header: LABELS.list.acciones,
      sticky: 'right',
      width: 16 + 44 * ((actions.canWrite ? 2 : 0) + (actions.accessLog ? 1 : 0)),
      render: (c) => <ClientActions c={c} actions={actions} labelled={false} />,
    },
  ];
}

/** A client as a phone card: the name, the identification, phone and city, the state and the actions. */
export function clientCard(actions: ClientColumnActions): RenderCard<ClientRow> {
  return function ClientCard(c) {
    return (
      <ListCard
        title={`${c.nombres} ${c.apellidos}`}
        subtitle={c.anonimizado ? identification(c) : `${c.tipoidentificacion} ${c.identificacion}`}
        status={<EstadoChip estado={c.estado} />}
        fields={[
          { label: LABELS.clientes.telefono, value: c.telefono },
          { label: LABELS.clientes.ciudad, value: city(c) },
        ]}
        actions={hasActions(actions) && <ClientActions c={c} actions={actions} labelled />}
      />
    );
  };
}
