import { and, eq, sql } from 'drizzle-orm';
import { DATA_ACCESS_WINDOW_MINUTES, type DataAccess, type DataAccessKind, type ListQuery } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { accesosDatos, casos } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { keyset, type KeysetSort } from '../../platform/list-query.js';
import type { Viewer } from '../../platform/viewer.js';

/*
 * Who looked (Ley 1581 de 2012 art. 8 b: the person may ask how their data was used): a staff
 * member's open of a client's record or of a case's DATOS DEL CASO, with their name and cargo as
 * they were then. One statement per open, never per list row; the same person opening the same
 * thing again within DATA_ACCESS_WINDOW_MINUTES is the entry already written — the DATOS DEL CASO
 * tab reads itself again on every live change of the case, and a hundred entries of one sitting
 * would bury the opens that matter.
 */

/** A staff member's name as it reads now, kept with the entry (a later rename changes nothing). */
const nameOf = (viewer: Viewer) => `${viewer.user.nombres} ${viewer.user.apellidos}`.trim();

/** Not the same reader of the same thing within the window (the index on usuario, uidcliente, fecha). */
const notRepeated = sql`not exists (
  select 1 from accesos_datos a
  where a.usuario = ${sql.placeholder('usuario')}::uuid and a.uidcliente = p.id and a.que = ${sql.placeholder('que')}
    and a.uidcaso is not distinct from ${sql.placeholder('caso')}::uuid
    and a.fecha > ${sql.placeholder('fecha')}::timestamptz - make_interval(mins => ${sql.raw(String(DATA_ACCESS_WINDOW_MINUTES))})
)`;

const columns = sql`(uidcliente, uidcaso, que, usuario, nombre, cargo, fecha)`;
const values = sql`${sql.placeholder('caso')}::uuid, ${sql.placeholder('que')}, ${sql.placeholder('usuario')}::uuid,
  ${sql.placeholder('nombre')}, ${sql.placeholder('cargo')}, ${sql.placeholder('fecha')}::timestamptz`;

/**
 * Logs a staff open of a client's personal data. A case's DATOS DEL CASO shows the people the case
 * names (its owner and its driver): the open is on each one's log. The time is the app's clock
 * (the tests move it; the window compares it with itself).
 */
export async function logDataAccess(
  ctx: AppContext,
  viewer: Viewer,
  target: { cliente: string } | { caso: string },
): Promise<void> {
  const que: DataAccessKind = 'cliente' in target ? 'cliente' : 'caso';
  const params = {
    usuario: viewer.id,
    nombre: nameOf(viewer),
    cargo: viewer.cargo,
    fecha: new Date().toISOString(),
    que,
    caso: 'caso' in target ? target.caso : null,
    cliente: 'cliente' in target ? target.cliente : null,
  };
  if (que === 'cliente')
    await runPrepared(
      ctx.db,
      'data_access_client',
      () =>
        sql`insert into accesos_datos ${columns}
          select p.id, ${values} from (select ${sql.placeholder('cliente')}::uuid as id) p where ${notRepeated}`,
      params,
    );
  else
    await runPrepared(
      ctx.db,
      'data_access_case',
      () =>
        sql`insert into accesos_datos ${columns}
          select distinct p.id, ${values}
          from casos c cross join lateral unnest(array[c.uidcliente, c.uidconductor]) as p(id)
          where c.id = ${sql.placeholder('caso')}::uuid and p.id is not null and ${notRepeated}`,
      params,
    );
}

/** Newest first, the id breaking ties. */
const SORT: KeysetSort = {
  columns: [
    { column: accesosDatos.fecha, type: 'date' },
    { column: accesosDatos.id, type: 'uuid' },
  ],
  direction: 'desc',
};

/** One page of a client's access log, with the number of each case opened. */
export async function listDataAccesses(db: Executor, clientId: string, query: ListQuery, limit: number) {
  const page = keyset(SORT, query, limit, ['fecha', 'id']);
  const rows = await db
    .select({
      id: accesosDatos.id,
      fecha: accesosDatos.fecha,
      usuario: accesosDatos.usuario,
      nombre: accesosDatos.nombre,
      cargo: accesosDatos.cargo,
      que: accesosDatos.que,
      caseId: accesosDatos.uidcaso,
      caso: casos.caso,
    })
    .from(accesosDatos)
    .leftJoin(casos, eq(casos.id, accesosDatos.uidcaso))
    .where(and(eq(accesosDatos.uidcliente, clientId), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  const done = page.finish(rows);
  return {
    ...done,
    rows: done.rows.map((r): DataAccess => ({
      id: r.id,
      fecha: r.fecha.toISOString(),
      usuario: r.usuario,
      nombre: r.nombre,
      cargo: r.cargo,
      que: r.que as DataAccessKind,
      caso: r.caso ?? null,
      caseId: r.caseId,
    })),
  };
}
