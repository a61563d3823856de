import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PasswordPairInput } from '@vialex/domain';
import { MSG, passwordPair } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormPasswordField } from '../../components/list/form-fields';
import { FormDialog } from '../../components/list/form-dialog';
import type { Feedback } from '../../components/list/use-feedback';
import { describeUser, type StatusRow } from './api/list-user-status';
import { useChangeUserPassword } from './api/change-user-password';

const EMPTY: PasswordPairInput = { password: '', confirmPassword: '' };

/** Change another user's password (Administrador): the password rules, a confirmation, then the popup. */
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
  const { control, handleSubmit, reset, setError } = useForm<PasswordPairInput>({
    resolver: zodResolver(passwordPair),
    // The rules show while typing, so the administrator sees which one is still missing.
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  if (user && user !== shown) {
    setShown(user);
    setPending(null);
  }
  useEffect(() => {
    if (user) reset(EMPTY);
  }, [user, reset]);

  const save = async () => {
    if (!shown || !pending) return;
    try {
      await mutation.mutateAsync({ id: shown.id, values: pending });
      onClose();
      feedback.success();
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
