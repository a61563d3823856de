import { useId, useRef, type FormEvent, type FormEventHandler, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tooltip from '@mui/material/Tooltip';
import { MSG } from '@vialex/domain';
import { useConnection } from '../../lib/connection';
import { ButtonSpinner } from '../button-spinner';
import { usePhone } from '../../lib/use-phone';

export interface FormDialogProps {
  open: boolean;
  /** AGREGAR or ACTUALIZAR for add/edit dialogs (spec 3 §2), or the dialog's own title. */
  title: string;
  onClose: () => void;
  /** Makes the dialog a form with a submit button; without it only a close button shows. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** While saving: buttons disabled and a spinner on save; closing is refused. */
  busy?: boolean;
  submitLabel?: string;
  cancelLabel?: string;
  maxWidth?: DialogProps['maxWidth'];
  /** A fixed width in px where the spec gives one (request 400, case data 500). */
  width?: number;
  /** Closes only through its buttons, not Escape or the backdrop (spec 2 §9 persistent dialogs). */
  persistent?: boolean;
  testId?: string;
  children: ReactNode;
}

/** A form in a dialog: full-screen on phones, Cancelar / Guardar at the bottom, Enter submits. */
export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  busy = false,
  submitLabel = MSG.guardar,
  cancelLabel = MSG.cancelar,
  maxWidth = 'md',
  width,
  persistent = false,
  testId,
  children,
}: FormDialogProps) {
  const phone = usePhone();
  const titleId = useId();
  // A double click must not save twice: `busy` only disables the button after a re-render, so
  // a second submit in the same moment is dropped here while the first is still running.
  const inFlight = useRef(false);
  // Offline: saving is disabled, saying why (also Enter does nothing).
  const { reason: offline } = useConnection();
  const submit = onSubmit
    ? async (e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        if (inFlight.current || offline) return;
        inFlight.current = true;
        try {
          await onSubmit(e);
        } finally {
          inFlight.current = false;
        }
      }
    : undefined;
  const close = (_: unknown, reason?: 'backdropClick' | 'escapeKeyDown') => {
    if (busy || (persistent && reason)) return;
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      fullWidth={width === undefined}
      maxWidth={width === undefined ? maxWidth : false}
      aria-labelledby={titleId}
      data-testid={testId}
      slotProps={{
        paper: {
          ...(submit ? { component: 'form', noValidate: true, onSubmit: submit } : {}),
          sx: width !== undefined && !phone ? { width, maxWidth: 'calc(100% - 64px)' } : undefined,
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
          <Tooltip title={offline ?? ''}>
            <span>
              <Button
                type="submit"
                variant="contained"
                disabled={busy || !!offline}
                startIcon={busy ? <ButtonSpinner /> : undefined}
              >
                {submitLabel}
              </Button>
            </span>
          </Tooltip>
        )}
      </DialogActions>
    </Dialog>
  );
}
