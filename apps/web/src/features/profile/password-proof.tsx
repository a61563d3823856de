import { useCallback, useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { LABELS, MSG } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { PasswordField } from '../../components/password-field';
import { ButtonSpinner } from '../../components/button-spinner';
import { usePendingAction } from '../../lib/use-pending-action';
import { confirmPassword, isProofRequired } from './api/second-factor';

const L = LABELS.segundoFactor;

/** Thrown by `withProof` when the user closes the password dialog: nothing to report. */
export class ProofCancelled extends Error {}

/**
 * Every change of one's factors needs a recent proof of the password: `withProof(action)` runs
 * the action and, when the server asks for that proof, shows 'Confirme su contraseña' and runs it
 * again once the password is right.
 */
export function usePasswordProof() {
  const [open, setOpen] = useState(false);
  const waiting = useRef<{ resolve: () => void; reject: (e: Error) => void } | null>(null);

  const withProof = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (e) {
      if (!isProofRequired(e)) throw e;
      await new Promise<void>((resolve, reject) => {
        waiting.current = { resolve, reject };
        setOpen(true);
      });
      return action();
    }
  }, []);

  const dialog = (
    <PasswordProofDialog
      open={open}
      onProven={() => {
        setOpen(false);
        waiting.current?.resolve();
        waiting.current = null;
      }}
      onCancel={() => {
        setOpen(false);
        waiting.current?.reject(new ProofCancelled());
        waiting.current = null;
      }}
    />
  );
  return { withProof, proofDialog: dialog };
}

function PasswordProofDialog({
  open,
  onProven,
  onCancel,
}: {
  open: boolean;
  onProven: () => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const { busy, error, setError, run } = usePendingAction();
  const finish = (then: () => void) => {
    setPassword('');
    setError(null);
    then();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError(MSG.contrasenaRequerida);
    return run(
      async () => {
        await confirmPassword(password);
        finish(onProven);
      },
      (err) => (isApiError(err) ? err.message : MSG.algoSalioMal),
    );
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : () => finish(onCancel)}
      maxWidth="xs"
      fullWidth
      aria-labelledby="proof-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="proof-title">{L.confirmarIdentidadTitulo}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{MSG.confirmarIdentidad}</DialogContentText>
          <PasswordField
            id="proof-password"
            label={MSG.contrasena}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            autoFocus
            fullWidth
            error={!!error}
            helperText={error}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={() => finish(onCancel)} disabled={busy}>
            {MSG.cancelar}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <ButtonSpinner /> : undefined}>
            {L.confirmar}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
