import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarProvider } from 'notistack';
import { TOAST_LIMIT } from '@vialex/domain';
import { queryClient } from '../lib/query-client';
import { PHONE_TOP_PX } from '../lib/toasts';

/**
 * The server's data (TanStack Query) and the toasts: the whole staff app, and the driver's case
 * once entered (the driver's entry page does without both, to load less on a weak signal).
 */
export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Up to 20 toasts at once, one per type (spec 3 §9; lib/toasts.ts replaces one of the same type). */}
      {/* Toasts at the top start under the app bar (lib/toasts.ts). */}
      <GlobalStyles styles={{ '.vx-toasts-top': { top: `${PHONE_TOP_PX}px !important` } }} />
      <SnackbarProvider
        maxSnack={TOAST_LIMIT}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        classes={{ containerAnchorOriginTopCenter: 'vx-toasts-top' }}
      >
        {children}
      </SnackbarProvider>
    </QueryClientProvider>
  );
}
