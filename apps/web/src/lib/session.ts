import { createContext, useContext } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import type { Me } from '@vialex/domain';
import { MSG } from '@vialex/domain';
import { api, isApiError, setSessionLostHandler } from './api';
import { queryClient } from './query-client';
import { dropPushSubscriptionLocally, rememberedPushEndpoint } from './push';

/** Who is signed in: the Me of the session cookie, or null when the browser is anonymous. */
export const meQueryKey = ['me'] as const;

async function fetchMe(): Promise<Me | null> {
  try {
    return await api.get<Me>('/api/auth/me', { ignoreSessionLoss: true });
  } catch (e) {
    if (isApiError(e) && e.status === 401) {
      // Tell the user only when this tab knew them: an old cookie on a fresh visit needs no
      // warning. Once the server has removed an ended session it answers NO_SESSION, so the
      // code alone can't tell.
      if (queryClient.getQueryData(meQueryKey)) notifySessionEnded();
      return null;
    }
    throw e;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: fetchMe,
  staleTime: 60_000,
  // Sessions end on the server (time limit, forced log-out); a periodic check notices it even
  // without a live connection.
  refetchInterval: (query) => (query.state.data ? 60_000 : false),
});

export function useMe() {
  return useQuery(meQueryOptions);
}

/**
 * The staff guard provides the signed-in user to what it renders, so screens under it never see
 * a null user while the session is being torn down.
 */
export const CurrentUserContext = createContext<Me | null>(null);

export function useCurrentUser(): Me {
  const me = useContext(CurrentUserContext);
  if (!me) throw new Error('useCurrentUser outside the staff guard');
  return me;
}

export function notifySessionEnded(): void {
  enqueueSnackbar(MSG.sesionTerminada, { key: 'session-ended', preventDuplicate: true, variant: 'warning' });
}

type Navigate = (to: string, opts?: { replace?: boolean }) => unknown;
let navigate: Navigate = (to) => window.location.assign(to);

/** The router hands its navigate function over, so lib/ can send the user to /login. */
export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

function onPublicPage(): boolean {
  return window.location.pathname.startsWith('/login');
}

/** Forget everything of the session in this tab and show the login. */
export function signOutLocally(): void {
  queryClient.cancelQueries();
  queryClient.clear();
  queryClient.setQueryData(meQueryKey, null);
  if (!onPublicPage()) navigate('/login', { replace: true });
}

/** A call answered 401 SESSION_ENDED / NO_SESSION: the session is gone. */
export function handleSessionLost(code: string): void {
  if (code === 'SESSION_ENDED' || queryClient.getQueryData(meQueryKey)) notifySessionEnded();
  signOutLocally();
}

setSessionLostHandler(handleSessionLost);

/**
 * Salir. The server forgets this device's push subscription (the session's, and the endpoint
 * this browser remembers) and the browser drops it too, so a shared phone stops receiving the
 * previous user's notices.
 */
export async function logout(): Promise<void> {
  const endpoint = rememberedPushEndpoint();
  const dropped = dropPushSubscriptionLocally();
  try {
    await api.post<void>('/api/auth/logout', endpoint ? { endpoint } : undefined, { ignoreSessionLoss: true });
  } finally {
    await dropped;
    // Even if the server can't be reached, this tab must stop showing staff data.
    signOutLocally();
  }
}
