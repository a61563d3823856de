import Alert from '@mui/material/Alert';
import CloudOff from '@mui/icons-material/CloudOff';
import { useConnection } from '../lib/connection';

/**
 * A line across the screen while the connection is down, gone when it is back. The staff's says
 * their actions wait (useConnection disables them); the driver's that what they write waits.
 */
export function OfflineBanner({
  message,
  severity = 'error',
  testId = 'connection-banner',
}: {
  message: string;
  severity?: 'error' | 'warning';
  testId?: string;
}) {
  const { online } = useConnection();
  if (online) return null;
  return (
    <Alert
      severity={severity}
      variant="filled"
      // An error interrupts; a warning that nothing is lost is announced politely.
      role={severity === 'error' ? 'alert' : 'status'}
      icon={<CloudOff fontSize="inherit" />}
      data-testid={testId}
      sx={{ borderRadius: 0, ...(severity === 'warning' ? { py: 0.25 } : {}) }}
    >
      {message}
    </Alert>
  );
}
