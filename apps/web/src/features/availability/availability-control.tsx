import { hasAvailabilityControl } from '@vialex/domain';
import { useCurrentUser } from '../../lib/session';
import { AvailabilityPicker } from './availability-picker';
import { useUpdateAvailability } from './api/update-availability';

/** Only the field cargos of spec 1 §6 see and set their availability. */
export function AvailabilityControl() {
  const me = useCurrentUser();
  const mutation = useUpdateAvailability();
  if (!hasAvailabilityControl(me.cargo)) return null;
  return <AvailabilityPicker value={me.disponibilidad} onConfirm={(v) => mutation.mutateAsync(v)} />;
}
