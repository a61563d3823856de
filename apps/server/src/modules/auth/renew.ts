import { eq } from 'drizzle-orm';
import { topics } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { cuentas, sesiones, usuarios } from '../../db/schema/index.js';
import { renewedDeviceCookie } from './device.js';
import { checkPassword } from './password-check.js';
import { noSession, sessionEnded, sessionEndReason, type UserRow, type Viewer } from './session.js';

/**
 * "Seguir conectado": the signed-in user proves their password again and the session starts
 * again — the same session (cookie and token_login unchanged, so nothing the tabs hold is lost)
 * whose duracion_sesion minutes now count from this moment, recorded as a sign-in records it
 * (`sesiones.creado`, the user's `ultimo_login` and ip). Availability stays as it is: the user
 * never left. The password is checked as a sign-in checks it (password-check.ts: the throttle, a
 * wrong one counted as a failed sign-in). The user's `user.updated` in the same transaction has
 * every open socket of the session re-read its start and re-arm its end (live/routes.ts).
 */
export async function renewSession(
  ctx: AppContext,
  viewer: Viewer,
  input: { password: string; ip: string; deviceCookie?: string },
): Promise<{ user: UserRow; started: Date; deviceCookie: string }> {
  const { db, config, hub } = ctx;
  const [account] = await db
    .select({ cuenta: cuentas, user: usuarios })
    .from(usuarios)
    .innerJoin(cuentas, eq(cuentas.id, usuarios.uiid))
    .where(eq(usuarios.id, viewer.id));
  if (!account) throw noSession();
  // Deactivated since this request's session check: the session is over, not the password wrong.
  if (!account.user.estado) throw sessionEnded('forced');
  // Counted under the account's e-mail, as its sign-ins are.
  const email = account.cuenta.email;
  await checkPassword(ctx, { ...input, email }, async () => account);

  const result = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(usuarios).where(eq(usuarios.id, viewer.id)).for('update');
    const [session] = await tx.select().from(sesiones).where(eq(sesiones.id, viewer.sessionId)).for('update');
    // The session may have ended while the password was checked (its time, DESLOGUEAR, a reset).
    if (!user || !session) throw noSession();
    const reason = sessionEndReason(user, session);
    if (reason) throw sessionEnded(reason);
    const now = new Date();
    await tx.update(sesiones).set({ creado: now }).where(eq(sesiones.id, session.id));
    const [updated] = await tx
      .update(usuarios)
      .set({ ultimo_login: now, ip: input.ip, modificacion: now })
      .where(eq(usuarios.id, user.id))
      .returning();
    await hub.publish(tx, topics.user(user.id), { name: 'user.updated', id: user.id });
    return { user: updated, started: now };
  });
  const deviceCookie = await renewedDeviceCookie(db, config, email, input.deviceCookie);
  return { ...result, deviceCookie };
}
