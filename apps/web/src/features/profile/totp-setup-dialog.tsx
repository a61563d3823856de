import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LABELS, MSG, type TotpSetup } from '@vialex/domain';
import { ButtonSpinner } from '../../components/button-spinner';
import { TotpKey } from '../../components/totp-key';
import { usePendingAction } from '../../lib/use-pending-action';

const L = LABELS.segundoFactor;

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : MSG.algoSalioMal);

/**
 * The authenticator app's setup (its key came with `setup`): the QR code, the key to type by hand
 * with Copiar clave, and the app's first code; ACTIVAR answers the server's message when wrong.
 */
export function TotpSetupDialog({
  setup,
  onActivate,
  onClose,
}: {
  setup: TotpSetup | null;
  /** Sends the code; rejects with the message to show. */
  onActivate: (code: string) => Promise<void>;
  onClose: () => void;
}) {
  const [code, setCode] = useState('');
  const { busy, error, setError, run } = usePendingAction();
  const close = () => {
    setCode('');
    setError(null);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    return run(async () => {
      await onActivate(code);
      setCode('');
    }, messageOf);
  };
  return (
    <Dialog
      open={!!setup}
      onClose={busy ? undefined : close}
      maxWidth="xs"
      fullWidth
      aria-labelledby="totp-title"
      data-testid="totp-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="totp-title">{L.configurarApp}</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5}>
            <Typography>{L.escaneeQr}</Typography>
            {setup && <TotpKey setup={setup} size={180} />}
            <Typography>{L.ingreseCodigoApp}</Typography>
            <TextField
              label={L.codigo}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              error={!!error}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'totp-code' } }}
            />
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={close} disabled={busy}>
            {MSG.cancelar}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !code.trim()}
            startIcon={busy ? <ButtonSpinner /> : undefined}
          >
            {L.activar}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
