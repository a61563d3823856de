/**
 * Where the user was: the last staff route of this browser tab (sessionStorage), so that a
 * sign-in lands there instead of on the clients list — after the session's time ran out or it
 * was ended, and after a deep link opened while signed out. The route is bound to the user who
 * was on it (a deep link opened signed out, to nobody): someone else signing in on the same tab
 * starts at the clients list. Salir forgets it: the user chose to leave.
 */

import { readStored, writeStored } from './stored-json';

/** Where a sign-in lands when there is nowhere to return to. */
export const HOME_ROUTE = '/clientes';

const KEY = 'vialex.returnRoute';

interface Stored {
  path: string;
  /** Who was on it; null: opened while signed out. */
  user: string | null;
  /** Left by Salir. */
  left?: boolean;
}

/** Paths served by the server or the driver's app, never a staff screen. */
const NOT_STAFF = /^\/(api|login|s|caso-cliente|cliente\.html)(\/|$)/i;
const BASE = 'https://vialex.invalid';

/**
 * `path` as a path of this app's staff screens (pathname, query and hash), or null: only a path
 * on this origin (no `//host`, `https:`, backslashes or control characters), and none of the
 * server's (`/api/…`) or the sign-in's own.
 */
export function appPath(path: unknown): string | null {
  if (typeof path !== 'string' || path.length > 2000) return null;
  if (!path.startsWith('/') || path.startsWith('//') || /[\\\p{Cc}]/u.test(path)) return null;
  let url: URL;
  try {
    url = new URL(path, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || NOT_STAFF.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

function read(): Stored | null {
  const value = readStored<Partial<Stored>>('session', KEY);
  const path = appPath(value?.path);
  return path ? { path, user: typeof value?.user === 'string' ? value.user : null, left: value?.left === true } : null;
}

// Storage refused (private mode): nothing kept, and a sign-in lands on the clients list.
const write = (value: Stored) => writeStored('session', KEY, value);

/** The signed-in user is on `path`. */
export function rememberRoute(path: string, userId: string): void {
  const app = appPath(path);
  if (app) write({ path: app, user: userId });
}

/**
 * A staff route shown to nobody (a deep link opened signed out). The route a session was just
 * torn down on (its end, Salir) keeps what it had.
 */
export function rememberSignedOutVisit(path: string): void {
  const app = appPath(path);
  if (app && read()?.path !== app) write({ path: app, user: null });
}

/** Salir: the next sign-in on this tab starts at the clients list. */
export function forgetRoute(): void {
  const stored = read();
  if (stored) write({ ...stored, left: true });
}

/** Where `userId`'s sign-in lands: their last route on this tab, else the clients list. */
export function returnRoute(userId: string): string {
  const stored = read();
  if (!stored || stored.left || (stored.user !== null && stored.user !== userId)) return HOME_ROUTE;
  return stored.path;
}
