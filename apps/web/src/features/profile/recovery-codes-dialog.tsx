import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import { LABELS, fmt } from '@vialex/domain';
import { useCurrentUser } from '../../lib/session';
import { showToast } from '../../lib/toasts';

const L = LABELS.segundoFactor;

/** The file DESCARGAR saves: a heading naming whose codes they are, then one code a line. */
export function recoveryCodesText(email: string, codes: string[]): string {
  return [fmt(L.codigosArchivo, { email }), '', ...codes, ''].join('\n');
}

/**
 * The recovery codes, shown this once: COPIAR, DESCARGAR (a .txt), and LISTO only after the user
 * says they kept them — closing it by mistake would lose them.
 */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const me = useCurrentUser();
  const [saved, setSaved] = useState(false);
  const text = recoveryCodesText(me.email, codes ?? []);
  const copy = async () => {
    await navigator.clipboard?.writeText(text);
    showToast('perfil', L.codigosCopiados, { variant: 'success' });
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'vialex-codigos-recuperacion.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <Dialog open={!!codes} maxWidth="xs" fullWidth aria-labelledby="codes-title" data-testid="codes-dialog">
      <DialogTitle id="codes-title">{L.codigosTitulo}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{L.codigosTexto}</DialogContentText>
        <Box
          component="ul"
          data-testid="recovery-codes"
          sx={{
            m: 0,
            p: 1.5,
            listStyle: 'none',
            // A code (19 characters) never breaks: one column on a phone, two where they fit.
            columns: { xs: 1, sm: 2 },
            columnGap: 2,
            whiteSpace: 'nowrap',
            fontFamily: 'monospace',
            fontSize: 15,
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          {(codes ?? []).map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
          <Button startIcon={<ContentCopy />} onClick={copy}>
            {L.copiarCodigos}
          </Button>
          <Button startIcon={<Download />} onClick={download}>
            {L.descargarCodigos}
          </Button>
        </Stack>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} />}
          label={L.codigosGuardados}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button
          variant="contained"
          disabled={!saved}
          onClick={() => {
            setSaved(false);
            onClose();
          }}
        >
          {L.listo}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
