import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ChangePasswordInput } from '@vialex/domain';
import { MSG, changePasswordSchema } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { PasswordField } from '../../components/password-field';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorDialog, MessageDialog } from '../../components/message-dialog';
import { useChangePassword } from './api/change-password';

type Step = 'form' | 'confirm' | 'success' | 'error';

const FIELDS: readonly (keyof ChangePasswordInput)[] = ['currentPassword', 'password', 'confirmPassword'];
const EMPTY: ChangePasswordInput = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * Change own password: the current password, the new one and its confirmation, then a
 * confirmation, then the success or failure popup, each over the form. A wrong current password
 * comes back from the server under its field.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const mutation = useChangePassword();
  const [step, setStep] = useState<Step>('form');
  const [pending, setPending] = useState<ChangePasswordInput | null>(null);
  const [failure, setFailure] = useState<string>(MSG.algoSalioMal);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    // The rules are shown while typing, so the user sees which one is still missing.
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const field = (name: keyof ChangePasswordInput) => {
    const { ref, ...rest } = register(name, name === 'password' ? { deps: ['confirmPassword'] } : undefined);
    return { ...rest, inputRef: ref };
  };

  const close = () => {
    reset();
    setStep('form');
    setPending(null);
    onClose();
  };

  const save = async () => {
    if (!pending) return;
    try {
      await mutation.mutateAsync(pending);
      setStep('success');
    } catch (e) {
      const issues =
        isApiError(e) && e.status === 400
          ? (e.body.issues ?? []).filter((i) => (FIELDS as readonly string[]).includes(i.path))
          : [];
      if (issues.length) {
        for (const issue of issues)
          setError(issue.path as keyof ChangePasswordInput, { type: 'server', message: issue.message });
        setStep('form');
      } else {
        // Too many attempts says so; anything else is the spec's 'Algo salió mal' (spec 1 §8).
        setFailure(isApiError(e) && e.status === 429 ? e.message : MSG.algoSalioMal);
        setStep('error');
      }
    }
  };

  return (
    <>
      {/* The form stays open under the confirmation and the popups that follow it: dialogs swapped
          in one step could leave the page hidden from assistive technology (aria-hidden) when
          the last one closed. */}
      <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="change-password-title">
        <form
          noValidate
          onSubmit={handleSubmit((values) => {
            setPending(values);
            setStep('confirm');
          })}
        >
          <DialogTitle id="change-password-title">{MSG.cambiarContrasena}</DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <PasswordField
                {...field('currentPassword')}
                id="current-password"
                label={MSG.contrasenaActual}
                autoComplete="current-password"
                error={!!errors.currentPassword}
                helperText={errors.currentPassword?.message}
                autoFocus
              />
              <PasswordField
                {...field('password')}
                id="new-password"
                label={MSG.nuevaContrasena}
                autoComplete="new-password"
                error={!!errors.password}
                helperText={errors.password?.message}
              />
              <PasswordField
                {...field('confirmPassword')}
                id="confirm-password"
                label={MSG.confirmarContrasena}
                autoComplete="new-password"
                error={!!errors.confirmPassword}
                helperText={errors.confirmPassword?.message}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} color="inherit">
              {MSG.cancelar}
            </Button>
            <Button type="submit" variant="contained">
              {MSG.guardar}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmDialog
        open={open && step === 'confirm'}
        title={MSG.passConfirmarTitulo}
        busy={mutation.isPending}
        onConfirm={save}
        onCancel={() => setStep('form')}
      />
      <MessageDialog open={open && step === 'success'} kind="success" onClose={close} />
      <ErrorDialog open={open && step === 'error'} message={failure} onClose={() => setStep('form')} />
    </>
  );
}
