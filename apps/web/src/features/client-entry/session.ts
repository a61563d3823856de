import type { ClientMe } from '@vialex/domain';

/*
 * Plain state of the client's side, free of the data and toast libraries: the entry page (the
 * first screen on a weak signal) loads only this; the case's tabs load client-queries.ts.
 */

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

/** What the entry page hands to the case page: the session it opened and the notices to show there. */
export interface EntryHandOver {
  me: ClientMe;
  notices: { type: string; text: string; testId: string }[];
}

let handOver: EntryHandOver | null = null;

export function handOverEntry(value: EntryHandOver): void {
  handOver = value;
}

/** Read once by the case page. */
export function takeHandOver(): EntryHandOver | null {
  const value = handOver;
  handOver = null;
  return value;
}
