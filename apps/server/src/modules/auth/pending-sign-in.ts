import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@vialex/domain';
import type { Db, Executor } from '../../db/client.js';
import { cuentas, ingresosPendientes, usuarios, type PENDING_STEPS } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { hashSessionToken, newSessionToken } from './tokens.js';
import type { UserRow } from './session.js';

/*
 * A sign-in between its right password and its session (docs/decisions.md: the second factor):
 * the browser holds a random token in an HttpOnly cookie sent only to the sign-in's routes, the
 * database its SHA-256, the user and the step it waits for. It lasts a few minutes and is used
 * once; a new password sign-in of the same user replaces it.
 */

export type PendingStep = (typeof PENDING_STEPS)[number];

export const PENDING_COOKIE = 'vialex_2fa';
/** Sent only with the sign-in's routes (/api/auth/login/…), as the trusted-device cookie is. */
export const PENDING_COOKIE_PATH = '/api/auth/login';
/** Time to type a code or touch a passkey; to set up an app (install it, scan, type), more. */
const MINUTES: Record<PendingStep, number> = { verificar: 5, configurar: 15 };

export const signInExpired = () => new AppError(401, 'SIGN_IN_EXPIRED', MSG.ingresoVencido);

/** Starts a pending sign-in of the user (their earlier ones, and any expired, go); answers the cookie's token. */
export async function beginPendingSignIn(db: Db, userId: string, paso: PendingStep): Promise<string> {
  const token = newSessionToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .delete(ingresosPendientes)
      .where(or(eq(ingresosPendientes.usuario, userId), lt(ingresosPendientes.vence, now)));
    await tx.insert(ingresosPendientes).values({
      id: hashSessionToken(token),
      usuario: userId,
      paso,
      vence: new Date(now.getTime() + MINUTES[paso] * 60_000),
    });
  });
  return token;
}

export interface PendingSignIn {
  id: string;
  paso: PendingStep;
  user: UserRow;
  /** The account's e-mail: the sign-in throttle counts the second step's failures under it. */
  email: string;
}

/** The request's pending sign-in at `paso`, or 401 'El tiempo para completar el ingreso terminó…'. */
export async function pendingSignIn(db: Db, request: FastifyRequest, paso: PendingStep): Promise<PendingSignIn> {
  const token = request.cookies[PENDING_COOKIE];
  if (!token) throw signInExpired();
  const [row] = await db
    .select({ pending: ingresosPendientes, user: usuarios, email: cuentas.email })
    .from(ingresosPendientes)
    .innerJoin(usuarios, eq(usuarios.id, ingresosPendientes.usuario))
    .innerJoin(cuentas, eq(cuentas.id, usuarios.uiid))
    .where(
      and(
        eq(ingresosPendientes.id, hashSessionToken(token)),
        eq(ingresosPendientes.paso, paso),
        gt(ingresosPendientes.vence, new Date()),
      ),
    );
  // Deactivated meanwhile: the sign-in is over.
  if (!row || !row.user.estado) throw signInExpired();
  return { id: row.pending.id, paso, user: row.user, email: row.email };
}

/** Uses the pending sign-in up (once: a second request with it gets 401). */
export async function endPendingSignIn(db: Db, pending: PendingSignIn): Promise<void> {
  const gone = await db
    .delete(ingresosPendientes)
    .where(eq(ingresosPendientes.id, pending.id))
    .returning({ id: ingresosPendientes.id });
  if (!gone.length) throw signInExpired();
}

/** Every pending sign-in of a user ends (their factors were reset, their password changed). */
export async function endUserPendingSignIns(db: Executor, userId: string): Promise<void> {
  await db.delete(ingresosPendientes).where(eq(ingresosPendientes.usuario, userId));
}

export function setPendingCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(PENDING_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: PENDING_COOKIE_PATH,
    maxAge: MINUTES.configurar * 60,
  });
}

export function clearPendingCookie(reply: FastifyReply): void {
  reply.clearCookie(PENDING_COOKIE, { path: PENDING_COOKIE_PATH });
}
