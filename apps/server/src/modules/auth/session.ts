import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DISPONIBILIDAD, MSG, isCargo, topics, type SessionEndReason } from '@vialex/domain';
import type { Db, Executor } from '../../db/client.js';
import { sesiones, usuarios } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { anyOf, preparedOnce } from '../../db/prepared.js';
import { statementBatchPer } from '../../db/statement-batch.js';
import type { LiveHub } from '../../platform/live-hub.js';
import { VIEWER_USER_COLUMNS, type UserRow, type Viewer, type ViewerUser } from '../../platform/viewer.js';
import { setAvailability } from '../availability/availability.js';
import { SESSION_COOKIE, hashSessionToken, sessionTopic } from './tokens.js';
import { forgetSession, rememberSession } from './live-session.js';

export type { UserRow, Viewer, ViewerUser } from '../../platform/viewer.js';

export const noSession = () => new AppError(401, 'NO_SESSION', MSG.sinSesion);
export const sessionEnded = (reason: SessionEndReason) =>
  Object.assign(new AppError(401, 'SESSION_ENDED', MSG.sesionTerminada), { reason });

export function sessionExpiresAt(user: Pick<UserRow, 'duracion_sesion'>, started: Date): Date {
  return new Date(started.getTime() + user.duracion_sesion * 60_000);
}

/**
 * Every staff request runs this lookup: one named statement, built and planned once per
 * connection. The viewer's columns come as one JSON object (all of them JSON's own types): the
 * driver describes and decodes three fields instead of the user's whole row, 33 fields with the
 * session's (their descriptions and decoding were a tenth of the check's CPU).
 */
const viewerUserJson = sql<ViewerUser>`json_build_object(${sql.join(
  VIEWER_USER_COLUMNS.map((c) => sql`${sql.raw(`'${c}'`)}, ${usuarios[c]}`),
  sql`, `,
)})`;
/**
 * A lone id is compared with `=`, not `= any(…)`: PostgreSQL keeps the generic plan of the first
 * and reuses it, but plans the second again on every call (its generic plan guesses ten ids, so
 * a one-id custom plan always looks cheaper), which cost more than reading the row. Under load,
 * when checks arrive together, the batch's statement reads them all.
 */
const sessionsStatement = (db: Db, lone: boolean) => {
  const name = lone ? 'viewer_session' : 'viewer_sessions';
  return preparedOnce(db, name, () =>
    db
      .select({ id: sesiones.id, creado: sesiones.creado, token_login: sesiones.token_login, user: viewerUserJson })
      .from(sesiones)
      .innerJoin(usuarios, eq(usuarios.id, sesiones.usuario))
      .where(lone ? eq(sesiones.id, sql.placeholder('id')) : anyOf(sesiones.id, sql.placeholder('ids')))
      .prepare(name),
  );
};
type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionsStatement>['execute']>>[number];

/**
 * The session rows of the checks that arrive while one runs are read together, in one statement
 * (statementBatch): under load most of a check's cost is its round trip, not its row.
 */
const readSession = statementBatchPer(async (db: Db, ids: string[]): Promise<(SessionRow | undefined)[]> => {
  const rows =
    ids.length === 1
      ? await sessionsStatement(db, true).execute({ id: ids[0] })
      : await sessionsStatement(db, false).execute({ ids });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((i) => byId.get(i));
});

/**
 * Checks a session cookie the way spec 1 §4 checks every navigation: the login flag must be on,
 * the stored token_login must be this session's, and duracion_sesion minutes since the login
 * must not have passed. A session that fails is removed (and an expired one clears the flag).
 */
export async function loadViewer(db: Db, hub: LiveHub, token: string | undefined): Promise<Viewer> {
  if (!token) throw noSession();
  return viewerOfSession(db, hub, hashSessionToken(token));
}

/** loadViewer for a session known by its id (a live socket's, checked again for an act on it). */
export async function viewerOfSession(db: Db, hub: LiveHub, sessionId: string): Promise<Viewer> {
  const row = await readSession(db, sessionId);
  if (!row) throw noSession();
  const { user } = row;
  const reason = sessionEndReason(user, row);
  if (reason) {
    await endSession(
      db,
      hub,
      sessionId,
      reason === 'expired' ? { userId: user.id, tokenLogin: row.token_login } : undefined,
      reason,
    );
    throw sessionEnded(reason);
  }
  if (!isCargo(user.cargo)) throw noSession();
  rememberSession(sessionId, { id: user.id, cargo: user.cargo });
  return { id: user.id, cargo: user.cargo, user, sessionId, sessionStarted: row.creado };
}

/** Why a session is over by the rules above, or null while it lives. */
export function sessionEndReason(
  user: Pick<UserRow, 'estado' | 'login' | 'token_login' | 'duracion_sesion'>,
  session: Pick<typeof sesiones.$inferSelect, 'token_login' | 'creado'>,
): SessionEndReason | null {
  if (!user.estado || !user.login) return 'forced';
  if (user.token_login !== session.token_login) return 'replaced';
  if (Date.now() > sessionExpiresAt(user, session.creado).getTime()) return 'expired';
  return null;
}

/**
 * Removes a session; with `clearLogin`, also clears the user's login flag if this session still
 * holds it (spec: when the time is exceeded the flag is cleared) and, as Salir does, leaves the
 * user off-shift with a user-state trail entry, so an agent whose time ran out is no longer
 * offered for assignment.
 */
export async function endSession(
  db: Db,
  hub: LiveHub,
  sessionId: string,
  clearLogin: { userId: string; tokenLogin: string } | undefined,
  reason: SessionEndReason,
): Promise<void> {
  forgetSession(sessionId);
  await db.transaction(async (tx) => {
    await tx.delete(sesiones).where(eq(sesiones.id, sessionId));
    if (clearLogin) {
      const [holder] = await tx
        .select({ id: usuarios.id, disponibilidad: usuarios.disponibilidad, cargo: usuarios.cargo })
        .from(usuarios)
        .where(
          and(
            eq(usuarios.id, clearLogin.userId),
            eq(usuarios.token_login, clearLogin.tokenLogin),
            eq(usuarios.login, true),
          ),
        )
        .for('update');
      if (holder) {
        await tx.update(usuarios).set({ login: false }).where(eq(usuarios.id, clearLogin.userId));
        // Written by the system: no creator.
        await setAvailability(tx, holder, DISPONIBILIDAD.fueraDeHorario, { descripcion: MSG.trazaSesionVencida });
        await hub.publish(tx, topics.user(clearLogin.userId), { name: 'user.updated', id: clearLogin.userId });
        await hub.publish(tx, topics.list('usuarios'), {
          name: 'list.changed',
          list: 'usuarios',
          id: clearLogin.userId,
        });
      }
    }
    await hub.publish(tx, sessionTopic(sessionId), { name: 'session.ended', reason });
  });
}

/**
 * Ends every session whose time ran out, so the login flag is cleared and open browsers are sent
 * to /login even when they make no request. Safe to run on several instances at once.
 */
export async function expireSessions(db: Db, hub: LiveHub): Promise<number> {
  const expired = await db
    .select({ id: sesiones.id, userId: usuarios.id, tokenLogin: sesiones.token_login })
    .from(sesiones)
    .innerJoin(usuarios, eq(usuarios.id, sesiones.usuario))
    .where(sql`${sesiones.creado} + make_interval(mins => ${usuarios.duracion_sesion}) < now()`);
  for (const s of expired) await endSession(db, hub, s.id, { userId: s.userId, tokenLogin: s.tokenLogin }, 'expired');
  return expired.length;
}

/**
 * A session's start (its minutes count from then) and its user as the session check reads them,
 * in the check's own statement, or undefined when the session is gone.
 */
export async function sessionAndUser(
  db: Db,
  sessionId: string,
): Promise<{ started: Date; user: ViewerUser } | undefined> {
  const row = await readSession(db, sessionId);
  return row && { started: row.creado, user: row.user };
}

export function readSessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Ends every session of a user (forced out, deactivated): their open tabs hear it live. */
export async function endUserSessions(
  tx: Executor,
  hub: LiveHub,
  userId: string,
  reason: SessionEndReason,
): Promise<void> {
  const ended = await tx.delete(sesiones).where(eq(sesiones.usuario, userId)).returning({ id: sesiones.id });
  for (const s of ended) {
    forgetSession(s.id);
    await hub.publish(tx, sessionTopic(s.id), { name: 'session.ended', reason });
  }
}

/**
 * Ends the user's sessions as DESLOGUEAR does (login flag false, empty ip, no exit marker) and,
 * as Salir does, leaves them off-shift with a user-state trail entry, so they are no longer
 * offered for assignment. Their open tabs hear it live and go to /login; the caller announces the
 * user's change. `creador` is whoever did it (null for the admin CLI).
 */
export async function signOutUser(
  tx: Executor,
  hub: LiveHub,
  target: Pick<UserRow, 'id' | 'cargo' | 'disponibilidad'>,
  trail: { descripcion: string; creador: string | null },
): Promise<void> {
  await tx.update(usuarios).set({ login: false, ip: '', salir: false }).where(eq(usuarios.id, target.id));
  await setAvailability(tx, target, DISPONIBILIDAD.fueraDeHorario, {
    descripcion: trail.descripcion,
    uidcreador: trail.creador,
  });
  await endUserSessions(tx, hub, target.id, 'forced');
}
