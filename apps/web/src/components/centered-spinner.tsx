import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MSG } from '@vialex/domain';
import { useConnection } from '../lib/connection';

/**
 * Shown while a session check, a lazy screen or a panel's data loads (`compact`: inside a
 * panel). Offline, a load waits for the connection (the query client pauses it): the spinner
 * says so, instead of turning with no end in sight, and the panel fills in by itself when the
 * connection is back.
 */
export function CenteredSpinner({ fullScreen = false, compact = false }: { fullScreen?: boolean; compact?: boolean }) {
  const { online } = useConnection();
  return (
    <Box
      sx={{
        display: 'grid',
        placeItems: 'center',
        alignContent: 'center',
        gap: 2,
        minHeight: fullScreen ? '100dvh' : compact ? 0 : 240,
        width: '100%',
        px: 2,
        py: compact ? 3 : 0,
      }}
      data-testid="spinner"
    >
      <CircularProgress size={compact ? 28 : 40} aria-label={MSG.cargando} />
      <Typography
        role="status"
        variant="body2"
        color="text.secondary"
        sx={{ textAlign: 'center' }}
        data-testid="spinner-offline"
      >
        {online ? '' : MSG.sinConexionCarga}
      </Typography>
    </Box>
  );
}
