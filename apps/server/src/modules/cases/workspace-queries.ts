import { desc, eq, max, sql } from 'drizzle-orm';
import { MSG, mayOpenTab, type HistoryEntry, type PolicyCard, type WorkspaceTab } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { archivos, casos, polizas, trazabilidad, usuarios } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { presentHistoryEntry } from './history-presenter.js';
import { findCaseWithNames, findScopedCase, inScope, type CaseWithNames } from './queries.js';

/*
 * What the case workspace (/gestionar-caso/{id}/{tab}) reads: the case as its list scope allows
 * it, its history (trazabilidad, with the attachment in `archivos`) and its policies (`polizas`,
 * the vehicles module's table, read here).
 */

/** The newest entries a history shows; a case worked for years still answers quickly. */
export const HISTORY_LIMIT = 500;

/**
 * The case for one tab of its workspace, or the spec's refusal: 'El caso no existe' (404) out of
 * the viewer's list scope, 'Usuario no autorizado' (403) when the cargo may not manage it or the
 * tab is hidden from it. Every tab's data goes through here (later issues' chats and map too).
 */
export async function loadCaseForTab(
  db: Executor,
  viewer: Viewer,
  id: string,
  tab: WorkspaceTab,
): Promise<CaseWithNames> {
  const row = (await inScope(db, viewer, id)) ? await findCaseWithNames(db, id) : undefined;
  if (!row) throw notFound(MSG.casoNoExiste);
  enforce(mayOpenTab(viewer, row.caso, tab));
  return row;
}

/**
 * The case row alone for one tab (the chats read it on every message): the same refusals as
 * loadCaseForTab in one indexed statement, without the agents' names.
 */
export async function loadCaseRowForTab(
  db: Executor,
  viewer: Viewer,
  id: string,
  tab: WorkspaceTab,
): Promise<typeof casos.$inferSelect> {
  const row = await findScopedCase(db, viewer, id);
  if (!row) throw notFound(MSG.casoNoExiste);
  enforce(mayOpenTab(viewer, row, tab));
  return row;
}

const staffName = sql<
  string | null
>`nullif(trim(coalesce(${usuarios.nombres}, '') || ' ' || coalesce(${usuarios.apellidos}, '')), '')`;

/** HISTORIAL DE GESTIÓN: newest first, numbered from 1 (the newest). */
export async function listCaseHistory(db: Executor, caseId: string): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      id: trazabilidad.id,
      fechahora: trazabilidad.fechahora,
      descripcion: trazabilidad.descripcion,
      estado: trazabilidad.estado,
      nameArchivo: trazabilidad.nameArchivo,
      creador: staffName,
      archivoId: archivos.id,
      archivoNombre: archivos.nombre,
      extension: archivos.extension,
    })
    .from(trazabilidad)
    .leftJoin(archivos, eq(archivos.id, trazabilidad.archivo))
    .leftJoin(usuarios, eq(usuarios.id, trazabilidad.uidcreador))
    .where(eq(trazabilidad.uidcaso, caseId))
    .orderBy(desc(trazabilidad.fechahora), desc(trazabilidad.id))
    .limit(HISTORY_LIMIT);
  return rows.map((r, i) => presentHistoryEntry(caseId, r, i + 1));
}

/** When the case's last history entry was written. */
export async function lastEntryAt(db: Executor, caseId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(trazabilidad.fechahora) })
    .from(trazabilidad)
    .where(eq(trazabilidad.uidcaso, caseId));
  return row?.at ? new Date(row.at) : null;
}

/** DATOS DE LA PÓLIZA: the case's policies, the one that ends last first; expired ones marked. */
export async function casePolicies(db: Executor, caseId: string, now = Date.now()): Promise<PolicyCard[]> {
  const rows = await db
    .select()
    .from(polizas)
    .where(eq(polizas.idCaso, caseId))
    .orderBy(sql`${polizas.fechaFin} desc nulls last`, polizas.polizas);
  return rows.map((p) => ({
    id: p.id,
    fuente: p.fuente,
    nombre_producto: p.nombre_producto,
    polizas: p.polizas,
    fechaIni: p.fechaIni?.toISOString() ?? null,
    fechaFin: p.fechaFin?.toISOString() ?? null,
    deducible: p.deducible,
    docliente: p.docliente,
    cliente: p.cliente,
    empresa: p.empresa,
    ramo: p.ramo,
    estado: p.estado,
    vencida: !!p.fechaFin && p.fechaFin.getTime() <= now,
  }));
}
