import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { LABELS, type TotpSetup } from '@vialex/domain';

const L = LABELS.segundoFactor;

/**
 * The authenticator app's QR code and its key to type by hand (Mi perfil and the sign-in's setup),
 * with Copiar clave beside the key when `onCopy` is given. A fragment: the caller's column spaces it.
 */
export function TotpKey({ setup, size, onCopy }: { setup: TotpSetup; size: number; onCopy?: () => void }) {
  const key = (
    <Typography
      data-testid="totp-key"
      sx={{ fontFamily: 'monospace', wordBreak: 'break-all', flex: onCopy ? 1 : undefined }}
    >
      {setup.secreto}
    </Typography>
  );
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
      {onCopy ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {key}
          <Button size="small" startIcon={<ContentCopy />} onClick={onCopy} sx={{ flexShrink: 0 }}>
            {L.copiarClave}
          </Button>
        </Stack>
      ) : (
        key
      )}
    </>
  );
}
