import { and, eq } from 'drizzle-orm';
import { AREA_LIST, type AreaCatalogueResponse } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { areas } from '../../db/schema/index.js';
import {
  criteriaWhere,
  filterColumns,
  keyset,
  type FilterFields,
  type KeysetSort,
  type ListQuery,
} from '../../platform/list-query.js';

export type AreaRow = typeof areas.$inferSelect;

/** AREA's filterable fields (AREA_LIST). */
export const AREA_FILTERS: FilterFields = filterColumns(AREA_LIST, { nombre: areas.nombre, estado: areas.estado });

/** By name; names are unique. */
const SORT: KeysetSort = { columns: [{ column: areas.nombre, type: 'text' }], direction: 'asc' };

export async function listAreas(db: Executor, query: ListQuery, limit: number) {
  const page = keyset(SORT, query, limit, ['nombre']);
  const rows = await db
    .select()
    .from(areas)
    .where(and(criteriaWhere(query.criteria, AREA_FILTERS), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return page.finish(rows);
}

export async function findArea(db: Executor, id: string): Promise<AreaRow | undefined> {
  const [row] = await db.select().from(areas).where(eq(areas.id, id));
  return row;
}

export function presentArea(row: AreaRow): AreaCatalogueResponse {
  return { id: row.id, nombre: row.nombre, estado: row.estado, creado: row.creado.toISOString() };
}
