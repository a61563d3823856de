import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import { LABELS, SIN_POLIZA, momentText } from '@vialex/domain';
import { EstadoChip } from '../../components/list/estado-chip';
import { ListCard } from '../../components/list/list-card';
import { RowAction, RowActions } from '../../components/list/row-action';
import { startsWith, type QuickSearch } from '../../components/list/quick-search';
import type { ListColumn, RenderCard } from '../../components/list/types';
import type { VehicleRow } from './api/vehicles';

export interface VehicleColumnActions {
  /** Whether the viewer may write vehicles (the cargo table, and the page's `permissions.write`). */
  canWrite: boolean;
  edit: (v: VehicleRow) => void;
  deactivate: (v: VehicleRow) => void;
}

/** The phone's one search field: the start of a plate (spaces and dashes dropped). */
export const VEHICLE_QUICK_SEARCH: QuickSearch = {
  label: LABELS.vehiculos.buscarRapido,
  toCriteria: (text) => startsWith('placa', text.replace(/[\s]/g, '')),
};

/** Editar and Inactivar, only for a cargo that may write vehicles; Inactivar disabled on an inactive vehicle. */
function VehicleActions({ v, actions, labelled }: { v: VehicleRow; actions: VehicleColumnActions; labelled: boolean }) {
  if (!actions.canWrite) return null;
  return (
    <RowActions labelled={labelled}>
      <RowAction
        label={LABELS.list.editar}
        icon={<EditOutlined fontSize="small" />}
        onClick={() => actions.edit(v)}
        labelled={labelled}
      />
      <RowAction
        label={LABELS.vehiculos.eliminar}
        icon={<DeleteOutlineOutlined fontSize="small" />}
        color="error"
        onClick={() => actions.deactivate(v)}
        disabled={!v.estado}
        labelled={labelled}
      />
    </RowActions>
  );
}

/** The owner as the spec shows it: names, then the identificación (spec 3 §2). */
function owner(v: VehicleRow) {
  if (!v.cliente)
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {LABELS.vehiculos.sinCliente}
      </Typography>
    );
  return (
    <>
      {`${v.cliente.nombres} ${v.cliente.apellidos}`}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {`${v.cliente.tipoidentificacion} ${v.cliente.identificacion}`}
      </Typography>
    </>
  );
}

const poliza = (v: VehicleRow) => v.poliza ?? SIN_POLIZA;

/** The vehicle list's columns (spec 3 §2): the plate stays at the left, the actions at the right. */
export function vehicleColumns(actions: VehicleColumnActions): ListColumn<VehicleRow>[] {
  const columns: ListColumn<VehicleRow>[] = [
    {
      key: 'placa',
      header: LABELS.vehiculos.placa,
      sticky: 'left',
      width: 110,
      render: (v) => <strong>{v.placa}</strong>,
    },
    { key: 'carroceria', header: LABELS.vehiculos.carroceria, minWidth: 120, render: (v) => v.carroceria },
    { key: 'clase', header: LABELS.vehiculos.clase, minWidth: 120, render: (v) => v.clase },
    { key: 'linea', header: LABELS.vehiculos.linea, minWidth: 110, render: (v) => v.linea },
    { key: 'marca', header: LABELS.vehiculos.marca, minWidth: 110, render: (v) => v.marca },
    { key: 'modelo', header: LABELS.vehiculos.modelo, render: (v) => v.modelo },
    { key: 'poliza', header: LABELS.vehiculos.poliza, minWidth: 130, render: poliza },
    { key: 'servicio', header: LABELS.vehiculos.servicio, render: (v) => v.servicio },
    { key: 'cliente', header: LABELS.vehiculos.cliente, minWidth: 180, render: owner },
    { key: 'creado', header: LABELS.vehiculos.creado, minWidth: 130, render: (v) => momentText(v.creado) },
    { key: 'estado', header: LABELS.vehiculos.estado, render: (v) => <EstadoChip estado={v.estado} /> },
  ];
  if (!actions.canWrite) return columns;
  return [
    ...columns,
    {
      key: 'acciones',
      header: LABELS.list.acciones,
      sticky: 'right',
      width: 104,
      render: (v) => <VehicleActions v={v} actions={actions} labelled={false} />,
    },
  ];
}

/** A vehicle as a phone card: the plate, what it is, its owner and policy, the state and the actions. */
export function vehicleCard(actions: VehicleColumnActions): RenderCard<VehicleRow> {
  return function VehicleCard(v) {
    return (
      <ListCard
        title={v.placa}
        subtitle={`${v.marca} ${v.linea} · ${v.modelo}`}
        status={<EstadoChip estado={v.estado} />}
        fields={[
          { label: LABELS.vehiculos.clase, value: `${v.clase} · ${v.carroceria}` },
          { label: LABELS.vehiculos.servicio, value: v.servicio },
          { label: LABELS.vehiculos.poliza, value: poliza(v) },
          { label: LABELS.vehiculos.cliente, value: owner(v) },
        ]}
        actions={actions.canWrite && <VehicleActions v={v} actions={actions} labelled />}
      />
    );
  };
}
