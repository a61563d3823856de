import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { autorizacionesDatos } from '../../db/schema/index.js';

/**
 * A client's data suppressed (modules/data-subject): their authorisations stay as the proof that
 * the processing was authorised (case, notice version, date), without the address they gave it
 * from. The access log names staff, not the person, and stays as it is.
 */
export async function forgetAuthorisationAddresses(db: Executor, clientId: string): Promise<void> {
  await db.update(autorizacionesDatos).set({ ip: '' }).where(eq(autorizacionesDatos.uidcliente, clientId));
}
