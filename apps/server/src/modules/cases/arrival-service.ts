import { eq } from 'drizzle-orm';
import { MSG, mayMarkArrival } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { casos } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { enforce } from '../../platform/policy.js';
import type { Viewer } from '../../platform/viewer.js';
import { caseHistory, dispatch, listChanged, noticeAboutCase } from './dispatch.js';
import { lockCase } from './queries.js';

/*
 * What the case map writes on a case (the cases module owns `casos`): the investigator's arrival
 * and the arrival times (its place: place.ts).
 */

/**
 * The investigator arrived (spec 2 §4 "Arrival"): llegada false → true once, with its time, an
 * entry in the case history and the arrival notice (push and the notification centre).
 */
export async function markArrival(ctx: AppContext, viewer: Viewer, caseId: string) {
  return dispatch(ctx, async (tx, pending) => {
    const c = await lockCase(tx, viewer, caseId);
    enforce(mayMarkArrival(viewer, c));
    const now = new Date();
    await tx.update(casos).set({ llegada: true, llegada_fecha: now, modificacion: now }).where(eq(casos.id, caseId));
    await caseHistory(tx, c, viewer, MSG.trazaLlegada);
    await noticeAboutCase(tx, pending, c, 'arrival', { actor: viewer.id });
    await listChanged(ctx, tx, caseId);
    return { message: MSG.llegadaMarcada, fecha: now.toISOString() };
  });
}

/** The arrival times as the case keeps them (tiempo_llegada_investigador / _abogado); unchanged values are not written. */
export async function saveArrivalTimes(
  db: Executor,
  caseId: string,
  times: { investigador: string | null; abogado: string | null },
): Promise<void> {
  await db
    .update(casos)
    .set({ tiempo_llegada_investigador: times.investigador, tiempo_llegada_abogado: times.abogado })
    .where(eq(casos.id, caseId));
}
