import { forgetClientSessionSubscriptions } from '../push/service.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import { CLIENT_SESSION_MINUTES, MSG, chatUsername, topics, type SessionEndReason } from '@vialex/domain';
import type { Executor, Tx } from '../../db/client.js';
import { casos, clientes, sesionesCliente } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashSessionToken, newSessionToken } from '../auth/tokens.js';
import type { Viewer } from '../../platform/viewer.js';
import { recordAudit } from '../audit/record.js';
import { caseTarget } from '../audit/targets.js';
import { leaveCase } from '../cases/client-entry-service.js';
import { listChanged } from '../cases/dispatch.js';

/*
 * The client's session (spec 3 §4 "Client session"): its own cookie, bound to one case, ending
 * CLIENT_SESSION_MINUTES after the entry or when the client leaves; then the case's login flag
 * clears and the link opens the case again. Checked on every request of the client scope.
 */

export const CLIENT_COOKIE = 'vialex_cid';

/** Who calls a client route: the client of one case. */
export interface ClientViewer {
  sessionId: string;
  caseId: string;
  caso: number;
  /** The client's id (the driver's, else the owner's); the case's id when it has no client. */
  id: string;
  nombre: string;
  /** The username their chat messages carry: name, first 4 of the identification, [Cliente]. */
  username: string;
  expira: Date;
}

/**
 * The live topic of one client session: its `session.ended` closes the client's sockets
 * (platform/live-hub.ts closes on every `session:` topic). A prefix of the stored hash.
 */
export const clientSessionTopic = (sessionId: string) => topics.session(`cliente:${sessionId.slice(0, 24)}`);

export const clientSessionEnded = () => new AppError(401, 'CLIENT_SESSION_ENDED', MSG.sesionClienteTerminada);

/** Opens a session for the client in the entry's transaction; answers the cookie's token. */
export async function openClientSession(
  db: Executor,
  c: { id: string; fecha_ingreso: Date | null; uidconductor: string | null; uidcliente: string | null },
  linkId: string,
): Promise<{ token: string; expira: Date }> {
  const token = newSessionToken();
  const expira = new Date((c.fecha_ingreso ?? new Date()).getTime() + CLIENT_SESSION_MINUTES * 60_000);
  await db.insert(sesionesCliente).values({
    id: hashSessionToken(token),
    uidcaso: c.id,
    uidcliente: c.uidconductor ?? c.uidcliente,
    enlace: linkId,
    expira,
  });
  return { token, expira };
}

/** The client of a session cookie, or 401; an ended session is closed on the way (flag cleared). */
export async function loadClient(ctx: AppContext, token: string | undefined): Promise<ClientViewer> {
  if (!token) throw new AppError(401, 'NO_SESSION', MSG.sinSesion);
  const sessionId = hashSessionToken(token);
  const [row] = await ctx.db
    .select({
      caseId: sesionesCliente.uidcaso,
      clientId: sesionesCliente.uidcliente,
      expira: sesionesCliente.expira,
      caso: casos.caso,
      login: casos.login,
      nombres: clientes.nombres,
      apellidos: clientes.apellidos,
      identificacion: clientes.identificacion,
    })
    .from(sesionesCliente)
    .innerJoin(casos, eq(casos.id, sesionesCliente.uidcaso))
    .leftJoin(clientes, eq(clientes.id, sesionesCliente.uidcliente))
    .where(eq(sesionesCliente.id, sessionId));
  if (!row) throw new AppError(401, 'NO_SESSION', MSG.sinSesion);
  if (row.expira.getTime() <= Date.now() || !row.login) {
    await endClientSession(ctx, sessionId, 'expired');
    throw clientSessionEnded();
  }
  const nombre = `${row.nombres ?? ''} ${row.apellidos ?? ''}`.trim() || MSG.clienteSinNombre;
  return {
    sessionId,
    caseId: row.caseId,
    caso: row.caso,
    id: row.clientId ?? row.caseId,
    nombre,
    username: chatUsername(nombre, String(row.identificacion ?? ''), 'Cliente'),
    expira: row.expira,
  };
}

/**
 * Ends the client sessions `where` selects, in the caller's transaction: their rows go, their
 * case's login flag clears (the link opens the case again), their phones stop hearing of the case,
 * and their open sockets are closed with the reason after commit. Answers how many ended.
 */
export async function endClientSessionsWhere(
  tx: Tx,
  ctx: AppContext,
  where: SQL | undefined,
  reason: SessionEndReason,
): Promise<number> {
  const gone = await tx
    .delete(sesionesCliente)
    .where(where)
    .returning({ id: sesionesCliente.id, caseId: sesionesCliente.uidcaso });
  for (const s of gone) {
    await leaveCase(tx, s.caseId);
    await forgetClientSessionSubscriptions(tx, s.id);
    // First, so the client's socket closes before the case's change would reach it.
    await ctx.hub.publish(tx, clientSessionTopic(s.id), { name: 'session.ended', reason });
    // The case's SMS panel shows whether the client is in.
    await listChanged(ctx, tx, s.caseId);
  }
  return gone.length;
}

/** The client's session open on the case now (the latest to end), if any. */
export async function openClientSessionOf(db: Executor, caseId: string): Promise<{ expira: Date } | undefined> {
  const [session] = await db
    .select({ expira: sesionesCliente.expira })
    .from(sesionesCliente)
    .where(and(eq(sesionesCliente.uidcaso, caseId), gt(sesionesCliente.expira, new Date())))
    .orderBy(desc(sesionesCliente.expira))
    .limit(1);
  return session;
}

/** Ends one client session (Salir, or its time is up). */
export async function endClientSession(ctx: AppContext, sessionId: string, reason: SessionEndReason): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await endClientSessionsWhere(tx, ctx, eq(sesionesCliente.id, sessionId), reason);
    // A session already gone may have left a subscription behind: its phone stops hearing too.
    await forgetClientSessionSubscriptions(tx, sessionId);
  });
}

/** Staff end the client's session on their case (every session of the case): their phone leaves it. */
export async function endCaseClientSessions(ctx: AppContext, viewer: Viewer, caseId: string): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const ended = await endClientSessionsWhere(tx, ctx, eq(sesionesCliente.uidcaso, caseId), 'forced');
    if (ended) {
      const [c] = await tx.select({ caso: casos.caso }).from(casos).where(eq(casos.id, caseId));
      await recordAudit(tx, {
        actor: viewer,
        accion: 'cliente.sesion_terminada',
        objeto: caseTarget({ id: caseId, caso: c.caso }),
        despues: { sesiones_terminadas: ended },
      });
    }
    return ended;
  });
}

/** Sessions past their time, closed by the sweep (their flags cleared, their sockets told). */
export async function expireClientSessions(ctx: AppContext): Promise<number> {
  return ctx.db.transaction((tx) => endClientSessionsWhere(tx, ctx, lt(sesionesCliente.expira, new Date()), 'expired'));
}

export function setClientCookie(request: FastifyRequest, reply: FastifyReply, token: string, expira: Date): void {
  const { cookieSecure } = request.server.ctx.config;
  const secure = cookieSecure === 'auto' ? request.protocol === 'https' : cookieSecure;
  const maxAge = Math.max(1, Math.floor((expira.getTime() - Date.now()) / 1000));
  reply.setCookie(CLIENT_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge });
}

export const readClientCookie = (request: FastifyRequest) => request.cookies[CLIENT_COOKIE];
export const clearClientCookie = (reply: FastifyReply) => reply.clearCookie(CLIENT_COOKIE, { path: '/' });
