import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import InstallMobile from '@mui/icons-material/InstallMobile';
import { useMatch } from 'react-router';
import { MSG } from '@vialex/domain';
import { dismissInstall, install, useInstallStore } from '../../lib/install-prompt';
import { PHONE_PLACE, PHONE_TOP_PX } from '../../lib/toasts';
import { usePhone } from '../../lib/use-phone';

/**
 * Offers to add VIALEX to the home screen when the browser allows it, until dismissed once. On a
 * phone it waits outside a case: there it would sit over the case's header (its back arrow, the
 * chat room's name) until dismissed, while the investigator is at work in the case.
 */
export function InstallPrompt() {
  const event = useInstallStore((s) => s.event);
  const dismissed = useInstallStore((s) => s.dismissed);
  const theme = useTheme();
  const phone = usePhone();
  const inCase = useMatch('/gestionar-caso/*') !== null;
  return (
    // Under dialogs and the phone's menu, not over them: on a phone a dialog fills the screen with
    // its buttons at the bottom, where the offer would cover them until dismissed. On a phone it
    // sits where toasts do, under the app bar: the bottom holds the case's tab bar and the chat's
    // composer (lib/toasts.ts).
    <Snackbar
      open={!!event && !dismissed && !(phone && inCase)}
      anchorOrigin={phone ? PHONE_PLACE : { vertical: 'bottom', horizontal: 'center' }}
      sx={{ zIndex: theme.zIndex.drawer - 1, ...(phone ? { top: PHONE_TOP_PX } : {}) }}
    >
      <SnackbarContent
        data-testid="install-prompt"
        sx={{ bgcolor: 'primary.dark', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
        message={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <InstallMobile />
            <span>{MSG.instalarTexto}</span>
          </Stack>
        }
        // A button's words stay on one line; the message beside them wraps instead.
        action={
          <Stack direction="row" spacing={1} sx={{ whiteSpace: 'nowrap' }}>
            <Button color="inherit" size="small" onClick={dismissInstall}>
              {MSG.ahoraNo}
            </Button>
            <Button color="secondary" variant="contained" size="small" onClick={() => void install()}>
              {MSG.instalar}
            </Button>
          </Stack>
        }
      />
    </Snackbar>
  );
}
