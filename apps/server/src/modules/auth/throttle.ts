import { and, count, eq, gt, lt, or } from 'drizzle-orm';
import { MSG, fmt } from '@vialex/domain';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { intentos_login } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';

/**
 * Failed sign-ins are counted per account and per address over a window; past the limit the
 * login is refused until the window passes. Kept in the database so every instance agrees.
 */
export async function assertNotThrottled(db: Db, config: Config, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - config.login.windowMinutes * 60_000);
  const [byEmail] = await db
    .select({ n: count() })
    .from(intentos_login)
    .where(and(eq(intentos_login.email, email), gt(intentos_login.fecha, since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(intentos_login)
    .where(and(eq(intentos_login.ip, ip), gt(intentos_login.fecha, since)));
  if (byEmail.n >= config.login.maxPerAccount || byIp.n >= config.login.maxPerIp) {
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', fmt(MSG.demasiadosIntentos, { minutos: config.login.windowMinutes }));
  }
}

export async function recordFailure(db: Db, email: string, ip: string): Promise<void> {
  await db.insert(intentos_login).values({ email, ip });
}

export async function clearFailures(db: Db, config: Config, email: string): Promise<void> {
  const old = new Date(Date.now() - config.login.windowMinutes * 60_000);
  await db.delete(intentos_login).where(or(eq(intentos_login.email, email), lt(intentos_login.fecha, old)));
}
