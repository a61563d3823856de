import type { ClientMe } from '@vialex/domain';

/*
 * Plain state of the client's side, free of the data and toast libraries: the entry page (the
 * first screen on a weak signal) loads only this; the case's tabs load client-queries.ts.
 */

/** Where a client lands after entering: their case (the chat tab, their case's general room). */
export const CLIENT_CASE_PATH = '/caso-cliente';
export const CLIENT_CASE_ENTRY = `${CLIENT_CASE_PATH}/chat`;

/** The notification permission, asked for (within the tap: browsers want a gesture) when not told yet. */
export function askNotifications(): Promise<NotificationPermission> {
  if (typeof Notification === 'undefined') return Promise.resolve('denied');
  if (Notification.permission !== 'default') return Promise.resolve(Notification.permission);
  return Notification.requestPermission().catch(() => 'denied' as const);
}

/**
 * How long the entry waits, after the entry itself, for the answer to the notification question
 * before it opens the case (a page load would close the question; the case page registers the
 * phone when the answer is yes). Nobody is kept waiting on a question left unanswered.
 */
export const PROMPT_WAIT_MS = 10_000;

export function promptAnswered(asked: Promise<unknown>, ms = PROMPT_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    asked.then(done, done);
  });
}

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

/**
 * Opens the entry page of the link with a page load, not inside the React app: the server writes
 * that page with what the link opens, and its small script (entrada/) runs it.
 */
export function openEntryPage(): void {
  window.location.replace(entryPath());
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

/**
 * Kept in this tab's sessionStorage: the entry page (the server's page and its small script,
 * entrada/) and the case page (the React app) are two page loads. In memory too, for a private
 * mode that refuses storage and for the React entry page, which opens the case without a reload.
 */
const HAND_OVER_KEY = 'vialex-cliente-entrada';
let handOver: EntryHandOver | null = null;

export function handOverEntry(value: EntryHandOver): void {
  handOver = value;
  try {
    sessionStorage.setItem(HAND_OVER_KEY, JSON.stringify(value));
  } catch {
    /* private mode: the case page asks for the session itself */
  }
}

/** Read once by the case page. */
export function takeHandOver(): EntryHandOver | null {
  let value = handOver;
  handOver = null;
  try {
    const stored = sessionStorage.getItem(HAND_OVER_KEY);
    sessionStorage.removeItem(HAND_OVER_KEY);
    if (!value && stored) value = JSON.parse(stored) as EntryHandOver;
  } catch {
    /* no storage, or not ours: nothing handed over */
  }
  return value;
}
