import { sql, type SQL } from 'drizzle-orm';
import type { Cargo } from '@vialex/domain';

/*
 * The session rules of loadViewer (spec 1 §4: login flag on, this session's token_login, inside
 * duracion_sesion minutes of the login, user active) as SQL, for routes that check the session
 * inside their own statement instead of a round trip of its own: the location update (250+ a
 * second) and the case lists.
 */

/** The rules over a session row `s` and its user `u`, already joined by the caller. */
export const liveSessionRules = sql.raw(
  `u.estado and u.login and u.token_login = s.token_login and s.creado + make_interval(mins => u.duracion_sesion) > now()`,
);

/**
 * True while session `sid` is live and still belongs to user `viewer` with cargo `cargo` (the
 * cargo picks a page's scope, so a changed cargo must not read with the old one). The arguments
 * are SQL values or placeholders.
 */
export function liveSessionOf(sid: unknown, viewer: unknown, cargo: unknown): SQL {
  return sql`exists (select 1 from sesiones s join usuarios u on u.id = s.usuario
    where s.id = ${sid} and u.id = ${viewer} and u.cargo = ${cargo} and ${liveSessionRules})`;
}

/**
 * Who a session belonged to the last time this process checked it in full. Only a hint: a
 * route that uses it still checks the session in its statement (liveSessionOf), and falls back
 * to the full check when that finds nothing. Bounded: the oldest entries go first.
 */
const hints = new Map<string, { id: string; cargo: Cargo }>();
const MAX_HINTS = 10_000;

export function rememberSession(sessionId: string, viewer: { id: string; cargo: Cargo }): void {
  if (hints.has(sessionId)) return;
  if (hints.size >= MAX_HINTS) hints.delete(hints.keys().next().value!);
  hints.set(sessionId, { id: viewer.id, cargo: viewer.cargo });
}

export function sessionHint(sessionId: string): { id: string; cargo: Cargo } | undefined {
  return hints.get(sessionId);
}

export function forgetSession(sessionId: string): void {
  hints.delete(sessionId);
}
