import { and, eq, gt, sql } from 'drizzle-orm';
import {
  DISPONIBILIDAD,
  MSG,
  availabilityForOpenCases,
  topics,
  type Cargo,
  type SecondFactorMethod,
} from '@vialex/domain';
import { openCaseCount } from '../availability/open-cases.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../db/client.js';
import { cuentas, sesiones, usuarios } from '../../db/schema/index.js';
import { conflict } from '../../platform/errors.js';
import { hashSessionToken, newLoginToken, newSessionToken, sessionTopic } from './tokens.js';
import { forgetSession } from './live-session.js';
import { renewedDeviceCookie } from './device.js';
import { checkPassword } from './password-check.js';
import type { UserRow, Viewer } from './session.js';
import { beginPendingSignIn, type PendingStep } from './pending-sign-in.js';
import { secondStepMethods, stepAfterPassword } from './second-factor-state.js';
import { forgetDeviceSubscriptions } from '../push/service.js';
import { setAvailability } from '../availability/availability.js';

/*
 * The auth module owns the tables `sesiones` and `intentos_login` (throttle.ts) and the sign-in
 * columns of `usuarios` (login, token_login, ultimo_login, ip, salir). Availability and the
 * user-state trail change through the users module; a device's push subscriptions through push.
 */

/** What a sign-in's password leads to: the session, or one more step before it (second-step.ts). */
export type SignInStep =
  | { kind: 'session'; token: string; user: UserRow; started: Date; deviceCookie: string }
  | { kind: 'verificar'; pendingToken: string; methods: SecondFactorMethod[] }
  | { kind: 'configurar'; pendingToken: string; cargo: Cargo };

/**
 * Staff sign-in, its password step: refused while the user has a live session.
 * Without a second factor (and a cargo that requires none) the session starts (startSession);
 * otherwise a pending sign-in waits for the second factor, or for the setup of one when the
 * user's cargo requires it: no session yet, and this address's earlier failures on the account
 * still count until the sign-in is complete (a right password does not wipe the count of wrong
 * codes). `deviceCookie`: the browser's trusted-device cookie (device.ts).
 */
export async function login(
  ctx: AppContext,
  input: { email: string; password: string; ip: string; userAgent: string; deviceCookie?: string },
): Promise<SignInStep> {
  const { db } = ctx;
  let next: PendingStep | 'session' = 'session';
  const found = await checkPassword(
    ctx,
    input,
    async () => {
      const [row] = await db
        .select({ cuenta: cuentas, user: usuarios })
        .from(cuentas)
        .innerJoin(usuarios, eq(usuarios.uiid, cuentas.id))
        .where(eq(cuentas.email, input.email));
      return row;
    },
    async ({ user }) => {
      next = await stepAfterPassword(db, user);
      return next === 'session';
    },
  );
  if (next === 'session') return { kind: 'session', ...(await startSession(ctx, found.user.id, input)) };
  // Said now rather than after the second factor: the session could not start anyway.
  if (await hasLiveSession(db, found.user)) throw conflict('SESSION_ACTIVE', MSG.sesionActiva);
  const pendingToken = await beginPendingSignIn(db, found.user.id, next);
  if (next === 'configurar') return { kind: 'configurar', pendingToken, cargo: found.user.cargo as Cargo };
  return { kind: 'verificar', pendingToken, methods: await secondStepMethods(db, found.user.id) };
}

/** Whether the user's current session (their token_login's) is within its time. */
async function hasLiveSession(tx: Executor, user: UserRow): Promise<boolean> {
  if (!user.login || !user.token_login) return false;
  const [live] = await tx
    .select({ id: sesiones.id })
    .from(sesiones)
    .where(
      and(
        eq(sesiones.usuario, user.id),
        eq(sesiones.token_login, user.token_login),
        gt(sql`${sesiones.creado} + make_interval(mins => ${user.duracion_sesion})`, sql`now()`),
      ),
    );
  return !!live;
}

/**
 * A proven sign-in becomes a session: refused while the user has a live session; otherwise a new
 * token_login, the login flag, the ip, availability 'Activo en espera', and a new session. The
 * trusted-device cookie is renewed for the account.
 */
export async function startSession(
  ctx: AppContext,
  userId: string,
  input: { email: string; ip: string; userAgent: string; deviceCookie?: string },
): Promise<{ token: string; user: UserRow; started: Date; deviceCookie: string }> {
  const { db, config, hub } = ctx;
  const token = newSessionToken();
  const sessionId = hashSessionToken(token);
  const result = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(usuarios).where(eq(usuarios.id, userId)).for('update');
    if (await hasLiveSession(tx, user)) throw conflict('SESSION_ACTIVE', MSG.sesionActiva);
    // Sessions left behind (expired or forced out) are closed for good.
    const stale = await tx.delete(sesiones).where(eq(sesiones.usuario, user.id)).returning({ id: sesiones.id });
    for (const s of stale) {
      forgetSession(s.id);
      await hub.publish(tx, sessionTopic(s.id), { name: 'session.ended', reason: 'replaced' });
    }
    const now = new Date();
    const tokenLogin = newLoginToken();
    // 'Activo en espera' at sign-in (spec 1 §4), unless the user still holds open cases.
    const disponibilidad = availabilityForOpenCases(await openCaseCount(tx, user.id), DISPONIBILIDAD.enEspera);
    await setAvailability(tx, user, disponibilidad, { descripcion: MSG.trazaInicioSesion, uidcreador: user.id });
    const [updated] = await tx
      .update(usuarios)
      .set({
        login: true,
        token_login: tokenLogin,
        ultimo_login: now,
        ip: input.ip,
        salir: false,
        modificacion: now,
      })
      .where(eq(usuarios.id, user.id))
      .returning();
    await tx.insert(sesiones).values({
      id: sessionId,
      usuario: user.id,
      token_login: tokenLogin,
      creado: now,
      ip: input.ip,
      user_agent: input.userAgent.slice(0, 300),
    });
    await hub.publish(tx, topics.user(user.id), { name: 'user.updated', id: user.id });
    await hub.publish(tx, topics.list('usuarios'), { name: 'list.changed', list: 'usuarios', id: user.id });
    return { user: updated, started: now };
  });
  const deviceCookie = await renewedDeviceCookie(db, config, input.email, input.deviceCookie);
  return { token, deviceCookie, ...result };
}

/**
 * Salir: the session ends, the login flag goes off and availability becomes off-shift. The
 * device stops receiving the user's push notices: the subscriptions this session registered
 * and the one the device names (`endpoint`, if it is this user's) are removed.
 */
export async function logout(ctx: AppContext, viewer: Viewer, device: { endpoint?: string } = {}): Promise<void> {
  const { db, hub } = ctx;
  forgetSession(viewer.sessionId);
  await db.transaction(async (tx) => {
    await tx.delete(sesiones).where(eq(sesiones.id, viewer.sessionId));
    await forgetDeviceSubscriptions(tx, viewer.id, viewer.sessionId, device.endpoint);
    await tx.update(usuarios).set({ login: false, salir: true, token_login: null }).where(eq(usuarios.id, viewer.id));
    await setAvailability(tx, viewer.user, DISPONIBILIDAD.fueraDeHorario, {
      descripcion: MSG.trazaCierreSesion,
      uidcreador: viewer.id,
    });
    await hub.publish(tx, sessionTopic(viewer.sessionId), { name: 'session.ended', reason: 'logout' });
    await hub.publish(tx, topics.user(viewer.id), { name: 'user.updated', id: viewer.id });
    await hub.publish(tx, topics.list('usuarios'), { name: 'list.changed', list: 'usuarios', id: viewer.id });
  });
}
