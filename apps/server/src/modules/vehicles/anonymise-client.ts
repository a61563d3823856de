import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { polizas, vehiculos } from '../../db/schema/index.js';

/**
 * A client's data suppressed (modules/data-subject): their vehicles stay (plates are the cases'
 * data) without them as owner, so no later case is attached to them through the vehicle; the
 * policies found on their cases keep number, product and dates but not the holder's name,
 * document or address as the insurer sent them.
 */
export async function forgetVehicleOwner(db: Executor, clientId: string): Promise<void> {
  await db.update(vehiculos).set({ uidcliente: null }).where(eq(vehiculos.uidcliente, clientId));
  await db.update(polizas).set({ cliente: '', docliente: '', direccion: null }).where(eq(polizas.uidcliente, clientId));
}
