import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notificaciones } from '../../db/schema/index.js';

/**
 * A client's data suppressed (modules/data-subject): the notices about their cases no longer
 * carry their identification (notificaciones.cedula); the notice itself stays.
 */
export async function forgetNoticeIdentification(
  db: Executor,
  caseIds: string[],
  identificacion: number,
): Promise<void> {
  if (!caseIds.length) return;
  await db
    .update(notificaciones)
    .set({ cedula: '' })
    .where(and(inArray(notificaciones.uidcaso, caseIds), eq(notificaciones.cedula, String(identificacion))));
}
