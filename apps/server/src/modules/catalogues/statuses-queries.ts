import { and, eq, sql } from 'drizzle-orm';
import { CASE_STATUS_CATALOGUE_LIST, type CaseStatusCatalogueResponse } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { estadoscaso } from '../../db/schema/index.js';
import {
  criteriaWhere,
  filterColumns,
  keyset,
  type FilterFields,
  type KeysetSort,
  type ListQuery,
} from '../../platform/list-query.js';

export type StatusRow = typeof estadoscaso.$inferSelect;

/** TIPO DE GESTIONES' filterable fields: the name compared uppercased; estado is `inactivo` (true = active). */
export const STATUS_FILTERS: FilterFields = filterColumns(CASE_STATUS_CATALOGUE_LIST, {
  nombre: sql`upper(${estadoscaso.estado})`,
  editable: estadoscaso.editable,
  estado: estadoscaso.inactivo,
});

/** By name; names are unique. */
const SORT: KeysetSort = { columns: [{ column: estadoscaso.estado, type: 'text' }], direction: 'asc' };

export async function listStatuses(db: Executor, query: ListQuery, limit: number) {
  const page = keyset(SORT, query, limit, ['estado']);
  const rows = await db
    .select()
    .from(estadoscaso)
    .where(and(criteriaWhere(query.criteria, STATUS_FILTERS), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return page.finish(rows);
}

export async function findStatus(db: Executor, id: string): Promise<StatusRow | undefined> {
  const [row] = await db.select().from(estadoscaso).where(eq(estadoscaso.id, id));
  return row;
}

/** The spec's naming (estado = the name, inactivo true = active) as the catalogues' contract names it. */
export function presentStatus(row: StatusRow): CaseStatusCatalogueResponse {
  return {
    id: row.id,
    nombre: row.estado,
    editable: row.editable,
    estado: row.inactivo,
    creado: row.creado.toISOString(),
    modificacion: row.modificacion.toISOString(),
  };
}
