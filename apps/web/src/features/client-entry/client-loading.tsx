import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { LABELS } from '@vialex/domain';
import { BrandLogo } from '../../components/brand-logo';

/**
 * Every loading screen of the driver's pages: the VIALEX brand, the spinner and what is loading.
 * A bare spinner after a tap on an SMS link looks like nobody's page. cliente.html paints the same
 * screen before the script runs (its `.boot`), so React's first render takes over without a jump.
 */
export function ClientLoading({ fullScreen = true }: { fullScreen?: boolean }) {
  return (
    <Box
      role="status"
      data-testid="client-loading"
      sx={{
        minHeight: fullScreen ? '100dvh' : 240,
        width: '100%',
        boxSizing: 'border-box',
        p: 3,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        textAlign: 'center',
      }}
    >
      <BrandLogo size={48} />
      <CircularProgress size={32} thickness={4.5} aria-hidden="true" />
      <Typography sx={{ color: 'text.secondary', fontSize: 18 }}>{LABELS.cliente.cargandoCaso}</Typography>
    </Box>
  );
}
