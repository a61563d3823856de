import { and, eq, getTableColumns } from 'drizzle-orm';
import { EXPORT_LIST } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { casos, exportaciones } from '../../db/schema/index.js';
import {
  criteriaWhere,
  filterColumns,
  keyset,
  type FilterFields,
  type KeysetSort,
  type ListQuery,
} from '../../platform/list-query.js';
import type { Viewer } from '../../platform/viewer.js';
import { scopeWhere } from '../cases/queries.js';

export type ExportRow = typeof exportaciones.$inferSelect;

/** EXPORTACIONES SFTP filters on caso only, an integer (spec 3 §5). */
export const EXPORT_FILTERS: FilterFields = filterColumns(EXPORT_LIST, { caso: exportaciones.caso });

/** Newest first, the id breaking ties. */
const SORT: KeysetSort = {
  columns: [
    { column: exportaciones.fechainicio, type: 'date' },
    { column: exportaciones.id, type: 'uuid' },
  ],
  direction: 'desc',
};

/**
 * A page of EXPORTACIONES SFTP: the exports of the cases the viewer's case list holds (the
 * spec shows no role check on this list; Vialex shows each cargo the exports of its own cases).
 */
export async function listExports(db: Executor, viewer: Viewer, query: ListQuery, limit: number) {
  const page = keyset(SORT, query, limit, ['fechainicio', 'id']);
  const rows = await db
    .select(getTableColumns(exportaciones))
    .from(exportaciones)
    .innerJoin(casos, eq(casos.id, exportaciones.uidcaso))
    .where(and(scopeWhere(viewer), criteriaWhere(query.criteria, EXPORT_FILTERS), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return page.finish(rows);
}

/** One export of a case in the viewer's scope. */
export async function findExport(db: Executor, viewer: Viewer, id: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select(getTableColumns(exportaciones))
    .from(exportaciones)
    .innerJoin(casos, eq(casos.id, exportaciones.uidcaso))
    .where(and(eq(exportaciones.id, id), scopeWhere(viewer)));
  return row;
}
