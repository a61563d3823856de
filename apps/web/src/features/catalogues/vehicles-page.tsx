import { FEEDBACK, MSG, PAGE_SIZE, TITLES, can, fmt } from '@vialex/domain';
import { useCurrentUser } from '../../lib/session';
import { PageTitle } from '../../components/page-title';
import { CriteriaPanel } from '../../components/list/criteria-panel';
import { PagedTable } from '../../components/list/paged-table';
import { useRowEditing } from '../../components/list/use-row-editing';
import { usePagedList } from '../../components/list/use-paged-list';
import { VEHICLE_FIELDS, fetchVehicles, useDeactivateVehicle, vehicleListKey, type VehicleRow } from './api/vehicles';
import { VehicleFormDialog } from './vehicle-form-dialog';
import { VEHICLE_QUICK_SEARCH, vehicleCard, vehicleColumns } from './vehicle-columns';

const rowId = (v: VehicleRow) => v.id;

/**
 * The vehicle list (spec 3 §2): vehicles with a plate, by placa, 10 per page with keyset paging,
 * live; AGREGAR / ACTUALIZAR and deactivate for the contact-centre desk (spec 3 §6).
 */
export default function VehiclesPage() {
  const list = usePagedList(vehicleListKey, fetchVehicles, { limit: PAGE_SIZE });
  const rows = useRowEditing<VehicleRow>();
  const deactivate = useDeactivateVehicle();
  // Others get the spec's info popup (spec 3 §6) should a write reach them.
  const ifAllowed = (action: () => void) => rows.ifAllowed(list.canWrite, action);
  const me = useCurrentUser();
  const rowActions = {
    canWrite: can(me.cargo, 'vehiculos.write') && list.canWrite !== false,
    edit: (v: VehicleRow) => ifAllowed(() => rows.open(v)),
    deactivate: (v: VehicleRow) =>
      ifAllowed(
        () =>
          void rows.confirmWrite(
            v,
            () => deactivate.mutateAsync(v.id),
            fmt(FEEDBACK.vehiculoInactivado, { placa: v.placa }),
            { successTitle: MSG.exito },
          ),
      ),
  };

  return (
    <>
      <PageTitle title={TITLES.vehiculos} />
      <CriteriaPanel
        fields={VEHICLE_FIELDS}
        quickSearch={VEHICLE_QUICK_SEARCH}
        onSearch={list.search}
        onNew={rowActions.canWrite ? () => rows.open('new') : undefined}
      />
      <PagedTable
        list={list}
        columns={vehicleColumns(rowActions)}
        renderCard={vehicleCard(rowActions)}
        label={TITLES.vehiculos}
        getRowId={rowId}
        highlightedId={rows.highlightedId}
      />
      <VehicleFormDialog
        target={rows.target}
        onClose={rows.close}
        onSaved={(saved, created) =>
          rows.saved(
            saved,
            fmt(created ? FEEDBACK.vehiculoCreado : FEEDBACK.vehiculoActualizado, { placa: saved.placa }),
            MSG.exito,
          )
        }
        feedback={rows.feedback}
      />
      {rows.elements}
    </>
  );
}
