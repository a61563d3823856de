import { and, asc, eq, sql } from 'drizzle-orm';
import {
  AGENT_SLOTS,
  MSG,
  fmt,
  isClosedStatus,
  mayChangeStatus,
  type CaseStatusChange,
  type CaseStatusForm,
} from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { runPrepared, slot } from '../../db/prepared.js';
import type { AppContext } from '../../platform/context.js';
import { casos, estadoscaso, trazabilidad } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { recomputeAvailability } from '../availability/availability.js';
import { recordFile, removeStored, storeStaged, type FileRow } from '../files/service.js';
import type { StagedUpload } from '../files/upload.js';
import { dispatch, listChanged, noticeAboutCase } from './dispatch.js';
import { historyAuthor, presentHistoryEntry } from './history-presenter.js';
import { findScopedCase, lockCase } from './queries.js';

/**
 * GESTIÓN: a status change with its note and an optional document (spec 2 §4 "Status change",
 * §5, §6 "Status management"). One transaction: the status, the history entry (with the file's
 * name, or 'no'), the file's row, every assigned agent's availability when the case enters or
 * leaves Cancelado / Conciliado / No conciliado, and the 'Cierre de caso' notice on a closing
 * status; the lists and open workspaces hear of it after commit.
 */

/** The active status catalogue (estadoscaso rows with inactivo = true: true means active). */
export async function activeStatuses(db: Executor): Promise<string[]> {
  const rows = await runPrepared(db, 'active_statuses', (b) =>
    b
      .select({ estado: estadoscaso.estado })
      .from(estadoscaso)
      .where(eq(estadoscaso.inactivo, true))
      .orderBy(asc(estadoscaso.estado)),
  );
  return rows.map((r) => r.estado);
}

/** Reads the case the viewer may change (cargo 403, scope 404, the case rule), before any upload is read. */
export async function checkStatusChange(ctx: AppContext, viewer: Viewer, id: string) {
  enforce(mayChangeStatus(viewer));
  const c = await findScopedCase(ctx.db, viewer, id);
  if (!c) throw notFound(MSG.casoNoExiste);
  enforce(mayChangeStatus(viewer, c));
  return c;
}

/** GET /api/casos/{id}/gestion: the form's statuses and whether this viewer may save it (and why not). */
export async function statusForm(ctx: AppContext, viewer: Viewer, id: string): Promise<CaseStatusForm> {
  enforce(mayChangeStatus(viewer));
  const c = await findScopedCase(ctx.db, viewer, id);
  if (!c) throw notFound(MSG.casoNoExiste);
  const decision = mayChangeStatus(viewer, c);
  return {
    caso: c.caso,
    estado: c.estado,
    estados: await activeStatuses(ctx.db),
    permitido: decision.allowed,
    mensaje: decision.allowed ? null : decision.message,
    maxMb: ctx.config.uploadMaxMb,
  };
}

export async function changeCaseStatus(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  input: { estado: string; descripcion: string },
  upload?: StagedUpload,
): Promise<CaseStatusChange> {
  enforce(mayChangeStatus(viewer));
  if (!(await activeStatuses(ctx.db)).includes(input.estado))
    throw badRequest(MSG.estadoNoValido, [{ path: 'estado', message: MSG.estadoNoValido }]);
  // Object storage is no part of the transaction: the bytes go first and are removed again if
  // the transaction does not commit, so no row ever points at a missing file.
  const stored = upload ? await storeStaged(ctx, upload, `DocGestion/${id}`) : undefined;
  try {
    return await dispatch(ctx, async (tx, pending) => {
      const c = await lockCase(tx, viewer, id);
      enforce(mayChangeStatus(viewer, c));
      const file: FileRow | undefined = stored ? await recordFile(tx, stored, viewer.id) : undefined;
      await runPrepared(
        tx,
        'case_set_status',
        (b) =>
          b
            .update(casos)
            .set({ estado: slot('estado', casos.estado), modificacion: slot('at', casos.modificacion) })
            .where(eq(casos.id, sql.placeholder('id'))),
        { estado: input.estado, at: new Date(), id },
      );
      const [entry] = await runPrepared(
        tx,
        'case_status_history',
        (b) =>
          b
            .insert(trazabilidad)
            .values({
              descripcion: sql.placeholder('descripcion'),
              estado: sql.placeholder('estado'),
              uidcaso: sql.placeholder('caso'),
              uidcreador: sql.placeholder('by'),
              nameArchivo: sql.placeholder('nameArchivo'),
              archivo: sql.placeholder('archivo'),
            })
            .returning(),
        {
          descripcion: input.descripcion,
          estado: input.estado,
          caso: id,
          by: viewer.id,
          nameArchivo: file?.nombre ?? 'no',
          archivo: file?.id ?? null,
        },
      );

      // Entering or leaving a closing status changes the agents' open cases (D22: all four).
      if (input.estado !== c.estado && (isClosedStatus(input.estado) || isClosedStatus(c.estado))) {
        const agents = new Set(AGENT_SLOTS.map((s) => c[s]).filter((x): x is string => !!x));
        const descripcion = fmt(MSG.trazaCambioEstadoCaso, { caso: c.caso, estado: input.estado });
        for (const agent of agents)
          await recomputeAvailability(tx, ctx.hub, agent, { descripcion, uidcaso: id, uidcreador: viewer.id });
      }
      if (isClosedStatus(input.estado) && input.estado !== c.estado) {
        await noticeAboutCase(tx, pending, c, 'caseClosed', { vars: { estado: input.estado }, actor: viewer.id });
      }
      await listChanged(ctx, tx, id);
      return {
        title: MSG.bien,
        message: MSG.exito,
        estado: input.estado,
        // The entry as the history lists it: the screen adds it to the history it shows.
        entrada: presentHistoryEntry(
          id,
          {
            ...entry,
            creador: historyAuthor(viewer.user),
            archivoId: file?.id ?? null,
            archivoNombre: file?.nombre ?? null,
            extension: file?.extension ?? null,
          },
          1,
        ),
      };
    });
  } catch (err) {
    await removeStored(ctx, stored);
    throw err;
  }
}

/** A file of the case's history (management documents); undefined when the case has no such file. */
export async function findCaseDocument(db: Executor, caseId: string, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: trazabilidad.id })
    .from(trazabilidad)
    .where(and(eq(trazabilidad.uidcaso, caseId), eq(trazabilidad.archivo, fileId)))
    .limit(1);
  return !!row;
}
