import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { suscripcionesPush } from '../../db/schema/index.js';

/** A client's data suppressed (modules/data-subject): none of their phones hears of a case again. */
export async function forgetClientSubscriptions(db: Executor, clientId: string): Promise<void> {
  await db.delete(suscripcionesPush).where(eq(suscripcionesPush.cliente, clientId));
}
