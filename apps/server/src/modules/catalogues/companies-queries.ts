import { and, eq } from 'drizzle-orm';
import { COMPANY_LIST, type CompanyResponse } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { empresas } from '../../db/schema/index.js';
import {
  criteriaWhere,
  filterColumns,
  keyset,
  type FilterFields,
  type KeysetSort,
  type ListQuery,
} from '../../platform/list-query.js';

export type CompanyRow = typeof empresas.$inferSelect;

/** LISTA DE EMPRESAS' filterable fields (COMPANY_LIST). */
export const COMPANY_FILTERS: FilterFields = filterColumns(COMPANY_LIST, {
  empresa: empresas.empresa,
  nit: empresas.nit,
  estado: empresas.estado,
});

/** By name, the id breaking ties (two companies may share a name, not a NIT). */
const SORT: KeysetSort = {
  columns: [
    { column: empresas.empresa, type: 'text' },
    { column: empresas.id, type: 'uuid' },
  ],
  direction: 'asc',
};

export async function listCompanies(db: Executor, query: ListQuery, limit: number) {
  const page = keyset(SORT, query, limit, ['empresa', 'id']);
  const rows = await db
    .select()
    .from(empresas)
    .where(and(criteriaWhere(query.criteria, COMPANY_FILTERS), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return page.finish(rows);
}

export async function findCompany(db: Executor, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(empresas).where(eq(empresas.id, id));
  return row;
}

export function presentCompany(row: CompanyRow): CompanyResponse {
  return { id: row.id, empresa: row.empresa, nit: row.nit, estado: row.estado, creado: row.creado.toISOString() };
}
