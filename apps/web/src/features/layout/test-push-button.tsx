import { useState } from 'react';
import { closeSnackbar, enqueueSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ButtonSpinner } from '../../components/button-spinner';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { MSG, TEST_PUSH_TOAST_MS } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { resetPushToken, sendTestPush } from '../../lib/push';

/**
 * The failure toast: the app's 'Oops!' line and, beneath it, what failed: the server's answer
 * when it gave one, else the spec's 'Error al enviar la notificación' (spec 1 §8), e.g. when
 * this browser could not even subscribe.
 */
function showFailure(error: unknown) {
  const detail = isApiError(error) && error.message ? error.message : MSG.errorNotificacion;
  const message = (
    <Box>
      <div>{MSG.errorNotificacionToast}</div>
      <Typography variant="body2" data-testid="push-test-error-detail" sx={{ opacity: 0.9 }}>
        {detail}
      </Typography>
    </Box>
  );
  enqueueSnackbar(message, {
    key: 'push-test-failed',
    preventDuplicate: true,
    variant: 'error',
    persist: true,
    action: (key) => (
      <>
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          onClick={() => {
            closeSnackbar(key);
            void resetPushToken();
          }}
        >
          {MSG.generarNuevoToken}
        </Button>
        {/* A persistent toast needs its own way out. */}
        <IconButton
          color="inherit"
          size="small"
          aria-label={MSG.cerrar}
          onClick={() => closeSnackbar(key)}
          sx={{ ml: 0.5 }}
        >
          <Close fontSize="small" />
        </IconButton>
      </>
    ),
  });
}

/** Sends a test notification to this device, registering it for push first if needed. */
export function TestPushButton() {
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const message = await sendTestPush();
      enqueueSnackbar(message ?? MSG.notificacionPruebaEnviada, {
        variant: 'success',
        autoHideDuration: TEST_PUSH_TOAST_MS,
      });
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Tooltip title={MSG.notificacionPrueba}>
      <span>
        <IconButton color="inherit" aria-label={MSG.notificacionPrueba} onClick={run} disabled={busy}>
          {busy ? <ButtonSpinner size={22} /> : <NotificationsActiveOutlined />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
