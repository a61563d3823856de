import { closeSnackbar, enqueueSnackbar, type OptionsObject, type SnackbarKey, type SnackbarMessage } from 'notistack';

/** A phone's width (MUI's xs breakpoint). */
export const isPhone = () => typeof window !== 'undefined' && !!window.matchMedia?.('(max-width: 599.95px)').matches;

/**
 * Where every toast shows on a phone: at the top, under the app bar (the provider's
 * `vx-toasts-top`). The bottom of a field screen holds what the thumb is after — the case's tab
 * bar, the chat's composer, the map's panel — and a toast there covers it for seconds.
 */
export const PHONE_PLACE = { vertical: 'top', horizontal: 'center' } as const;
/** How far from the screen's top such a toast starts: under the phone's 56 px app bar, never over its buttons. */
export const PHONE_TOP_PX = 64;

/** The toast of each type now on screen (or waiting for room). */
const shown = new Map<string, SnackbarKey>();
let sequence = 0;

/**
 * Shows a toast, one per type (spec 3 §9): a toast of a type already on screen is replaced by the
 * new one instead of stacking. notistack's `preventDuplicate` would keep the old one and compares
 * only the text; here each toast gets its own key (reusing a key would let the closing toast's
 * exit remove the new one too) and the previous toast of its type is closed. How many show at once
 * is the provider's `maxSnack` (TOAST_LIMIT).
 */
export function showToast(
  type: string,
  message: SnackbarMessage,
  options: Omit<OptionsObject, 'key'> = {},
): SnackbarKey {
  const previous = shown.get(type);
  if (previous !== undefined) closeSnackbar(previous);
  const key = `${type}#${++sequence}`;
  shown.set(type, key);
  enqueueSnackbar(message, {
    ...options,
    ...(isPhone() ? { anchorOrigin: PHONE_PLACE } : {}),
    key,
    // A tap on the toast's text closes it: on a phone it sits over the screen's own header (the
    // case's back arrow) for seconds. A button in it (its action) does its own work instead.
    SnackbarProps: {
      ...options.SnackbarProps,
      onClick: (event) => {
        options.SnackbarProps?.onClick?.(event);
        if (!(event.target as Element).closest('button, a')) closeSnackbar(key);
      },
    },
    onExited: (node, exitedKey) => {
      if (shown.get(type) === key) shown.delete(type);
      options.onExited?.(node, exitedKey);
    },
  });
  return key;
}

/**
 * Closes every toast on screen or waiting (notistack's, whoever showed them): signing out leaves
 * nothing over the sign-in form.
 */
export function closeAllToasts(): void {
  // notistack binds it when its provider mounts: without one there is no toast to close.
  if (typeof closeSnackbar === 'function') closeSnackbar();
  shown.clear();
}
