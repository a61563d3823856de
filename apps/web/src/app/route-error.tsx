import { useRouteError } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { MSG } from '@vialex/domain';
import { TEXTS } from '../lib/texts';

/**
 * A screen that failed to render or load. The usual cause is a new release: this tab asks for a
 * chunk the server no longer has, and a reload fixes it.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'center', minHeight: '100dvh', px: 2, textAlign: 'center' }}
    >
      <ErrorOutline color="error" sx={{ fontSize: 56 }} />
      <Typography variant="h5" component="h1">
        {MSG.oops}
      </Typography>
      <Typography color="text.secondary">{MSG.errorServidor}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {TEXTS.recargar}
      </Button>
    </Stack>
  );
}
