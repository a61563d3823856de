import { useId, type FormEventHandler, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { MSG } from '@vialex/domain';

export interface CaseDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Makes the dialog a form with a submit button; without it only the close button shows. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  busy?: boolean;
  submitLabel?: string;
  cancelLabel?: string;
  /** The spec's width in px (request 400, case data 500); the dialog is full-screen on phones. */
  width: number;
  /** Request and assign dialogs close only through their buttons, not Escape or the backdrop (spec 2 §9). */
  persistent?: boolean;
  testId?: string;
  children: ReactNode;
}

/**
 * components/list/form-dialog.tsx with what the case dialogs need on top: a fixed width in px
 * and the persistent mode (no Escape, no backdrop close).
 */
export function CaseDialog({ open, title, onClose, onSubmit, busy = false, submitLabel = MSG.guardar, cancelLabel = MSG.cancelar, width, persistent = false, testId, children }: CaseDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const close = (_: unknown, reason?: 'backdropClick' | 'escapeKeyDown') => {
    if (busy || (persistent && reason)) return;
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      maxWidth={false}
      aria-labelledby={titleId}
      data-testid={testId}
      slotProps={{
        paper: {
          ...(onSubmit ? { component: 'form', noValidate: true, onSubmit } : {}),
          sx: phone ? undefined : { width, maxWidth: 'calc(100% - 64px)' },
        } as object,
      }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700, color: 'primary.dark' }}>
        {title}
      </DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {onSubmit ? cancelLabel : MSG.cerrar}
        </Button>
        {onSubmit && (
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {submitLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
