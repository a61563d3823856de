import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudOff from '@mui/icons-material/CloudOff';
import { MSG } from '@vialex/domain';
import { CurrentUserContext, useMe } from '../lib/session';
import { rememberRoute, rememberSignedOutVisit, returnRoute } from '../lib/return-route';
import { CenteredSpinner } from '../components/centered-spinner';

/** The server could not say who is signed in (offline, restarting): offer a retry, not a login. */
function Unreachable({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'center', minHeight: '100dvh', px: 2, textAlign: 'center' }}
    >
      <CloudOff color="disabled" sx={{ fontSize: 56 }} />
      <Typography>{MSG.sinConexion}</Typography>
      <Button variant="contained" onClick={onRetry}>
        {MSG.reintentar}
      </Button>
    </Stack>
  );
}

/**
 * Staff routes: a signed-in staff user, else /login. The route shown is remembered for this tab
 * (lib/return-route.ts), so that the next sign-in comes back to it.
 */
export function RequireStaff() {
  const { data, isPending, isError, refetch } = useMe();
  const location = useLocation();
  const here = location.pathname + location.search + location.hash;
  const userId = data?.id;
  const signedOut = data === null;
  useEffect(() => {
    if (userId) rememberRoute(here, userId);
    else if (signedOut) rememberSignedOutVisit(here);
  }, [here, userId, signedOut]);
  if (data) {
    return (
      <CurrentUserContext.Provider value={data}>
        <Outlet />
      </CurrentUserContext.Provider>
    );
  }
  if (data === null) return <Navigate to="/login" replace />;
  if (isPending) return <CenteredSpinner fullScreen />;
  if (isError) return <Unreachable onRetry={() => void refetch()} />;
  return <Navigate to="/login" replace />;
}

/**
 * /login: a signed-in visitor goes straight to where they were (lib/return-route.ts), else the
 * clients list. The sign-in screen shows while the session check is under way (most visitors of
 * /login are signed out), not a spinner first.
 */
export function PublicOnly() {
  const { data } = useMe();
  if (data) return <Navigate to={returnRoute(data.id)} replace />;
  return <Outlet />;
}
