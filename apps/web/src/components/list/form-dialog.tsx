import { useId, type FormEventHandler, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { MSG } from '@vialex/domain';

export interface FormDialogProps {
  open: boolean;
  /** AGREGAR or ACTUALIZAR for add/edit dialogs (spec 3 §2), or the dialog's own title. */
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** While saving: buttons disabled and a spinner on save; closing is refused. */
  busy?: boolean;
  submitLabel?: string;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}

/** A form in a dialog: full-screen on phones, Cancelar / Guardar at the bottom, Enter submits. */
export function FormDialog({ open, title, onClose, onSubmit, busy = false, submitLabel = MSG.guardar, maxWidth = 'md', children }: FormDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700, color: 'primary.dark' }}>
        {title}
      </DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {MSG.cancelar}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
