import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CASE_LIST, CASE_SCOPE, MSG } from '@vialex/domain';
import type { Executor, Tx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import { preparedOnce } from '../../db/prepared.js';
import { casos } from '../../db/schema/index.js';
import {
  criteriaPlan,
  filterColumns,
  keyset,
  type FilterFields,
  type KeysetSort,
  type ListQuery,
} from '../../platform/list-query.js';
import type { Viewer } from '../auth/session.js';
import { liveSessionOf } from '../auth/live-session.js';

/** The cases lists filter only on Caso (an integer) and Placa (spec 2 §2; the list's contract, CASE_LIST). */
export const CASE_FILTERS: FilterFields = filterColumns(CASE_LIST, { caso: casos.caso, placa: casos.placa });

const SORT: KeysetSort = { columns: [{ column: casos.caso, type: 'int' }], direction: 'desc' };

/** What a cargo sees (spec 2 §6 "Cases list scope"), as SQL; callers cannot skip it. */
export function scopeWhere(viewer: {
  id: string | ReturnType<typeof sql.placeholder>;
  cargo: Viewer['cargo'];
}): SQL | undefined {
  const scope = CASE_SCOPE[viewer.cargo];
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'contactcenter':
      return eq(casos.uidcontactcenter, viewer.id);
    case 'own':
      return eq(casos[scope.field], viewer.id);
    case 'ownOrUnassigned':
      return or(eq(casos[scope.field], viewer.id), isNull(casos[scope.field]));
    case 'ownOrRequested':
      return or(
        eq(casos.uiddibujante, viewer.id),
        and(isNull(casos.uiddibujante), eq(casos.solicitud_dibujante, true)),
      );
    case 'peritoRequested':
      return eq(casos.solicitud_perito, true);
  }
}

/*
 * Names are scalar subqueries rather than twelve LEFT JOINs: with that many joined relations
 * PostgreSQL's planner spends tens of milliseconds choosing a join order (GEQO starts at 12),
 * while each subquery is planned on its own and costs one index probe per row of the page.
 */
const staffName = (id: AnyPgColumn) =>
  sql<string | null>`(select nullif(trim(u.nombres || ' ' || u.apellidos), '') from usuarios u where u.id = ${id})`;
const clientName = (id: AnyPgColumn) =>
  sql<string | null>`(select nullif(trim(c.nombres || ' ' || c.apellidos), '') from clientes c where c.id = ${id})`;
const clientPhone = (id: AnyPgColumn) => sql<string | null>`(select c.telefono from clientes c where c.id = ${id})`;
const clientId = (id: AnyPgColumn) =>
  sql<number | null>`(select c.identificacion from clientes c where c.id = ${id})`.mapWith(Number);

/** A case with the names the lists and dialogs show, in one query. */
const caseColumns = {
  caso: casos,
  ciudadNombre: sql<string | null>`(select ci.ciudad from ciudades ci where ci.id = ${casos.uidciudad})`,
  empresaNombre: sql<string | null>`(select e.empresa from empresas e where e.id = ${casos.uidempresa})`,
  vehiculo: sql<
    string | null
  >`(select nullif(trim(v.marca || ' ' || v.linea || ' ' || v.modelo), '') from vehiculos v where v.id = ${casos.uidvehiculo})`,
  conductorNombre: clientName(casos.uidconductor),
  conductorTelefono: clientPhone(casos.uidconductor),
  conductorIdentificacion: clientId(casos.uidconductor),
  propietarioNombre: clientName(casos.uidcliente),
  propietarioTelefono: clientPhone(casos.uidcliente),
  propietarioIdentificacion: clientId(casos.uidcliente),
  contactcenterNombre: staffName(casos.uidcontactcenter),
  abogadoNombre: staffName(casos.uidabogado),
  abogadocaitNombre: staffName(casos.uidabogadocait),
  investigadorNombre: staffName(casos.uidinvestigador),
  peritoNombre: staffName(casos.uidperito),
  dibujanteNombre: staffName(casos.uiddibujante),
};

function withNames(db: Executor) {
  return db.select(caseColumns).from(casos);
}

export type CaseWithNames = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

/**
 * A page of the active or archived list, newest case number first, keyset on caso. Building
 * this wide query costs more than running it, so each statement shape (scope, cursor, criteria
 * fields and operators) is built once. Pages without criteria or with equalities only run it as
 * a named statement, planned once per connection. A range or ≠ criterion runs it unnamed, so
 * PostgreSQL plans it for the values at hand: a plan made once for any value (a generic plan)
 * may walk the whole case index for a range on Placa. Criteria shapes are few in use (a case
 * number, a plate); past CACHED_SHAPES of them (a caller trying every combination) a page is
 * built per request, so neither this process nor PostgreSQL's connections keep an unbounded
 * set of statements.
 */
export async function listCases(
  db: Executor,
  viewer: Pick<Viewer, 'id' | 'cargo'>,
  archived: boolean,
  query: ListQuery,
  limit: number,
  /**
   * With a session: the page is read only while that session is the viewer's and live
   * (liveSessionOf), so the session check and the page are one round trip. No rows then means
   * an empty page or a session no longer live; the caller tells them apart.
   */
  session?: string,
) {
  const criteria = criteriaPlan(query.criteria, CASE_FILTERS);
  const page = keyset(SORT, query, limit, ['casoNumero'], { placeholders: true });
  const scope = CASE_SCOPE[viewer.cargo];
  const name = `casos_${scope.kind}_${'field' in scope ? scope.field : 'all'}_${page.shape}_${criteria.shape}${session ? '_s' : ''}`;
  const build = () =>
    withNames(db)
      .where(
        and(
          eq(casos.archivado, sql.placeholder('archived')),
          scopeWhere({ id: sql.placeholder('viewer'), cargo: viewer.cargo }),
          criteria.where,
          page.where,
          session
            ? liveSessionOf(sql.placeholder('sid'), sql.placeholder('viewer'), sql.placeholder('cargo'))
            : undefined,
        ),
      )
      .orderBy(...page.orderBy)
      .limit(sql.placeholder('limit'));
  const params = {
    archived,
    viewer: viewer.id,
    limit: page.limit,
    ...page.params,
    ...criteria.params,
    ...(session ? { sid: session, cargo: viewer.cargo } : {}),
  };
  const statement =
    !criteria.shape || criteriaShapes.has(name) || criteriaShapes.size < CACHED_SHAPES
      ? preparedOnce(db, name, () => {
          if (criteria.shape) criteriaShapes.add(name);
          // An empty name: node-postgres parses it unnamed on every execution.
          return build().prepare(planOnce(criteria.shape) ? name : '');
        })
      : build().prepare('');
  const rows = await statement.execute(params);
  return page.finish(rows.map((r) => ({ ...r, casoNumero: r.caso.caso })));
}

const CACHED_SHAPES = 64;
const criteriaShapes = new Set<string>();

/** Whether a criteria shape ('caso.eq+placa.lt') may be planned once for every value. */
export const planOnce = (shape: string) => shape.split('+').every((c) => !c || c.endsWith('.eq'));

export async function findCaseWithNames(db: Executor, id: string): Promise<CaseWithNames | undefined> {
  const [row] = await withNames(db).where(eq(casos.id, id));
  return row;
}

/** Whether the viewer's list scope includes the case (used before any row action). */
export async function inScope(db: Executor, viewer: Viewer, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: casos.id })
    .from(casos)
    .where(and(eq(casos.id, id), scopeWhere(viewer)));
  return !!row;
}

/** Loads a case the viewer's list scope includes, locked for the rest of the transaction. */
export async function lockCase(tx: Tx, viewer: Viewer, id: string): Promise<typeof casos.$inferSelect> {
  const [row] = await tx
    .select()
    .from(casos)
    .where(and(eq(casos.id, id), scopeWhere(viewer)))
    .for('update');
  if (!row) throw notFound(MSG.casoNoExiste);
  return row;
}
