import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { MSG } from '@vialex/domain';

export type MessageKind = 'error' | 'success' | 'info';

const ICONS = { error: ErrorOutline, success: CheckCircleOutline, info: InfoOutlined } as const;
const DEFAULT_TITLES: Record<MessageKind, string> = { error: MSG.oops, success: MSG.exito, info: MSG.noAutorizado };

export interface MessageDialogProps {
  open: boolean;
  kind: MessageKind;
  title?: string;
  message?: string;
  onClose: () => void;
}

/** The spec's popups: 'Oops...' errors, 'Operación Exitosa', and info notices. */
export function MessageDialog({ open, kind, title, message, onClose }: MessageDialogProps) {
  const Icon = ICONS[kind];
  const heading = title ?? DEFAULT_TITLES[kind];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="message-dialog-title"
      data-testid={`${kind}-dialog`}
    >
      <DialogContent sx={{ textAlign: 'center', pt: 4 }}>
        <Icon color={kind} sx={{ fontSize: 64, mb: 1 }} />
        <Typography id="message-dialog-title" variant="h5" component="h2" gutterBottom sx={{ fontWeight: 600 }}>
          {heading}
        </Typography>
        {message && (
          <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {message}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 3 }}>
        <Box>
          <Button variant="contained" color={kind === 'error' ? 'primary' : kind} onClick={onClose} autoFocus>
            {MSG.aceptar}
          </Button>
        </Box>
      </DialogActions>
    </Dialog>
  );
}

/** The generic failure popup of the spec: title 'Oops...' and the error's message. */
export function ErrorDialog(props: { open: boolean; message?: string; onClose: () => void }) {
  return <MessageDialog kind="error" {...props} />;
}
