import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PasswordPairInput } from '@vialex/domain';
import { FEEDBACK, LABELS, MSG, fmt, passwordPair } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormPasswordField } from '../../components/list/form-fields';
import { FormDialog } from '../../components/list/form-dialog';
import type { Feedback } from '../../components/list/use-feedback';
import { describeUser, type StatusRow } from './api/list-user-status';
import { useChangeUserPassword } from './api/change-user-password';

const EMPTY: PasswordPairInput = { password: '', confirmPassword: '' };
const L = LABELS.segundoFactor;

/**
 * Change another user's password (Administrador): the password rules, a confirmation, then the
 * popup. Ticked, the reset also removes the user's second factor (a lost phone or passkey).
 */
export function UserPasswordDialog({
  user,
  onClose,
  feedback,
}: {
  user: StatusRow | null;
  onClose: () => void;
  feedback: Feedback;
}) {
  const mutation = useChangeUserPassword();
  const [shown, setShown] = useState<StatusRow | null>(null);
  const [pending, setPending] = useState<PasswordPairInput | null>(null);
  const [removeFactor, setRemoveFactor] = useState(false);
  const { control, handleSubmit, reset, setError } = useForm<PasswordPairInput>({
    resolver: zodResolver(passwordPair),
    // The rules show while typing, so the administrator sees which one is still missing.
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  if (user && user !== shown) {
    setShown(user);
    setPending(null);
    setRemoveFactor(false);
  }
  useEffect(() => {
    if (user) reset(EMPTY);
  }, [user, reset]);

  const save = async () => {
    if (!shown || !pending) return;
    try {
      await mutation.mutateAsync({
        id: shown.id,
        values: removeFactor ? { ...pending, quitarSegundoFactor: true } : pending,
      });
      onClose();
      feedback.success(
        removeFactor
          ? fmt(FEEDBACK.contrasenaRestablecidaSinFactor, { nombre: `${shown.nombres} ${shown.apellidos}` })
          : undefined,
      );
    } catch (e) {
      if (isApiError(e) && (e.status === 403 || e.status === 429 || (e.status === 400 && e.body.issues?.length))) {
        feedback.fail(e, { setError, fields: ['password', 'confirmPassword'] });
      } else {
        // The spec's message for a failed password change (spec 1 §8).
        feedback.error(MSG.algoSalioMal);
      }
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <FormDialog
        open={user !== null}
        title={MSG.cambiarContrasena}
        onClose={onClose}
        onSubmit={handleSubmit(setPending)}
        busy={mutation.isPending}
        maxWidth="xs"
      >
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Typography color="text.secondary">{shown ? describeUser(shown) : ''}</Typography>
          <FormPasswordField
            control={control}
            name="password"
            id="user-password"
            label={MSG.nuevaContrasena}
            deps={['confirmPassword']}
          />
          <FormPasswordField
            control={control}
            name="confirmPassword"
            id="user-confirmPassword"
            label={MSG.confirmarContrasena}
          />
          <div>
            <FormControlLabel
              control={
                <Checkbox
                  checked={removeFactor}
                  onChange={(e) => setRemoveFactor(e.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'user-password-factor-help' } as object }}
                  data-testid="reset-remove-factor"
                />
              }
              label={L.quitarAlRestablecer}
            />
            <FormHelperText id="user-password-factor-help" sx={{ ml: 4 }}>
              {L.quitarAlRestablecerAyuda}
            </FormHelperText>
          </div>
        </Stack>
      </FormDialog>
      <ConfirmDialog
        open={pending !== null}
        title={MSG.passConfirmarTitulo}
        busy={mutation.isPending}
        onConfirm={save}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
