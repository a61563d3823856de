import type { ChatKind } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import type { OpenRoom } from './service.js';

/*
 * Rooms this instance opened for a session moments ago, so that its next text or page read is
 * one statement (send-statement.ts, room-read.ts, with the session guard) instead of the room's
 * read and then the send or the page. Only a saving of the read: the session, the cargo and the
 * case's scope are checked again inside that statement, and its case version check catches a
 * room blocked, an agent changed or a case archived, on whichever instance they changed. Kept
 * only with no agent missing from the room (a header lists them from the room as it was read).
 * The sender's username is taken from here, so a rename shows in their messages within TTL_MS.
 */

const MAX_ROOMS = 5_000;
const TTL_MS = 30_000;

interface Entry {
  open: OpenRoom;
  at: number;
}

const caches = new WeakMap<AppContext, Map<string, Entry>>();

const keyOf = (sessionId: string, caseId: string, kind: ChatKind) => `${sessionId}:${caseId}:${kind}`;

function cacheOf(ctx: AppContext): Map<string, Entry> {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map()));
  return cache;
}

/** Keeps a room a send or a read opened, when its next one can go the one-statement way. */
export function rememberRoom(ctx: AppContext, sessionId: string, open: OpenRoom): void {
  if (open.missingAgents.length) return;
  const cache = cacheOf(ctx);
  const key = keyOf(sessionId, open.caso.id, open.kind);
  cache.delete(key);
  if (cache.size >= MAX_ROOMS) cache.delete(cache.keys().next().value!);
  cache.set(key, { open, at: Date.now() });
}

export function recentRoom(ctx: AppContext, sessionId: string, caseId: string, kind: ChatKind): OpenRoom | undefined {
  const cache = cacheOf(ctx);
  const key = keyOf(sessionId, caseId, kind);
  const entry = cache.get(key);
  if (!entry) return undefined;
  if (Date.now() - entry.at > TTL_MS) {
    cache.delete(key);
    return undefined;
  }
  return entry.open;
}

export function forgetRoom(ctx: AppContext, sessionId: string, caseId: string, kind: ChatKind): void {
  cacheOf(ctx).delete(keyOf(sessionId, caseId, kind));
}
