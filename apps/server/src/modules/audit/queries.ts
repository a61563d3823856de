import { and, sql, type SQL } from 'drizzle-orm';
import { AUDIT_LIST, TIME_ZONE, type AuditEntry } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { auditoria } from '../../db/schema/index.js';
import {
  bogotaDay,
  criteriaWhere,
  filterColumns,
  keyset,
  type FilterFields,
  type KeysetSort,
  type ListQuery,
} from '../../platform/list-query.js';

export type AuditRow = typeof auditoria.$inferSelect;

/**
 * AUDITORÍA's filters: who (the name kept then, compared upper-cased, so 'Sistema' and a user's
 * name read alike), the act, the target's type and name, and the Bogotá day (twice for a range).
 */
export const AUDIT_FILTERS: FilterFields = filterColumns(AUDIT_LIST, {
  actor: sql`upper(${auditoria.actor_nombre})`,
  accion: auditoria.accion,
  objetoTipo: auditoria.objeto_tipo,
  objeto: sql`upper(${auditoria.objeto_etiqueta})`,
  fecha: bogotaDay(auditoria.fecha),
});

/** Newest first, the id breaking ties (the table's index auditoria_fecha_idx). */
const SORT: KeysetSort = {
  columns: [
    { column: auditoria.fecha, type: 'date' },
    { column: auditoria.id, type: 'uuid' },
  ],
  direction: 'desc',
};

/** The records the request's criteria select (a 400 for a criterion the contract does not allow). */
export const auditWhere = (query: Pick<ListQuery, 'criteria'>): SQL | undefined =>
  criteriaWhere(query.criteria, AUDIT_FILTERS);

/** A page of AUDITORÍA. */
export async function listAudit(db: Executor, query: ListQuery, limit: number) {
  const page = keyset(SORT, query, limit, ['fecha', 'id']);
  const rows = await db
    .select()
    .from(auditoria)
    .where(and(auditWhere(query), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return page.finish(rows);
}

export const presentAudit = (row: AuditRow): AuditEntry => ({
  id: row.id,
  fecha: row.fecha.toISOString(),
  actorId: row.actor_id,
  actor: row.actor_nombre,
  cargo: row.actor_cargo,
  ip: row.ip,
  accion: row.accion,
  objetoTipo: row.objeto_tipo,
  objetoId: row.objeto_id,
  objeto: row.objeto_etiqueta,
  antes: (row.antes as AuditEntry['antes']) ?? null,
  despues: (row.despues as AuditEntry['despues']) ?? null,
});

/** Every record the criteria select, newest first, for the CSV (fecha as Bogotá's record time). */
export const auditCsvSql = (where: SQL | undefined): SQL => sql`
  select to_char(${auditoria.fecha} at time zone ${TIME_ZONE}, 'YYYY-MM-DD HH24:MI:SS'), ${auditoria.actor_nombre},
    ${auditoria.actor_cargo}, ${auditoria.ip}, ${auditoria.accion}, ${auditoria.objeto_tipo}, ${auditoria.objeto_etiqueta},
    ${auditoria.antes}, ${auditoria.despues}
  from ${auditoria}
  ${where ? sql`where ${where}` : sql``}
  order by ${auditoria.fecha} desc, ${auditoria.id} desc`;
