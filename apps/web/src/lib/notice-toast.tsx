import { closeSnackbar, type SnackbarKey } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';
import { MSG, NOTICE_TOASTS_MAX_PHONE, NOTICE_TOAST_MS } from '@vialex/domain';
import { isPhone, showToast } from './toasts';

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

/** The notices' toasts on screen, oldest first. */
const onScreen: SnackbarKey[] = [];

/**
 * A notice as a toast that hides by itself after NOTICE_TOAST_MS (the bell keeps every notice),
 * one per type (spec 3 §9): its type is its title and link, so the same notice arriving twice (as
 * Web Push and through the live channel) shows once, while notices about different cases stack.
 * Where it shows keeps it off the screen's actions: on a phone at the top, under the app bar (the
 * case's actions, the map's panel and the chat's composer are at the bottom), at most
 * NOTICE_TOASTS_MAX_PHONE at once; on a desk at the bottom left, away from the case's buttons.
 * `onOpen` runs when Abrir follows the link.
 */
export function showNoticeToast({ title, body, url }: NoticeToast, navigate: Navigate, onOpen?: () => void): void {
  const phone = isPhone();
  if (phone) while (onScreen.length >= NOTICE_TOASTS_MAX_PHONE) closeSnackbar(onScreen.shift());
  const key = showToast(
    `push:${title}:${url ?? ''}`,
    <Box data-testid="notice-toast">
      <Box sx={{ fontWeight: 700 }}>{title}</Box>
      {body && <Box>{body}</Box>}
    </Box>,
    {
      variant: 'info',
      autoHideDuration: NOTICE_TOAST_MS,
      // On a phone every toast goes to the top (showToast).
      anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
      onExited: (_node, exited) => {
        const at = onScreen.indexOf(exited);
        if (at >= 0) onScreen.splice(at, 1);
      },
      action: (toastKey) => (
        <>
          {url && (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                closeSnackbar(toastKey);
                onOpen?.();
                openNoticeLink(url, navigate);
              }}
            >
              {MSG.abrir}
            </Button>
          )}
          <IconButton color="inherit" size="small" aria-label={MSG.cerrar} onClick={() => closeSnackbar(toastKey)}>
            <Close fontSize="small" />
          </IconButton>
        </>
      ),
    },
  );
  onScreen.push(key);
}

/**
 * Closes every notice's toast: the bell's list, once opened, holds them all, and on a phone the
 * toasts at the top would cover it.
 */
export function closeNoticeToasts(): void {
  for (const key of onScreen.splice(0)) closeSnackbar(key);
}
