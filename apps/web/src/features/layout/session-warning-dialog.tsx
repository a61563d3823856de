import { useId, useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LABELS, MSG, fmt } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { useConnection } from '../../lib/connection';
import { renewSession } from '../../lib/session';
import { formatTimeLeft } from '../../lib/session-timer';
import { PasswordField } from '../../components/password-field';
import { ButtonSpinner } from '../../components/button-spinner';

const L = LABELS.sesion;

/** What the server said, under the password: a wrong one, too many attempts, no connection. */
function renewErrorMessage(e: unknown): string {
  if (!isApiError(e)) return MSG.algoSalioMal;
  if (e.status === 400) return e.body.issues?.find((i) => i.path === 'password')?.message ?? e.message;
  if (e.status === 0 || e.status === 401 || e.status === 429) return e.message;
  return MSG.algoSalioMal;
}

export interface SessionWarningDialogProps {
  open: boolean;
  /** The session's time left, as the warning counts it. */
  msLeft: number;
  /** Whose password is asked (shown, and offered to the browser's password manager). */
  email: string;
  onClose: () => void;
}

/**
 * Seguir conectado: the user's password again starts the session over (lib/session.ts
 * renewSession). A dialog over the screen, so nothing behind it unmounts or navigates: drafts,
 * the chat's outbox and the open tab stay as they are. A wrong password says so under the field.
 */
export function SessionWarningDialog({ open, msLeft, email, onClose }: SessionWarningDialogProps) {
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A double submit must not send the password twice (each failure counts).
  const sending = useRef(false);
  const { reason: offline } = useConnection();

  const close = () => {
    if (sending.current) return;
    setPassword('');
    setError(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current || offline) return;
    if (!password) {
      setError(MSG.contrasenaRequerida);
      return;
    }
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      await renewSession(password);
      sending.current = false;
      close();
    } catch (err) {
      setError(renewErrorMessage(err));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      data-testid="session-renew-dialog"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700, color: 'primary.dark' }}>
        {L.seguirConectadoTitulo}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography role="timer" sx={{ fontWeight: 600 }}>
            {fmt(MSG.sesionPorTerminar, { tiempo: formatTimeLeft(msLeft) })}
          </Typography>
          <Typography color="text.secondary">{L.seguirConectadoTexto}</Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {email}
          </Typography>
          {/* For the browser's password manager: whose password this is. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            id="session-renew-password"
            name="password"
            label={MSG.contrasena}
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ?? offline}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={busy} color="inherit">
          {MSG.cancelar}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || !!offline}
          startIcon={busy ? <ButtonSpinner /> : undefined}
        >
          {L.seguirConectado}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
