import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { LABELS, MSG, type TotpSetup } from '@vialex/domain';
import { ButtonSpinner } from '../../components/button-spinner';
import { showToast } from '../../lib/toasts';

const L = LABELS.segundoFactor;

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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setCode('');
    setError(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onActivate(code);
      setCode('');
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : MSG.algoSalioMal);
    } finally {
      setBusy(false);
    }
  };
  const copyKey = async () => {
    if (!setup) return;
    await navigator.clipboard?.writeText(setup.secreto);
    showToast('perfil', L.claveCopiada, { variant: 'success' });
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
            {setup && (
              <Box
                component="img"
                src={setup.qr}
                alt={L.qrAlt}
                sx={{ width: 180, height: 180, alignSelf: 'center', bgcolor: '#fff' }}
              />
            )}
            <Typography variant="body2" color="text.secondary">
              {L.claveManual}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography data-testid="totp-key" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', flex: 1 }}>
                {setup?.secreto}
              </Typography>
              <Button size="small" startIcon={<ContentCopy />} onClick={copyKey} sx={{ flexShrink: 0 }}>
                {L.copiarClave}
              </Button>
            </Stack>
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
