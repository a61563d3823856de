import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { MSG, fmt } from '@vialex/domain';
import { sessionTimeUp, useCurrentUser } from '../../lib/session';
import { formatTimeLeft, useSessionCountdown } from '../../lib/session-timer';

/**
 * Two minutes before the session's time is up (spec 1: counted from sign-in) a warning says so
 * with the time left; it blocks nothing and may be closed. At the end the server is asked, and
 * the user lands on /login told that the session's time ended.
 */
export function SessionWarning() {
  const me = useCurrentUser();
  const { warning, msLeft } = useSessionCountdown(me.sessionExpiresAt, sessionTimeUp);
  const [closedFor, setClosedFor] = useState<string | null>(null);
  if (!warning || closedFor === me.sessionExpiresAt) return null;
  return (
    <Alert
      severity="warning"
      variant="filled"
      role="status"
      data-testid="session-warning"
      onClose={() => setClosedFor(me.sessionExpiresAt)}
      slotProps={{ closeButton: { title: MSG.cerrar, 'aria-label': MSG.cerrar } as object }}
      sx={{ borderRadius: 0 }}
    >
      {fmt(MSG.sesionPorTerminar, { tiempo: formatTimeLeft(msLeft) })}
    </Alert>
  );
}
