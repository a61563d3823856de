import { and, eq, inArray } from 'drizzle-orm';
import { MSG } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { suscripcionesPush } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { loadVapidKeys, sendPush, type PushMessage, type PushTarget, type VapidKeys } from '../../integrations/web-push.js';

let vapid: Promise<VapidKeys> | undefined;
export const vapidKeys = (ctx: AppContext) => (vapid ??= loadVapidKeys(ctx.db));
/** For tests that open several databases in one process. */
export const resetVapidCache = () => (vapid = undefined);

/** Stores a browser's push subscription for a staff user (the spec's tokenPush). */
export async function saveSubscription(ctx: AppContext, userId: string, sub: PushTarget): Promise<void> {
  await ctx.db
    .insert(suscripcionesPush)
    .values({ endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, usuario: userId })
    .onConflictDoUpdate({ target: suscripcionesPush.endpoint, set: { p256dh: sub.keys.p256dh, auth: sub.keys.auth, usuario: userId, cliente: null } });
}

/** A user forgets one of their own subscriptions ('GENERAR NUEVO TOKEN'). */
export async function deleteSubscription(ctx: AppContext, userId: string, endpoint: string): Promise<void> {
  await ctx.db.delete(suscripcionesPush).where(and(eq(suscripcionesPush.endpoint, endpoint), eq(suscripcionesPush.usuario, userId)));
}

/** Sends to every subscription of the users; subscriptions the push service says are gone are dropped. */
export async function pushToUsers(ctx: AppContext, userIds: string[], message: PushMessage): Promise<{ sent: number; failed: number }> {
  if (userIds.length === 0) return { sent: 0, failed: 0 };
  const subs = await ctx.db.select().from(suscripcionesPush).where(inArray(suscripcionesPush.usuario, userIds));
  const keys = await vapidKeys(ctx);
  let sent = 0;
  let failed = 0;
  const gone: string[] = [];
  await Promise.all(
    subs.map(async (s) => {
      const result = await sendPush(keys, ctx.config.vapidSubject, { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, message);
      if (result.ok) sent++;
      else {
        failed++;
        if (result.gone) gone.push(s.endpoint);
      }
    }),
  );
  if (gone.length) await ctx.db.delete(suscripcionesPush).where(inArray(suscripcionesPush.endpoint, gone));
  return { sent, failed };
}

/** The top bar's test button: succeed only if the message reached at least one push service. */
export async function sendTestPush(ctx: AppContext, userId: string): Promise<void> {
  const { sent } = await pushToUsers(ctx, [userId], { title: MSG.pruebaNotificacionTitulo, body: MSG.pruebaNotificacionCuerpo, url: '/' });
  if (sent === 0) throw new AppError(502, 'PUSH_FAILED', MSG.errorNotificacion);
}
