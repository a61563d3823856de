import { createContext, useContext, useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoginResponse, Me, SessionEndReason } from '@vialex/domain';
import { api, isApiError, setSessionLostHandler } from './api';
import { queryClient } from './query-client';
import { dropPushSubscriptionLocally, rememberedPushEndpoint } from './push';
import { closeAllToasts } from './toasts';
import { forgetDrafts } from './drafts';
import { forgetRoute } from './return-route';

/** Who is signed in: the Me of the session cookie, or null when the browser is anonymous. */
export const meQueryKey = ['me'] as const;

async function fetchMe(): Promise<Me | null> {
  try {
    const me = await api.get<Me | null>('/api/auth/me', { ignoreSessionLoss: true });
    // Nobody, where this tab knew someone: the session ended and an earlier 401 (the live
    // channel's refused reconnection) already cleared the cookie, so this answer has no 401.
    const known = queryClient.getQueryData<Me | null>(meQueryKey);
    if (!me && known) noteSessionEnd(timeIsUp(known) ? 'expired' : 'ended');
    return me;
  } catch (e) {
    if (isApiError(e) && e.status === 401) {
      // Tell the user only when this tab knew them: an old cookie on a fresh visit needs no
      // warning. Once the server has removed an ended session it answers NO_SESSION, so the
      // code alone can't tell.
      const known = queryClient.getQueryData<Me | null>(meQueryKey);
      if (known) noteSessionEnd(timeIsUp(known) ? 'expired' : 'ended');
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

/**
 * Why the last session of this tab ended, for the login screen to say: its time ran out
 * ('expired', spec 1: counted from sign-in), or it was ended otherwise (forced out, signed in
 * elsewhere). Kept in sessionStorage so a reload of /login still says it, until the next sign-in.
 */
export type SessionEndNotice = 'expired' | 'ended';
const END_NOTICE_KEY = 'vialex.sessionEnd';
const endNoticeListeners = new Set<() => void>();

function readEndNotice(): SessionEndNotice | null {
  try {
    const v = sessionStorage.getItem(END_NOTICE_KEY);
    return v === 'expired' || v === 'ended' ? v : null;
  } catch {
    return null;
  }
}

function writeEndNotice(notice: SessionEndNotice | null): void {
  try {
    if (notice) sessionStorage.setItem(END_NOTICE_KEY, notice);
    else sessionStorage.removeItem(END_NOTICE_KEY);
  } catch {
    // Storage refused (private mode): the notice lives as long as the page.
  }
  endNoticeListeners.forEach((l) => l());
}

/** Remembers why the session ended; the login screen shows it. */
export function noteSessionEnd(notice: SessionEndNotice): void {
  writeEndNotice(notice);
}

/** The user read it or signed in again. */
export function clearSessionEndNotice(): void {
  writeEndNotice(null);
}

/** Why the previous session ended, or null. */
export function useSessionEndNotice(): SessionEndNotice | null {
  return useSyncExternalStore(
    (l) => {
      endNoticeListeners.add(l);
      return () => endNoticeListeners.delete(l);
    },
    readEndNotice,
    () => null,
  );
}

/** The live channel's reason for a session's end, as the login screen tells it. */
export function endNoticeOf(reason: SessionEndReason): SessionEndNotice | null {
  if (reason === 'logout') return null; // Salir in another tab needs no explanation.
  return reason === 'expired' ? 'expired' : 'ended';
}

/** The session's time (duracion_sesion since sign-in) has run out by this browser's clock. */
export function timeIsUp(me: Pick<Me, 'sessionExpiresAt'>, now = Date.now()): boolean {
  const ends = Date.parse(me.sessionExpiresAt);
  return !Number.isNaN(ends) && now >= ends;
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

/** Forget everything of the session in this tab and show the login, with no toast over it. */
export function signOutLocally(): void {
  closeAllToasts();
  queryClient.cancelQueries();
  queryClient.clear();
  queryClient.setQueryData(meQueryKey, null);
  if (!onPublicPage()) navigate('/login', { replace: true });
}

/** A call answered 401 SESSION_ENDED / NO_SESSION: the session is gone. */
export function handleSessionLost(code: string): void {
  const known = queryClient.getQueryData<Me | null>(meQueryKey);
  if (known && timeIsUp(known)) noteSessionEnd('expired');
  else if (code === 'SESSION_ENDED' || known) noteSessionEnd('ended');
  signOutLocally();
}

/**
 * The session's time is up by this browser's clock: ask the server, which ends sessions. Its 401
 * sends the user to /login saying the time ended; a server whose clock is behind keeps the
 * session, and the periodic check or the live channel's 'session.ended' catch the end.
 */
export function sessionTimeUp(): void {
  void queryClient.invalidateQueries({ queryKey: meQueryKey });
}

setSessionLostHandler(handleSessionLost);

/**
 * Seguir conectado: the password again starts this session over on the server (the same
 * session, its minutes counted from now). Only the Me changes, with its new end: nothing on
 * screen is reloaded or left. A 401 BAD_CREDENTIALS (wrong password) is the caller's to show; an
 * ended session goes to /login as any call's.
 */
export async function renewSession(password: string): Promise<Me> {
  const { user } = await api.post<LoginResponse>('/api/auth/login/renew', { password });
  queryClient.setQueryData(meQueryKey, user);
  return user;
}

/**
 * Salir. The server forgets this device's push subscription (the session's, and the endpoint
 * this browser remembers) and the browser drops it too, so a shared phone stops receiving the
 * previous user's notices.
 */
export async function logout(): Promise<void> {
  const endpoint = rememberedPushEndpoint();
  const dropped = dropPushSubscriptionLocally();
  forgetRoute();
  forgetDrafts();
  try {
    await api.post<void>('/api/auth/logout', endpoint ? { endpoint } : undefined, { ignoreSessionLoss: true });
  } finally {
    await dropped;
    // Even if the server can't be reached, this tab must stop showing staff data.
    signOutLocally();
  }
}
