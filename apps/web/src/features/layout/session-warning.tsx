import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';
import { LABELS, MSG, fmt } from '@vialex/domain';
import { sessionTimeUp, useCurrentUser } from '../../lib/session';
import { formatTimeLeft, useSessionCountdown } from '../../lib/session-timer';
import { SessionWarningDialog } from './session-warning-dialog';

/**
 * Two minutes before the session's time is up (spec 1: counted from sign-in) a warning says so
 * with the time left and offers Seguir conectado (the password again starts the session over,
 * over the screen: session-warning-dialog.tsx). It blocks nothing and may be closed. At the end
 * the server is asked, and the user lands on /login told that the session's time ended.
 */
export function SessionWarning() {
  const me = useCurrentUser();
  const { warning, msLeft } = useSessionCountdown(me.sessionExpiresAt, sessionTimeUp);
  const [closedFor, setClosedFor] = useState<string | null>(null);
  // Both kept for one end time: a new one (renewed, or the session time changed) starts over.
  const [renewingFor, setRenewingFor] = useState<string | null>(null);
  const shown = warning && closedFor !== me.sessionExpiresAt;
  return (
    <>
      {shown && (
        <Alert
          severity="warning"
          variant="filled"
          role="status"
          data-testid="session-warning"
          sx={{ borderRadius: 0, alignItems: 'center', '& .MuiAlert-action': { pt: 0, alignItems: 'center' } }}
          action={
            <>
              <Button
                color="inherit"
                variant="outlined"
                size="small"
                onClick={() => setRenewingFor(me.sessionExpiresAt)}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {LABELS.sesion.seguirConectado}
              </Button>
              <IconButton
                color="inherit"
                size="small"
                title={MSG.cerrar}
                aria-label={MSG.cerrar}
                onClick={() => setClosedFor(me.sessionExpiresAt)}
                sx={{ ml: 0.5 }}
              >
                <Close fontSize="small" />
              </IconButton>
            </>
          }
        >
          {fmt(MSG.sesionPorTerminar, { tiempo: formatTimeLeft(msLeft) })}
        </Alert>
      )}
      <SessionWarningDialog
        open={warning && renewingFor === me.sessionExpiresAt}
        msLeft={msLeft}
        email={me.email}
        onClose={() => setRenewingFor(null)}
      />
    </>
  );
}
