import { and, eq } from 'drizzle-orm';
import { MSG, fmt, mayExport } from '@vialex/domain';
import { exportaciones } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { conflict } from '../../platform/errors.js';
import type { Viewer } from '../auth/session.js';
import { enforce } from '../auth/policy.js';
import { lockCase } from '../cases/queries.js';

/** The state of an export the SFTP job has not finished (DECISIONS row 8). */
export const EXPORT_RUNNING = 'En proceso';

/**
 * Export a case's files (spec 2 §6: Administrador, Call Center, Coordinador Contact Center): the
 * request is recorded in `exportaciones` as 'En proceso'; the back-office SFTP job runs it. A
 * second request while one of the case is still running is refused (409), so a double click or
 * two desks at once make one export. The case row is locked while checking, so two requests at
 * the same moment are one after the other.
 */
export async function requestExport(ctx: AppContext, viewer: Viewer, id: string) {
  enforce(mayExport(viewer));
  return ctx.db.transaction(async (tx) => {
    const c = await lockCase(tx, viewer, id);
    const [running] = await tx
      .select({ id: exportaciones.id })
      .from(exportaciones)
      .where(and(eq(exportaciones.uidcaso, id), eq(exportaciones.estado, EXPORT_RUNNING)))
      .limit(1);
    if (running) throw conflict('EXPORT_RUNNING', fmt(MSG.exportacionEnProceso, { caso: c.caso }));
    const [row] = await tx
      .insert(exportaciones)
      .values({ caso: c.caso, uidcaso: id, estado: EXPORT_RUNNING, solicitado_por: viewer.id })
      .returning();
    return { id: row.id, caso: row.caso, estado: row.estado, fechainicio: row.fechainicio.toISOString() };
  });
}
