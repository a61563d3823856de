import { useEffect } from 'react';
import { closeSnackbar } from 'notistack';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';
import { MSG } from '@vialex/domain';
import { onPushMessage } from '../../lib/push';
import { showToast } from '../../lib/toasts';
import { TEXTS } from '../../lib/texts';

/**
 * Push messages that arrive while the app is open stay on screen until dismissed (spec 1 §8).
 * One per type (spec 3 §9): a push's type is its title and link, so the same notice about the
 * same case replaces the one on screen, while notices about different cases stack (up to 20).
 */
export function usePushToasts(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      onPushMessage(({ title, body, url }) => {
        showToast(
          `push:${title}:${url ?? ''}`,
          <Box>
            <Box sx={{ fontWeight: 700 }}>{title}</Box>
            {body && <Box>{body}</Box>}
          </Box>,
          {
            variant: 'info',
            persist: true,
            anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
            action: (key) => (
              <>
                {url && (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      closeSnackbar(key);
                      const target = new URL(url, window.location.origin);
                      if (target.origin === window.location.origin) navigate(target.pathname + target.search);
                      else window.open(target.href, '_blank', 'noopener');
                    }}
                  >
                    {TEXTS.abrir}
                  </Button>
                )}
                <IconButton color="inherit" size="small" aria-label={MSG.cerrar} onClick={() => closeSnackbar(key)}>
                  <Close fontSize="small" />
                </IconButton>
              </>
            ),
          },
        );
      }),
    [navigate],
  );
}
