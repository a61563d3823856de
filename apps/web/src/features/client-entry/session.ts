import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { CLIENT_SESSION_ENDED, fetchClientCase, fetchClientMe } from './api/client-api';

/**
 * The client's side keeps the SMS link's token (this phone's only way back in): when the session
 * ends or the client leaves, the entry page opens again with it.
 */
const TOKEN_KEY = 'vialex-cliente-enlace';
const NOTICE_KEY = 'vialex-cliente-aviso';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function rememberLink(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
}

/** The entry page of the link this phone entered with (the bare entry path when unknown). */
export function entryPath(): string {
  const token = storage()?.getItem(TOKEN_KEY);
  return token ? `/login/auth-cliente/${encodeURIComponent(token)}` : '/login/auth-cliente';
}

/** Why the entry page opened again: said once there ('Su sesión en el caso terminó…', 'Salió del caso'). */
export function noteEntryNotice(message: string): void {
  try {
    sessionStorage.setItem(NOTICE_KEY, message);
  } catch {
    /* private mode: the notice is lost, the entry page still opens */
  }
}

export function takeEntryNotice(): string | null {
  try {
    const message = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
    return message;
  } catch {
    return null;
  }
}

export const clientMeKey = ['cliente', 'yo'] as const;
export const clientCaseKey = ['cliente', 'caso'] as const;

export const isSessionEnded = (e: unknown) => isApiError(e) && e.status === 401;
export const isClientSessionEnded = (e: unknown) => isApiError(e) && e.code === CLIENT_SESSION_ENDED;

/** The client's session: their case's number and when the session ends. */
export function useClientMe() {
  return useQuery({
    queryKey: clientMeKey,
    queryFn: ({ signal }) => fetchClientMe(signal),
    retry: (n, e) => !isSessionEnded(e) && n < 2,
    staleTime: 60_000,
  });
}

/** What the client sees of their case (the información tab), read again every minute while open. */
export function useClientCase() {
  return useQuery({
    queryKey: clientCaseKey,
    queryFn: ({ signal }) => fetchClientCase(signal),
    retry: (n, e) => !isSessionEnded(e) && n < 2,
    refetchInterval: 60_000,
  });
}
