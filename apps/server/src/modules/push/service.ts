import { and, desc, eq, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { MSG, PUSH_MAX_SUBSCRIPTIONS_PER_USER } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../db/client.js';
import { anyOf, runPrepared, uuidArray } from '../../db/prepared.js';
import { suscripcionesPush } from '../../db/schema/index.js';
import { AppError, conflict } from '../../platform/errors.js';
import { isAllowedPushEndpoint } from '../../integrations/push-hosts.js';
import {
  sendPush,
  type PushMessage,
  type PushOptions,
  type PushTarget,
  type VapidKeys,
} from '../../integrations/web-push.js';
import { loadVapidKeys } from '../../platform/vapid-keys.js';

/*
 * The push module owns the table `suscripciones_push` (the staff's tokenPush, one row per device).
 * Signing out forgets a device's subscriptions through this service.
 */

let vapid: Promise<VapidKeys> | undefined;
export const vapidKeys = (ctx: AppContext) => (vapid ??= loadVapidKeys(ctx.db));
/** For tests that open several databases in one process. */
export const resetVapidCache = () => (vapid = undefined);

/** Serialises the registrations of one user (or client), so the cap holds under concurrent requests. */
const LOCK_USER_SUBSCRIPTIONS = 727010;

/** Whose subscription: a staff user's (`usuario`) or a client's (`cliente`). */
type Owner = { column: 'usuario' | 'cliente'; id: string };

function refuseForeignService(ctx: AppContext, sub: PushTarget): void {
  if (!isAllowedPushEndpoint(sub.endpoint, ctx.config.pushHosts)) {
    throw new AppError(400, 'PUSH_ENDPOINT_NOT_ALLOWED', MSG.pushServicioNoPermitido, [
      { path: 'subscription.endpoint', message: MSG.pushServicioNoPermitido },
    ]);
  }
}

/**
 * Stores the owner's subscription tied to the session that registered it: inserted, or refreshed
 * when the endpoint is already the owner's; an endpoint held by anybody else is refused, never
 * moved. The owner keeps their PUSH_MAX_SUBSCRIPTIONS_PER_USER newest subscriptions.
 */
async function saveOwned(ctx: AppContext, owner: Owner, sessionId: string, sub: PushTarget): Promise<void> {
  const column = suscripcionesPush[owner.column];
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_USER_SUBSCRIPTIONS}, hashtext(${owner.id}))`);
    const saved = await tx
      .insert(suscripcionesPush)
      .values({
        endpoint: sub.endpoint,
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
        [owner.column]: owner.id,
        sesion: sessionId,
      })
      .onConflictDoUpdate({
        target: suscripcionesPush.endpoint,
        set: { p256dh: sub.keys.p256dh, auth: sub.keys.auth, sesion: sessionId },
        setWhere: eq(column, owner.id),
      })
      .returning({ id: suscripcionesPush.id });
    if (saved.length === 0) throw conflict('PUSH_ENDPOINT_TAKEN', MSG.pushSuscripcionAjena);
    const keep = tx
      .select({ id: suscripcionesPush.id })
      .from(suscripcionesPush)
      .where(eq(column, owner.id))
      .orderBy(desc(suscripcionesPush.creado), desc(suscripcionesPush.id))
      .limit(PUSH_MAX_SUBSCRIPTIONS_PER_USER);
    await tx.delete(suscripcionesPush).where(and(eq(column, owner.id), notInArray(suscripcionesPush.id, keep)));
  });
}

/**
 * Stores a browser's push subscription for a staff user (the spec's tokenPush), tied to the
 * session that registered it. Only push services' endpoints are accepted (the server will POST
 * to it).
 */
export async function saveSubscription(
  ctx: AppContext,
  viewer: { id: string; sessionId: string },
  sub: PushTarget,
): Promise<void> {
  refuseForeignService(ctx, sub);
  await saveOwned(ctx, { column: 'usuario', id: viewer.id }, viewer.sessionId, sub);
}

/** A user forgets one of their own subscriptions ('GENERAR NUEVO TOKEN'). */
export async function deleteSubscription(ctx: AppContext, userId: string, endpoint: string): Promise<void> {
  await ctx.db
    .delete(suscripcionesPush)
    .where(and(eq(suscripcionesPush.endpoint, endpoint), eq(suscripcionesPush.usuario, userId)));
}

/**
 * Salir: the device that signs out stops receiving this user's notices. Removes the user's
 * subscriptions registered by the ending session and the one the device names (if it is the
 * user's: someone else's endpoint is not touched). Runs on the log-out transaction.
 */
export async function forgetDeviceSubscriptions(
  db: Executor,
  userId: string,
  sessionId: string,
  endpoint?: string,
): Promise<void> {
  const device = endpoint
    ? or(eq(suscripcionesPush.sesion, sessionId), eq(suscripcionesPush.endpoint, endpoint))
    : eq(suscripcionesPush.sesion, sessionId);
  await db.delete(suscripcionesPush).where(and(eq(suscripcionesPush.usuario, userId), device));
}

/**
 * Stores the push subscription of a client who entered their case (the spec's clientes.tokenPush,
 * spec 3 §7 "Client entry sequence"), tied to their client session: it goes when the session
 * ends. Same rules as the staff's: only push services' endpoints, someone else's never moved.
 */
export async function saveClientSubscription(
  ctx: AppContext,
  client: { id: string; sessionId: string },
  sub: PushTarget,
): Promise<void> {
  refuseForeignService(ctx, sub);
  await saveOwned(ctx, { column: 'cliente', id: client.id }, client.sessionId, sub);
}

/** A client session ended (its time, or Salir): its device stops receiving the case's notices. */
export async function forgetClientSessionSubscriptions(db: Executor, sessionId: string): Promise<void> {
  await db
    .delete(suscripcionesPush)
    .where(and(eq(suscripcionesPush.sesion, sessionId), isNotNull(suscripcionesPush.cliente)));
}

/** Sends to every device of the clients (their live client sessions' subscriptions). */
export async function pushToClients(
  ctx: AppContext,
  clientIds: string[],
  message: PushMessage,
  options: PushOptions = {},
): Promise<{ sent: number; failed: number }> {
  if (clientIds.length === 0) return { sent: 0, failed: 0 };
  const rows = await ctx.db.select().from(suscripcionesPush).where(anyOf(suscripcionesPush.cliente, clientIds));
  return pushToSubscriptions(ctx, rows, message, options);
}

/**
 * Sends to every subscription of the users; subscriptions the push service says are gone (404,
 * 410) are dropped. Answers how many devices the message reached and how many it did not.
 */
export async function pushToUsers(
  ctx: AppContext,
  userIds: string[],
  message: PushMessage,
  options: PushOptions = {},
): Promise<{ sent: number; failed: number }> {
  if (userIds.length === 0) return { sent: 0, failed: 0 };
  const rows = await runPrepared(
    ctx.db,
    'push_subscriptions_of_users',
    (b) =>
      b
        .select()
        .from(suscripcionesPush)
        .where(anyOf(suscripcionesPush.usuario, sql.placeholder('ids'))),
    { ids: uuidArray(userIds) },
  );
  return pushToSubscriptions(ctx, rows, message, options);
}

async function pushToSubscriptions(
  ctx: AppContext,
  rows: (typeof suscripcionesPush.$inferSelect)[],
  message: PushMessage,
  options: PushOptions,
): Promise<{ sent: number; failed: number }> {
  // Checked again before sending: a row stored before the rule, or by hand, is never contacted.
  const subs = rows.filter((s) => isAllowedPushEndpoint(s.endpoint, ctx.config.pushHosts));
  let failed = rows.length - subs.length;
  if (failed)
    ctx.log?.warn({ skipped: failed }, 'push subscriptions outside the allowed push services were not contacted');
  const keys = await vapidKeys(ctx);
  let sent = 0;
  const gone: string[] = [];
  await Promise.all(
    subs.map(async (s) => {
      const result = await sendPush(
        keys,
        ctx.config.vapidSubject,
        { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
        message,
        options,
      );
      if (result.ok) sent++;
      else {
        failed++;
        if (result.gone) gone.push(s.endpoint);
      }
    }),
  );
  if (gone.length) await ctx.db.delete(suscripcionesPush).where(anyOf(suscripcionesPush.endpoint, gone));
  return { sent, failed };
}

/** The top bar's test button: succeed only if the message reached at least one push service. */
export async function sendTestPush(ctx: AppContext, userId: string): Promise<void> {
  const { sent } = await pushToUsers(ctx, [userId], {
    title: MSG.pruebaNotificacionTitulo,
    body: MSG.pruebaNotificacionCuerpo,
    url: '/',
  });
  if (sent === 0) throw new AppError(502, 'PUSH_FAILED', MSG.errorNotificacion);
}
