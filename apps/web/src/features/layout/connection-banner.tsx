import Alert from '@mui/material/Alert';
import CloudOff from '@mui/icons-material/CloudOff';
import { MSG } from '@vialex/domain';
import { useConnection } from '../../lib/connection';

/** Says so while the connection is down; actions are disabled meanwhile (useConnection). */
export function ConnectionBanner() {
  const { online } = useConnection();
  if (online) return null;
  return (
    <Alert
      severity="error"
      variant="filled"
      role="alert"
      icon={<CloudOff fontSize="inherit" />}
      data-testid="connection-banner"
      sx={{ borderRadius: 0 }}
    >
      {MSG.sinConexionBanner}
    </Alert>
  );
}
