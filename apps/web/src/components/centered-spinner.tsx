import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { MSG } from '@vialex/domain';

/** Shown while a session check or a lazy screen loads. */
export function CenteredSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Box
      sx={{ display: 'grid', placeItems: 'center', minHeight: fullScreen ? '100dvh' : 240, width: '100%' }}
      data-testid="spinner"
    >
      <CircularProgress aria-label={MSG.cargando} />
    </Box>
  );
}
