import { useState } from 'react';
import { LABELS, MSG } from '@vialex/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { Feedback } from '../../components/list/use-feedback';
import { describeUser, type StatusRow } from './api/list-user-status';
import { useForceLogout } from './api/force-logout';
import { RadioStatusDialog } from './radio-status-dialog';

const LOGGED = 'true';
const OUT = 'false';
// LOGUEADO is shown but disabled: an administrator can only force a log-out (spec 1 §4).
const OPTIONS = [
  { value: LOGGED, label: MSG.logueado, disabled: true },
  { value: OUT, label: MSG.desloguear },
];

/** Update login state: DESLOGUEAR after '¿Está seguro de actualizar?'; cancelling restores LOGUEADO. */
export function LoginStateDialog({
  user,
  onClose,
  feedback,
}: {
  user: StatusRow | null;
  onClose: () => void;
  feedback: Feedback;
}) {
  const mutation = useForceLogout();
  const [shown, setShown] = useState<StatusRow | null>(null);
  const [pending, setPending] = useState(false);
  if (user && user !== shown) {
    setShown(user);
    setPending(false);
  }
  const current = shown?.login ? LOGGED : OUT;

  const save = async () => {
    if (!shown) return;
    try {
      await mutation.mutateAsync(shown.id);
      onClose();
      feedback.success();
    } catch (e) {
      feedback.fail(e);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <RadioStatusDialog
        open={user !== null}
        title={LABELS.estadoUsuarios.actualizarLogin}
        subtitle={shown ? describeUser(shown) : ''}
        options={OPTIONS}
        value={pending ? OUT : current}
        onPick={(v) => v === OUT && current === LOGGED && setPending(true)}
        onClose={onClose}
      />
      <ConfirmDialog
        open={pending}
        title={MSG.seguroActualizar}
        busy={mutation.isPending}
        onConfirm={save}
        onCancel={() => setPending(false)}
      />
    </>
  );
}
