import { useState } from 'react';
import type { Disponibilidad } from '@vialex/domain';
import { LABELS, ESTADO_USUARIO, MSG, normalizeDisponibilidad } from '@vialex/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { Feedback } from '../../components/list/use-feedback';
import { describeUser, type StatusRow } from './api/list-user-status';
import { useUpdateUserAvailability } from './api/update-user-availability';
import { RadioStatusDialog } from './radio-status-dialog';

const OPTIONS = ESTADO_USUARIO.map((e) => ({ value: e.value, label: e.title, color: e.color, disabled: !e.manual }));

/**
 * Update availability (spec 1 §4): the two busy values follow the open cases and can't be
 * picked; a pick is confirmed first and cancelling shows the previous value again.
 */
export function AvailabilityDialog({
  user,
  onClose,
  feedback,
}: {
  user: StatusRow | null;
  onClose: () => void;
  feedback: Feedback;
}) {
  const mutation = useUpdateUserAvailability();
  const [shown, setShown] = useState<StatusRow | null>(null);
  const [pending, setPending] = useState<Disponibilidad | null>(null);
  if (user && user !== shown) {
    setShown(user);
    setPending(null);
  }
  const current = normalizeDisponibilidad(shown?.disponibilidad);

  const save = async () => {
    if (!shown || !pending) return;
    try {
      await mutation.mutateAsync({ id: shown.id, disponibilidad: pending });
      onClose();
      feedback.success();
    } catch (e) {
      feedback.fail(e);
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <RadioStatusDialog
        open={user !== null}
        title={LABELS.estadoUsuarios.actualizarDisponibilidad}
        subtitle={shown ? describeUser(shown) : ''}
        options={OPTIONS}
        value={pending ?? current}
        onPick={(v) => v !== current && setPending(v as Disponibilidad)}
        onClose={onClose}
      />
      <ConfirmDialog
        open={pending !== null}
        title={MSG.actualizarEstadoTitulo}
        text={MSG.actualizarEstadoTexto}
        busy={mutation.isPending}
        onConfirm={save}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
