import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Tooltip from '@mui/material/Tooltip';
import { MSG } from '@vialex/domain';
import { useConnection } from '../lib/connection';
import { ButtonSpinner } from './button-spinner';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text?: string;
  /** A warning above the buttons (the phone is far from the case's place…). */
  warning?: string;
  confirmText?: string;
  cancelText?: string;
  /** While the confirmed action runs: buttons disabled, spinner on confirm. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The "are you sure?" step every write of the spec goes through. */
export function ConfirmDialog({
  open,
  title,
  text,
  warning,
  confirmText = MSG.si,
  cancelText = MSG.cancelar,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  // Offline: the confirmed action can't run; the button says why.
  const { reason: offline } = useConnection();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby="confirm-dialog-title"
      data-testid="confirm-dialog"
    >
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      {(text || warning) && (
        <DialogContent>
          {text && <DialogContentText>{text}</DialogContentText>}
          {warning && (
            <Alert severity="warning" data-testid="confirm-warning" sx={{ mt: text ? 1.5 : 0 }}>
              {warning}
            </Alert>
          )}
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy} color="inherit">
          {cancelText}
        </Button>
        <Tooltip title={offline ?? ''}>
          <span>
            <Button
              onClick={onConfirm}
              disabled={busy || !!offline}
              variant="contained"
              startIcon={busy ? <ButtonSpinner /> : undefined}
              autoFocus
            >
              {confirmText}
            </Button>
          </span>
        </Tooltip>
      </DialogActions>
    </Dialog>
  );
}
