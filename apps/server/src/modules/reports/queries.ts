import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  AGENT_SLOTS,
  ESTADOS_CIERRE,
  ESTADO_INICIAL,
  SIN_AREA,
  SIN_ASIGNAR,
  TIME_ZONE,
  type Cargo,
  type ReportQuery,
} from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { casos, usuarios } from '../../db/schema/index.js';
import { keyset, type KeysetSort } from '../../platform/list-query.js';
import { scopeWhere } from '../cases/queries.js';

/**
 * The reports' SQL: every figure is computed by PostgreSQL (GROUP BY, FILTER, window functions)
 * over casos_reportes_idx (creado, id, uidinvestigador, estado, prioridad, fecha_cierre,
 * llegada_fecha, solicitud_perito), so a month or a year of cases is one index-only range scan;
 * only groups (one row per investigator, area or status) or one page of cases reach this process.
 * The table is written `casos` without an alias so the case scope's fragment (scopeWhere, the
 * cases list's own rule) fits in as it is.
 */

/** The closing statuses as literals: the partial index casos_abiertos_idx is proved from them. */
export const CLOSED = sql.raw(`(${ESTADOS_CIERRE.map((e) => `'${e.replaceAll("'", "''")}'`).join(', ')})`);

export interface ReportFilters {
  from: Date;
  to: Date;
  estado?: string;
  usuario?: string;
}

type ScopeViewer = { id: string; cargo: Cargo };

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** A user's cases: any agent slot they hold, or created by them (por_usuario, /estadistica). */
export function userCases(userId: string): SQL {
  const id = sql`${userId}::uuid`;
  const slots = [...AGENT_SLOTS, 'uidcreador'] as const;
  return sql`(${sql.join(
    slots.map((s) => sql`${casos[s]} = ${id}`),
    sql` or `,
  )})`;
}

/** The cases a report counts: created in [from, to), the filters, and the viewer's case scope. */
export function reportWhere(viewer: ScopeViewer, f: ReportFilters): SQL {
  const parts: SQL[] = [sql`${casos.creado} >= ${at(f.from)}`, sql`${casos.creado} < ${at(f.to)}`];
  if (f.estado) parts.push(sql`${casos.estado} = ${f.estado}`);
  if (f.usuario) parts.push(userCases(f.usuario));
  const scope = scopeWhere(viewer);
  if (scope) parts.push(scope);
  return sql.join(parts, sql` and `);
}

/** Each investigator's counts (null: no investigator) over the cases of `where`. */
const perInvestigator = (where: SQL) => sql`
  select ${casos.uidinvestigador} as id,
    count(*)::int as total,
    (count(*) filter (where ${casos.estado} in ${CLOSED}))::int as cerrados,
    (count(*) filter (where ${casos.prioridad} = 'alta'))::int as alta
  from ${casos} where ${where}
  group by ${casos.uidinvestigador}`;

export interface InvestigatorTotals {
  id: string | null;
  nombre: string | null;
  email: string;
  cargo: string;
  area: string | null;
  total: number;
  cerrados: number;
  alta: number;
  /** Over every group (window sums): the summary card. */
  allTotal: number;
  allCerrados: number;
  investigadores: number;
  grupos: number;
}

/**
 * The cases per investigator, most cases first, each row with the totals of all of them (window
 * functions), so the summary card, the donut and por_investigador's table are one statement.
 * `limit` keeps only the first rows (the donut's slices) while the totals still cover all.
 */
export function investigatorTotalsSql(where: SQL, limit?: number): SQL {
  return sql`
    with g as (${perInvestigator(where)})
    select g.id, nullif(trim(u.nombres || ' ' || u.apellidos), '') as nombre, coalesce(u.email, '') as email,
      coalesce(u.cargo, '') as cargo, nullif(u.area, '') as area, g.total, g.cerrados, g.alta,
      (sum(g.total) over ())::int as all_total, (sum(g.cerrados) over ())::int as all_cerrados,
      (count(g.id) over ())::int as investigadores, (count(*) over ())::int as grupos
    from g left join ${usuarios} u on u.id = g.id
    order by g.total desc, nombre nulls first, g.id
    ${limit ? sql`limit ${limit}` : sql``}`;
}

export async function investigatorTotals(db: Executor, where: SQL, limit?: number): Promise<InvestigatorTotals[]> {
  const { rows } = await db.execute<Record<string, unknown>>(investigatorTotalsSql(where, limit));
  return rows.map((r) => ({
    id: (r.id as string | null) ?? null,
    nombre: (r.nombre as string | null) ?? null,
    email: r.email as string,
    cargo: r.cargo as string,
    area: (r.area as string | null) ?? null,
    total: Number(r.total),
    cerrados: Number(r.cerrados),
    alta: Number(r.alta),
    allTotal: Number(r.all_total),
    allCerrados: Number(r.all_cerrados),
    investigadores: Number(r.investigadores),
    grupos: Number(r.grupos),
  }));
}

/** Productividad por Área: the investigators' counts grouped by their area ('Sin área' without one). */
export function areaTotalsSql(where: SQL): SQL {
  return sql`
    with g as (${perInvestigator(where)})
    select coalesce(nullif(u.area, ''), ${SIN_AREA}) as area, count(g.id)::int as investigadores,
      sum(g.total)::int as total, sum(g.cerrados)::int as cerrados
    from g left join ${usuarios} u on u.id = g.id
    group by 1
    order by total desc, area`;
}

/** Cases per status, each with its share of all of them (a window over the groups). */
export function statusTotalsSql(where: SQL): SQL {
  return sql`
    select coalesce(nullif(trim(${casos.estado}), ''), ${ESTADO_INICIAL}) as estado, count(*)::int as total,
      round(100.0 * count(*) / sum(count(*)) over ())::int as porcentaje
    from ${casos} where ${where}
    group by 1
    order by total desc, estado`;
}

export async function rowsOf(db: Executor, query: SQL): Promise<Record<string, unknown>[]> {
  return (await db.execute<Record<string, unknown>>(query)).rows;
}

/** por_fecha and por_usuario: newest first, the id breaking ties; keyset pages on (creado, id). */
const CASE_SORT: KeysetSort = {
  columns: [
    { column: casos.creado, type: 'date' },
    { column: casos.id, type: 'uuid' },
  ],
  direction: 'desc',
};

const investigatorName = sql<string | null>`nullif(trim(${usuarios.nombres} || ' ' || ${usuarios.apellidos}), '')`;

export async function casePage(db: Executor, where: SQL, query: Pick<ReportQuery, 'cursor' | 'dir'>, limit: number) {
  const page = keyset(CASE_SORT, query, limit, ['creado', 'id']);
  const rows = await db
    .select({
      id: casos.id,
      caso: casos.caso,
      creado: casos.creado,
      estado: casos.estado,
      prioridad: casos.prioridad,
      titulo: casos.titulo,
      ciudad: casos.ciudad_siniestro,
      investigador: investigatorName,
      area: usuarios.area,
    })
    .from(casos)
    .leftJoin(usuarios, eq(usuarios.id, casos.uidinvestigador))
    .where(and(where, page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return page.finish(rows);
}

/** The same cases for the CSV, every one, formatted by PostgreSQL (Bogotá time). */
export function caseExportSql(where: SQL): SQL {
  return sql`
    select ${casos.caso}, to_char(${casos.creado} at time zone ${sql.raw(`'${TIME_ZONE}'`)}, 'YYYY-MM-DD HH24:MI:SS'),
      ${casos.estado}, ${casos.prioridad},
      coalesce(nullif(u.area, ''), ${SIN_AREA}),
      coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), ${SIN_ASIGNAR}),
      ${casos.titulo}, ${casos.ciudad_siniestro}
    from ${casos} left join ${usuarios} u on u.id = ${casos.uidinvestigador}
    where ${where}
    order by ${casos.creado} desc, ${casos.id} desc`;
}

// ---------------------------------------------------------------------------------------------
// Dashboard (decisions.md D16) and a user's statistics (decisions.md D7).

const minutes = (expr: SQL) => sql`(extract(epoch from ${expr}) / 60)::float8`;

/** Today, this month, and this month's averages to arrival and to closing, in the viewer's scope. */
export async function monthFigures(db: Executor, viewer: ScopeViewer, p: { today: Date; month: Date; tomorrow: Date }) {
  const scope = scopeWhere(viewer);
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select (count(*) filter (where ${casos.creado} >= ${at(p.today)}))::int as hoy,
      count(*)::int as mes,
      (count(*) filter (where ${casos.estado} in ${CLOSED}))::int as mes_cerrados,
      ${minutes(sql`avg(${casos.llegada_fecha} - ${casos.creado}) filter (where ${casos.llegada_fecha} is not null)`)} as llegada,
      ${minutes(sql`avg(${casos.fecha_cierre} - ${casos.creado}) filter (where ${casos.fecha_cierre} is not null)`)} as cierre
    from ${casos}
    where ${casos.creado} >= ${at(p.month)} and ${casos.creado} < ${at(p.tomorrow)}${scope ? sql` and ${scope}` : sql``}`);
  const r = rows[0] ?? {};
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    hoy: Number(r.hoy ?? 0),
    mes: Number(r.mes ?? 0),
    mesCerrados: Number(r.mes_cerrados ?? 0),
    tiempoLlegadaMin: num(r.llegada),
    tiempoCierreMin: num(r.cierre),
  };
}

/** Open cases now (not archived, not closing) by status, and those with no investigator (casos_abiertos_idx). */
export async function openByStatus(db: Executor, viewer: ScopeViewer) {
  const scope = scopeWhere(viewer);
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select ${casos.estado} as estado, count(*)::int as total,
      (count(*) filter (where ${casos.uidinvestigador} is null))::int as sin_investigador
    from ${casos}
    where not ${casos.archivado} and ${casos.estado} not in ${CLOSED}${scope ? sql` and ${scope}` : sql``}
    group by ${casos.estado}
    order by total desc, estado`);
  return rows.map((r) => ({
    estado: r.estado as string,
    total: Number(r.total),
    sinInvestigador: Number(r.sin_investigador),
  }));
}

/** Active users of these cargos by availability (usuarios_cargo_idx). */
export async function agentsByAvailability(db: Executor, cargos: readonly Cargo[]) {
  if (!cargos.length) return [];
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select ${usuarios.cargo} as cargo, ${usuarios.disponibilidad} as disponibilidad, count(*)::int as total
    from ${usuarios}
    where ${usuarios.estado} and ${usuarios.cargo} in (${sql.join(
      cargos.map((c) => sql`${c}`),
      sql`, `,
    )})
    group by 1, 2
    order by 1, 2`);
  return rows.map((r) => ({
    cargo: r.cargo as string,
    disponibilidad: r.disponibilidad as string,
    total: Number(r.total),
  }));
}

/** A user's cases in [from, to) by status, with the whole range's row (ROLLUP): totals and time to close. */
/** A user's cases as the viewer's list holds them (a Call Center agent counts only theirs). */
export async function userStatistics(
  db: Executor,
  viewer: { id: string; cargo: Cargo },
  userId: string,
  from: Date,
  to: Date,
) {
  const scope = scopeWhere(viewer);
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select grouping(e.estado)::int as todo, e.estado, count(*)::int as total,
      (count(*) filter (where e.estado in ${CLOSED}))::int as cerrados,
      ${minutes(sql`avg(e.fecha_cierre - e.creado) filter (where e.fecha_cierre is not null)`)} as cierre
    from (
      select coalesce(nullif(trim(${casos.estado}), ''), ${ESTADO_INICIAL}) as estado, ${casos.creado} as creado,
        ${casos.fecha_cierre} as fecha_cierre
      from ${casos}
      where ${casos.creado} >= ${at(from)} and ${casos.creado} < ${at(to)} and ${userCases(userId)}
        ${scope ? sql`and ${scope}` : sql``}
    ) e
    group by rollup (e.estado)
    order by todo desc, total desc, e.estado`);
  return rows.map((r) => ({
    todo: Number(r.todo) === 1,
    estado: (r.estado as string | null) ?? '',
    total: Number(r.total),
    cerrados: Number(r.cerrados),
    cierre: r.cierre === null || r.cierre === undefined ? null : Number(r.cierre),
  }));
}

/** The user select of Consultas: names or e-mails containing the text, 20 at most. */
export async function searchUsers(db: Executor, q: string | undefined) {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select ${usuarios.id} as id, trim(${usuarios.nombres} || ' ' || ${usuarios.apellidos}) as nombre, ${usuarios.cargo} as cargo
    from ${usuarios}
    ${like ? sql`where (${usuarios.nombres} || ' ' || ${usuarios.apellidos}) ilike ${like} or ${usuarios.email} ilike ${like}` : sql``}
    order by ${usuarios.nombres}, ${usuarios.apellidos}, ${usuarios.id}
    limit 20`);
  return rows.map((r) => ({ id: r.id as string, nombre: r.nombre as string, cargo: r.cargo as string }));
}
