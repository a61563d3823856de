import { useState } from 'react';
import { FEEDBACK, MSG, PAGE_SIZE, TITLES, can, fmt } from '@vialex/domain';
import { useCurrentUser } from '../../lib/session';
import { PageTitle } from '../../components/page-title';
import { CriteriaPanel } from '../../components/list/criteria-panel';
import { PagedTable } from '../../components/list/paged-table';
import { useConfirm } from '../../components/list/use-confirm';
import { deactivateAfterConfirm } from '../../components/list/deactivate';
import { useFeedback } from '../../components/list/use-feedback';
import { useHighlightedRow } from '../../components/list/use-highlighted-row';
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
  const feedback = useFeedback();
  const { confirm, element: confirmDialog } = useConfirm();
  const deactivate = useDeactivateVehicle();
  const [target, setTarget] = useState<VehicleRow | 'new' | null>(null);
  const { highlightedId, highlight, clear } = useHighlightedRow();
  const open = (next: VehicleRow | 'new') => {
    clear();
    setTarget(next);
  };

  // Others get the spec's info popup (spec 3 §6) should a write reach them.
  const ifAllowed = (action: () => void) => (list.canWrite === false ? feedback.unauthorized() : action());
  const me = useCurrentUser();
  const rowActions = {
    canWrite: can(me.cargo, 'vehiculos.write') && list.canWrite !== false,
    edit: (v: VehicleRow) => ifAllowed(() => open(v)),
    deactivate: (v: VehicleRow) =>
      ifAllowed(async () => {
        const done = () => deactivate.mutateAsync(v.id);
        const detail = fmt(FEEDBACK.vehiculoInactivado, { placa: v.placa });
        if (await deactivateAfterConfirm(confirm, feedback, done, detail, { successTitle: MSG.exitoSinTilde }))
          highlight(v.id);
      }),
  };

  return (
    <>
      <PageTitle title={TITLES.vehiculos} />
      <CriteriaPanel
        fields={VEHICLE_FIELDS}
        quickSearch={VEHICLE_QUICK_SEARCH}
        onSearch={list.search}
        onNew={rowActions.canWrite ? () => open('new') : undefined}
      />
      <PagedTable
        list={list}
        columns={vehicleColumns(rowActions)}
        renderCard={vehicleCard(rowActions)}
        label={TITLES.vehiculos}
        getRowId={rowId}
        highlightedId={highlightedId}
      />
      <VehicleFormDialog
        target={target}
        onClose={() => setTarget(null)}
        onSaved={(saved, created) => {
          setTarget(null);
          feedback.success(
            fmt(created ? FEEDBACK.vehiculoCreado : FEEDBACK.vehiculoActualizado, { placa: saved.placa }),
            MSG.exitoSinTilde,
          );
          highlight(saved.id);
        }}
        feedback={feedback}
      />
      {confirmDialog}
      {feedback.element}
    </>
  );
}
