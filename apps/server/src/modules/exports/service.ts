import { and, eq, getTableColumns, ne } from 'drizzle-orm';
import {
  EXPORT_CANCELADO,
  EXPORT_EN_PROCESO,
  EXPORT_ERROR,
  MSG,
  fmt,
  mayExport,
  type ExportResponse,
} from '@vialex/domain';
import type { Tx } from '../../db/client.js';
import { exportaciones } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { cancelJob, enqueueJob } from '../../platform/jobs.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { lockCase } from '../cases/queries.js';
import { recordAudit } from '../audit/record.js';
import { caseLabel } from '../audit/targets.js';
import { EXPORT_JOB, exportChanged, type ExportJobPayload } from './job.js';
import { presentExport } from './presenter.js';

/*
 * The exports module owns `exportaciones`; its job rows live in the platform's `trabajos`
 * (platform/jobs.ts). Requesting, retrying and cancelling are for the cargos that may export a
 * case (spec 2 §6: Administrador, Call Center, Coordinador Contact Center), on cases of their
 * list scope.
 */

/** The state of an export the SFTP job has not finished (decisions.md D8). */
export const EXPORT_RUNNING = EXPORT_EN_PROCESO;

/** A new job for the export, its row pointed at it, in the caller's transaction. */
async function startJob(ctx: AppContext, tx: Tx, exportacion: string) {
  const payload: ExportJobPayload = { exportacion };
  const job = await enqueueJob(tx, EXPORT_JOB, { ...payload }, { maxAttempts: ctx.config.exportJobs.maxAttempts });
  return job.id;
}

/** Refuses when another export of the case is running (a double click, two desks at once). */
async function refuseRunning(tx: Tx, uidcaso: string, caso: number, except?: string) {
  const [running] = await tx
    .select({ id: exportaciones.id })
    .from(exportaciones)
    .where(
      and(
        eq(exportaciones.uidcaso, uidcaso),
        eq(exportaciones.estado, EXPORT_RUNNING),
        except ? ne(exportaciones.id, except) : undefined,
      ),
    )
    .limit(1);
  if (running) throw conflict('EXPORT_RUNNING', fmt(MSG.exportacionEnProceso, { caso }));
}

/**
 * Export a case's files: the request is recorded in `exportaciones` as 'En proceso' with its
 * job, which a worker of any instance runs. A second request while one of the case is still
 * running is refused (409). The case row is locked while checking, so two requests at the same
 * moment are one after the other.
 */
export async function requestExport(ctx: AppContext, viewer: Viewer, id: string) {
  enforce(mayExport(viewer));
  return ctx.db.transaction(async (tx) => {
    const c = await lockCase(tx, viewer, id);
    await refuseRunning(tx, id, c.caso);
    // Milliseconds, like the list's cursors.
    const [row] = await tx
      .insert(exportaciones)
      .values({ caso: c.caso, uidcaso: id, estado: EXPORT_RUNNING, solicitado_por: viewer.id, fechainicio: new Date() })
      .returning();
    const trabajo = await startJob(ctx, tx, row.id);
    await tx.update(exportaciones).set({ trabajo }).where(eq(exportaciones.id, row.id));
    await recordAudit(tx, {
      actor: viewer,
      accion: 'exportacion.sftp_iniciada',
      objeto: { tipo: 'exportacion', id: row.id, etiqueta: caseLabel(c.caso) },
      despues: { estado: row.estado },
    });
    await exportChanged(ctx, tx, row.id);
    return { id: row.id, caso: row.caso, estado: row.estado, fechainicio: row.fechainicio.toISOString() };
  });
}

/** The export, locked, if its case is in the viewer's list scope. */
async function lockExport(tx: Tx, viewer: Viewer, id: string) {
  const [row] = await tx
    .select(getTableColumns(exportaciones))
    .from(exportaciones)
    .where(eq(exportaciones.id, id))
    .for('update');
  if (!row) throw notFound(MSG.exportacionNoExiste);
  // Out of scope reads as absent, like a case.
  await lockCase(tx, viewer, row.uidcaso).catch((err) => {
    throw err instanceof AppError && err.statusCode === 404 ? notFound(MSG.exportacionNoExiste) : err;
  });
  return row;
}

/**
 * 'Reintentar' of an export that ended in Error (or was cancelled): the same row runs again under
 * a new job, from now; files the server already holds whole are not sent again.
 */
export async function retryExport(ctx: AppContext, viewer: Viewer, id: string): Promise<ExportResponse> {
  enforce(mayExport(viewer));
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockExport(tx, viewer, id);
    if (current.estado !== EXPORT_ERROR && current.estado !== EXPORT_CANCELADO)
      throw conflict('EXPORT_NOT_RETRYABLE', MSG.exportacionNoReintentable);
    await refuseRunning(tx, current.uidcaso, current.caso, current.id);
    const trabajo = await startJob(ctx, tx, current.id);
    const [updated] = await tx
      .update(exportaciones)
      .set({
        estado: EXPORT_RUNNING,
        mensaje: '',
        fechainicio: new Date(),
        fechafinalizacion: null,
        enviados: 0,
        trabajo,
        solicitado_por: viewer.id,
      })
      .where(eq(exportaciones.id, id))
      .returning();
    // A retry starts the export again: the same act, its earlier end as the before.
    await recordAudit(tx, {
      actor: viewer,
      accion: 'exportacion.sftp_iniciada',
      objeto: { tipo: 'exportacion', id, etiqueta: caseLabel(current.caso) },
      antes: { estado: current.estado },
      despues: { estado: updated.estado },
    });
    await exportChanged(ctx, tx, id);
    return updated;
  });
  return presentExport(row, viewer);
}

/** Cancels a running export: its job stops before its next file; the row says who cancelled it. */
export async function cancelExport(ctx: AppContext, viewer: Viewer, id: string): Promise<ExportResponse> {
  enforce(mayExport(viewer));
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockExport(tx, viewer, id);
    if (current.estado !== EXPORT_RUNNING)
      throw conflict('EXPORT_ENDED', fmt(MSG.exportacionTerminada, { caso: current.caso }));
    if (current.trabajo) await cancelJob(tx, current.trabajo);
    const nombre = `${viewer.user.nombres} ${viewer.user.apellidos}`.trim();
    const [updated] = await tx
      .update(exportaciones)
      .set({
        estado: EXPORT_CANCELADO,
        mensaje: fmt(MSG.exportacionCanceladaPor, { nombre }),
        fechafinalizacion: new Date(),
      })
      .where(eq(exportaciones.id, id))
      .returning();
    // A retry starts the export again: the same act, its earlier end as the before.
    await recordAudit(tx, {
      actor: viewer,
      accion: 'exportacion.sftp_iniciada',
      objeto: { tipo: 'exportacion', id, etiqueta: caseLabel(current.caso) },
      antes: { estado: current.estado },
      despues: { estado: updated.estado },
    });
    await exportChanged(ctx, tx, id);
    return updated;
  });
  return presentExport(row, viewer);
}
