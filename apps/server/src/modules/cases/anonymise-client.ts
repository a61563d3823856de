import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { casos } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { listChanged } from './dispatch.js';

/**
 * A client's data suppressed (modules/data-subject): the place their phone shared on entering a
 * case they are the client of (`asClient`; lugar_origen 'cliente') is where that person was, and
 * goes. The case keeps its number,
 * status, history and the accident's place as the staff recorded it (its address, its geocoded
 * point, a pin), which are the case's data. Every one of their cases (`all`) is announced, so the
 * lists read the client's new name.
 */
export async function forgetClientPlaces(ctx: AppContext, tx: Tx, asClient: string[], all: string[]): Promise<void> {
  if (asClient.length)
    await tx
      .update(casos)
      .set({ lat: null, lng: null, lugar_origen: null, lugar_por: null })
      .where(and(inArray(casos.id, asClient), eq(casos.lugar_origen, 'cliente')));
  for (const id of all) await listChanged(ctx, tx, id);
}
