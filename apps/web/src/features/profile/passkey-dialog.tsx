import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { LABELS, MSG, PASSKEY_NAME_MAX } from '@vialex/domain';
import { ButtonSpinner } from '../../components/button-spinner';
import { usePendingAction } from '../../lib/use-pending-action';

const L = LABELS.segundoFactor;

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : MSG.algoSalioMal);

/** AGREGAR LLAVE DE ACCESO: the device's name, then the browser's own prompt (`onAdd`). */
export function PasskeyDialog({
  open,
  onAdd,
  onClose,
}: {
  open: boolean;
  /** Registers the passkey under that name; rejects with the message to show. */
  onAdd: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const { busy, error, setError, run } = usePendingAction();
  const close = () => {
    setName('');
    setError(null);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(MSG.campoRequerido);
    return run(async () => {
      await onAdd(name.trim());
      setName('');
    }, messageOf);
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      maxWidth="xs"
      fullWidth
      aria-labelledby="passkey-title"
      data-testid="passkey-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="passkey-title">{L.agregarLlaveTitulo}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{L.agregarLlaveTexto}</DialogContentText>
          <TextField
            label={L.nombreLlave}
            value={name}
            onChange={(e) => setName(e.target.value)}
            helperText={L.nombreLlaveAyuda}
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX, 'data-testid': 'passkey-name' } }}
          />
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={close} disabled={busy}>
            {MSG.cancelar}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <ButtonSpinner /> : undefined}>
            {L.continuar}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
