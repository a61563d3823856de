import { closeSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';
import { MSG } from '@vialex/domain';
import { showToast } from './toasts';
import { TEXTS } from './texts';

type Navigate = (to: string) => unknown;

/** Opens a notice's link: a path of this app in the app, another site in a new tab. */
export function openNoticeLink(url: string, navigate: Navigate): void {
  const target = new URL(url, window.location.origin);
  if (target.origin === window.location.origin) navigate(target.pathname + target.search + target.hash);
  else window.open(target.href, '_blank', 'noopener');
}

export interface NoticeToast {
  title: string;
  body?: string;
  url?: string;
}

/**
 * A notice on screen until dismissed (spec 1 §8), one per type (spec 3 §9): its type is its title
 * and link, so the same notice arriving twice (as Web Push and through the live channel) shows
 * once, while notices about different cases stack. `onOpen` runs when Abrir follows the link.
 */
export function showNoticeToast({ title, body, url }: NoticeToast, navigate: Navigate, onOpen?: () => void): void {
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
                onOpen?.();
                openNoticeLink(url, navigate);
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
}
