import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { LABELS, type TotpSetup } from '@vialex/domain';
import { showToast } from '../lib/toasts';

const L = LABELS.segundoFactor;

/**
 * The authenticator app's QR code and its key to type or copy (Mi perfil and the sign-in's setup).
 * Copiar clave matters most on a phone: it cannot scan the QR code it shows, so the key is pasted
 * into the app on the same phone. A fragment: the caller's column spaces it.
 */
export function TotpKey({ setup, size }: { setup: TotpSetup; size: number }) {
  const copyKey = async () => {
    await navigator.clipboard?.writeText(setup.secreto);
    showToast('clave-totp', L.claveCopiada, { variant: 'success' });
  };
  return (
    <>
      <Box
        component="img"
        src={setup.qr}
        alt={L.qrAlt}
        sx={{ width: size, height: size, alignSelf: 'center', bgcolor: '#fff' }}
      />
      <Typography variant="body2" color="text.secondary">
        {L.claveManual}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography data-testid="totp-key" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', flex: 1 }}>
          {setup.secreto}
        </Typography>
        <Button size="small" startIcon={<ContentCopy />} onClick={copyKey} sx={{ flexShrink: 0 }}>
          {L.copiarClave}
        </Button>
      </Stack>
    </>
  );
}
