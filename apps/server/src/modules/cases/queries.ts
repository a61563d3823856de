import {
  Param,
  Placeholder,
  and,
  eq,
  is,
  isNotNull,
  isNull,
  or,
  sql,
  type DriverValueDecoder,
  type SQL,
} from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { CASE_LIST, CASE_SCOPE, MSG, RELACION_CONDUCTOR } from '@vialex/domain';
import { arrayRunner, type Executor, type Tx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import { preparedOnce, runPrepared } from '../../db/prepared.js';
import { casos } from '../../db/schema/index.js';
import {
  criteriaPlan,
  filterColumns,
  keyset,
  type FilterFields,
  type KeysetSort,
  type ListQuery,
  type Page,
} from '../../platform/list-query.js';
import type { Viewer } from '../../platform/viewer.js';
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
      // Asked for, or a Perito put on the case without asking (as the expert's room counts it).
      return or(eq(casos.solicitud_perito, true), isNotNull(casos.uidperito));
  }
}

/*
 * Names are scalar subqueries rather than twelve LEFT JOINs: with that many joined relations
 * PostgreSQL's planner spends tens of milliseconds choosing a join order (GEQO starts at 12),
 * while each subquery is planned on its own and costs one index probe per row of the page.
 */
const staffName = (id: AnyPgColumn) =>
  sql<string | null>`(select nullif(trim(u.nombres || ' ' || u.apellidos), '') from usuarios u where u.id = ${id})`;
const clientName = (id: AnyPgColumn | SQL) =>
  sql<string | null>`(select nullif(trim(c.nombres || ' ' || c.apellidos), '') from clientes c where c.id = ${id})`;
const clientPhone = (id: AnyPgColumn | SQL) =>
  sql<string | null>`(select c.telefono from clientes c where c.id = ${id})`;
/** An anonymised client's identification is a placeholder of nobody's (clients/anonymise-client.ts): none. */
const clientId = (id: AnyPgColumn | SQL) =>
  sql<number | null>`(select c.identificacion from clientes c where c.id = ${id} and c.anonimizado is null)`.mapWith(
    Number,
  );

/** The case's client as the case shows it: its driver when the relation says Conductor, else its owner. */
const caseClient = sql`(case when ${casos.relacion} = ${sql.raw(`'${RELACION_CONDUCTOR}'`)} then ${casos.uidconductor} else ${casos.uidcliente} end)`;

/** The names a list row shows beside the case's own columns, each one scalar subquery. */
const listNames = {
  ciudadNombre: sql<string | null>`(select ci.ciudad from ciudades ci where ci.id = ${casos.uidciudad})`,
  empresaNombre: sql<string | null>`(select e.empresa from empresas e where e.id = ${casos.uidempresa})`,
  vehiculo: sql<
    string | null
  >`(select nullif(trim(v.marca || ' ' || v.linea || ' ' || v.modelo), '') from vehiculos v where v.id = ${casos.uidvehiculo})`,
  clienteNombre: clientName(caseClient),
  clienteTelefono: clientPhone(caseClient),
  clienteIdentificacion: clientId(caseClient),
  contactcenterNombre: staffName(casos.uidcontactcenter),
  abogadoNombre: staffName(casos.uidabogado),
  abogadocaitNombre: staffName(casos.uidabogadocait),
  investigadorNombre: staffName(casos.uidinvestigador),
  peritoNombre: staffName(casos.uidperito),
  dibujanteNombre: staffName(casos.uiddibujante),
};

/** A case's names with both of its parties, driver and owner (the case file's summary names both). */
const caseNames = {
  ...listNames,
  conductorNombre: clientName(casos.uidconductor),
  conductorTelefono: clientPhone(casos.uidconductor),
  conductorIdentificacion: clientId(casos.uidconductor),
  propietarioNombre: clientName(casos.uidcliente),
  propietarioTelefono: clientPhone(casos.uidcliente),
  propietarioIdentificacion: clientId(casos.uidcliente),
};

/** A case with the names the lists and dialogs show, in one query. */
const caseColumns = { caso: casos, ...caseNames };

function withNames(db: Executor) {
  return db.select(caseColumns).from(casos);
}

export type CaseWithNames = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

/** The case columns a list row carries: what the presenter and the case policy read, no more. */
const LIST_CASE_FIELDS = [
  'id',
  'caso',
  'estado',
  'creado',
  'archivado',
  'origen',
  'origen_desde',
  'tipocaso',
  'tipo_plan',
  'tipo_producto',
  'verificacion',
  'relacion',
  'placa',
  'uidciudad',
  'ciudad_siniestro',
  'departamento',
  'direccion_siniestro',
  'uidempresa',
  'uidconductor',
  'uidcliente',
  'uidcontactcenter',
  'uidabogado',
  'uidabogadocait',
  'uidinvestigador',
  'uidperito',
  'uiddibujante',
  'solicitud_investigador',
  'solicitud_perito',
  'solicitud_dibujante',
  'solicitud_abogado',
  'solicitud_abogado_cait',
  'solicitud_atencion',
  'aprobar_atencion',
  'chat_perito',
  'chat_dibujante',
  'prioridad',
] as const satisfies readonly (keyof typeof casos.$inferSelect)[];
type ListCaseField = (typeof LIST_CASE_FIELDS)[number];

/** A case as the lists and the presenter read it: CaseWithNames has all of it. */
export type CaseRow = { caso: Pick<CaseWithNames['caso'], ListCaseField> } & Pick<
  CaseWithNames,
  keyof typeof listNames
>;

const listCaseColumns = Object.fromEntries(LIST_CASE_FIELDS.map((f) => [f, casos[f]])) as {
  [K in ListCaseField]: (typeof casos)[K];
};

/*
 * A list row's case columns straight from the driver's array (arrayRunner), in the select's
 * order, each decoded as Drizzle decodes it (mapFromDriverValue; null stays null). Drizzle's
 * generic mapping walks every field's path and checks its kind on every row.
 */
const NAME_KEYS = Object.keys(listNames) as (keyof typeof listNames)[];
const caseDecoders = LIST_CASE_FIELDS.map((f) => casos[f]);
// Drizzle keeps an SQL field's decoder (set by mapWith) internal.
const nameDecoders = NAME_KEYS.map(
  (k) => (listNames[k] as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder,
);
const CASE_COUNT = LIST_CASE_FIELDS.length;

function caseColumnsOf(r: unknown[]): CaseRow['caso'] {
  const caso: Record<string, unknown> = {};
  for (let i = 0; i < CASE_COUNT; i++) {
    const v = r[i];
    caso[LIST_CASE_FIELDS[i]] = v === null ? null : caseDecoders[i].mapFromDriverValue(v);
  }
  return caso as CaseRow['caso'];
}

/** A list row's names from the JSON array the key statement reads them as (listNamesJson). */
export function listNamesOf(json: string): Pick<CaseRow, keyof typeof listNames> {
  const values = JSON.parse(json) as unknown[];
  const names: Record<string, unknown> = {};
  for (let i = 0; i < NAME_KEYS.length; i++) {
    const v = values[i];
    names[NAME_KEYS[i]] = v === null ? null : nameDecoders[i].mapFromDriverValue(v);
  }
  return names as Pick<CaseRow, keyof typeof listNames>;
}

/**
 * A case row's version: the id of the transaction that wrote it (PostgreSQL's xmin). Every
 * committed change of a row writes a new version with its writer's id, and a reader never sees
 * a version before its commit, so the same id and version always hold the same columns (a
 * transaction id is reused only after some four billion more: far past a process's cache).
 */
export const caseVersion = sql<string>`${casos}.xmin::text`;

/** The names of listNames as one JSON array (one field for the driver to read instead of twelve). */
const listNamesJson = sql<string>`json_build_array(${sql.join(Object.values(listNames), sql`, `)})::text`;

/**
 * What the page's statement reads of each row: its id, number, version and names. The case's
 * columns come from the caller's cache by version (list-rows.ts), read by caseRowsById only for a
 * row it has not seen in this version; the names are read every time, being other tables' rows.
 */
const keyColumns = { id: casos.id, caso: casos.caso, version: caseVersion, names: listNamesJson };

/** A page row as the page's statement reads it. */
export type ListKey = {
  id: string;
  casoNumero: number;
  version: string;
  names: string;
};

const listKey = (r: unknown[]): ListKey => ({
  id: r[0] as string,
  casoNumero: r[1] as number,
  version: r[2] as string,
  names: r[3] as string,
});

/** One statement shape of the list: its text, and where each value comes from. */
interface ListShape {
  name: string;
  text: string;
  values: ((params: Record<string, unknown>) => unknown)[];
}

const dialect = new PgDialect();

/**
 * The statement of a page of the active or archived list, newest case number first, keyset on
 * caso. Building this query costs more than running it, so each statement shape (scope, cursor,
 * criteria fields and operators, session) is built once. Pages without criteria or with
 * equalities only run it as a named statement, planned once per connection (`name`; empty:
 * unnamed). A range or ≠ criterion runs it unnamed, so PostgreSQL plans it for the values at
 * hand: a plan made once for any value (a generic plan) may walk the whole case index for a
 * range on Placa. Criteria shapes are few in use (a case number, a plate); past CACHED_SHAPES of
 * them (a caller trying every combination) a page is built per request, so neither this process
 * nor PostgreSQL's connections keep an unbounded set of statements.
 *
 * The page's size is written into the text, not sent as a value: PostgreSQL plans a `limit $n` for
 * a tenth of the table, so the plan made once for any value always looked costlier than one for
 * the value at hand, and the page was planned again at every call (2 ms under the soak). Only the
 * default size is named: a connection keeps about 300 kB for each of these statements, and the
 * other sizes are asked for seldom (unnamed, planned for each call as before).
 *
 * It reads each row's keyColumns. With a session, the page is read only while that session is
 * live and still the viewer's with the same cargo (liveSessionOf, checked once for the
 * statement), joined to one row so that a live session with an empty page answers one row of
 * nulls: no rows at all means no live session.
 */
function listStatement(
  db: Executor,
  viewer: Pick<Viewer, 'id' | 'cargo'>,
  archived: boolean,
  query: ListQuery,
  limit: number,
  session?: string,
) {
  const criteria = criteriaPlan(query.criteria, CASE_FILTERS);
  const page = keyset(SORT, query, limit, ['casoNumero'], { placeholders: true });
  const scope = CASE_SCOPE[viewer.cargo];
  // Written into the statement's text: a whole number, never a caller's string.
  if (!Number.isSafeInteger(page.limit)) throw new Error(`A page's limit must be a whole number: ${page.limit}`);
  const name = `casos_${page.limit}_${scope.kind}_${'field' in scope ? scope.field : 'all'}_${page.shape}_${criteria.shape}${session ? '_s' : ''}`;
  const build = (statementName: string): ListShape => {
    const select = db
      .select(keyColumns)
      .from(casos)
      .where(
        and(
          eq(casos.archivado, sql.placeholder('archived')),
          scopeWhere({ id: sql.placeholder('viewer'), cargo: viewer.cargo }),
          criteria.where,
          page.where,
        ),
      )
      .orderBy(...page.orderBy);
    // Not Drizzle's limit(), which sends the number as a parameter.
    const limited = sql`${select.getSQL()} limit ${sql.raw(String(page.limit))}`;
    const { sql: text, params } = dialect.sqlToQuery(
      session
        ? sql`select p.* from (select 1) as one left join lateral (${limited}) as p on true where ${liveSessionOf(
            sql.placeholder('sid'),
            sql.placeholder('viewer'),
            sql.placeholder('cargo'),
          )}`
        : limited,
    );
    return { name: statementName, text, values: params.map(valueOf) };
  };
  const params: Record<string, unknown> = {
    archived,
    viewer: viewer.id,
    ...page.params,
    ...criteria.params,
    ...(session ? { sid: session, cargo: viewer.cargo } : {}),
  };
  const shape =
    !criteria.shape || criteriaShapes.has(name) || criteriaShapes.size < CACHED_SHAPES
      ? preparedOnce(db, name, () => {
          if (criteria.shape) criteriaShapes.add(name);
          // An empty name: node-postgres parses it unnamed on every execution.
          return build(planOnce(criteria.shape) && limit === CASE_LIST.defaultPageSize ? name : '');
        })
      : build('');
  return { name: shape.name, text: shape.text, values: valuesOf(shape, params), page };
}

/** Where a statement's value comes from: a named placeholder (encoded as its column says) or a constant. */
function valueOf(p: unknown): (params: Record<string, unknown>) => unknown {
  const missing = (name: string) => new Error(`No value for placeholder "${name}" was provided`);
  if (is(p, Placeholder))
    return (params) => {
      if (!(p.name in params)) throw missing(p.name);
      return params[p.name];
    };
  if (is(p, Param) && is(p.value, Placeholder)) {
    const { encoder, value } = p;
    return (params) => {
      if (!(value.name in params)) throw missing(value.name);
      return encoder.mapToDriverValue(params[value.name]);
    };
  }
  return () => p;
}

function valuesOf(shape: ListShape, params: Record<string, unknown>): unknown[] {
  const values = new Array<unknown>(shape.values.length);
  for (let i = 0; i < values.length; i++) values[i] = shape.values[i](params);
  return values;
}

/**
 * The statement of a page as the database receives it (the benchmark sends it alone to compare
 * with the page over HTTP): its name (empty: unnamed), text and values.
 */
export function caseListStatement(
  db: Executor,
  viewer: Pick<Viewer, 'id' | 'cargo'>,
  archived: boolean,
  query: ListQuery,
  limit: number,
) {
  const { name, text, values } = listStatement(db, viewer, archived, query, limit);
  return { name, text, values };
}

/** The driver's runner for the list's statements: they need a database, not a transaction. */
function runnerOf(db: Executor) {
  const run = arrayRunner(db);
  if (!run) throw new Error('The case list reads through a database handle, not a transaction');
  return run;
}

/** Which page of the list, for whom. */
type PageOf = [db: Executor, viewer: Pick<Viewer, 'id' | 'cargo'>, archived: boolean, query: ListQuery, limit: number];

/**
 * A page of the active or archived list as its rows' keys (listStatement), read only while
 * `session` (when given) is live and still the viewer's with the same cargo: the session check
 * and the page are one round trip. Undefined when that session is not: the caller then checks the
 * session in full.
 */
export async function listCaseKeys(...page: PageOf): Promise<Page<ListKey>>;
export async function listCaseKeys(...page: [...PageOf, session: string]): Promise<Page<ListKey> | undefined>;
export async function listCaseKeys(
  db: Executor,
  viewer: Pick<Viewer, 'id' | 'cargo'>,
  archived: boolean,
  query: ListQuery,
  limit: number,
  session?: string,
): Promise<Page<ListKey> | undefined> {
  const run = runnerOf(db);
  const { name, text, values, page } = listStatement(db, viewer, archived, query, limit, session);
  const rows = await run({ name: name || undefined, text, values });
  if (!session) return page.finish(rows.map(listKey));
  if (!rows.length) return undefined;
  // A live session and an empty page: the one row of nulls of the join.
  return page.finish(rows[0][0] === null ? [] : rows.map(listKey));
}

/** Cases' list columns (the presenter's and the case policy's) with their versions, by id. */
export async function caseRowsById(
  db: Executor,
  ids: readonly string[],
): Promise<{ version: string; caso: CaseRow['caso'] }[]> {
  const { name, text } = preparedOnce(db, 'casos_list_rows', () => ({
    name: 'casos_list_rows',
    text: db
      .select({ caso: listCaseColumns, version: caseVersion })
      .from(casos)
      .where(sql`${casos.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .toSQL().sql,
  }));
  // The ids are the database's own uuids, read by the page's statement: an array literal of them.
  const rows = await runnerOf(db)({ name, text, values: [`{${ids.join(',')}}`] });
  return rows.map((r) => ({ caso: caseColumnsOf(r), version: r[CASE_COUNT] as string }));
}

const CACHED_SHAPES = 64;
const criteriaShapes = new Set<string>();

/** Whether a criteria shape ('caso.eq+placa.lt') may be planned once for every value. */
export const planOnce = (shape: string) => shape.split('+').every((c) => !c || c.endsWith('.eq'));

/** A case's row by id (no scope: the caller checked it). */
export async function findCaseRow(db: Executor, id: string): Promise<typeof casos.$inferSelect | undefined> {
  const [row] = await runPrepared(
    db,
    'case_by_id',
    (b) =>
      b
        .select()
        .from(casos)
        .where(eq(casos.id, sql.placeholder('id'))),
    { id },
  );
  return row;
}

export async function findCaseWithNames(db: Executor, id: string): Promise<CaseWithNames | undefined> {
  const [row] = await runPrepared(
    db,
    'case_with_names',
    (b) => withNames(b).where(eq(casos.id, sql.placeholder('id'))),
    { id },
  );
  return row;
}

/**
 * The case (placeholder `id`) within the scope of the viewer (placeholder `viewer`): a prepared
 * statement per cargo, since the scope is part of its text.
 */
export const caseInScope = (viewer: Pick<Viewer, 'cargo'>) =>
  and(eq(casos.id, sql.placeholder('id')), scopeWhere({ id: sql.placeholder('viewer'), cargo: viewer.cargo }));

/** Whether the viewer's list scope includes the case (used before any row action). */
export async function inScope(db: Executor, viewer: Viewer, id: string): Promise<boolean> {
  const [row] = await runPrepared(
    db,
    `case_in_scope_${viewer.cargo}`,
    (b) => b.select({ id: casos.id }).from(casos).where(caseInScope(viewer)),
    { id, viewer: viewer.id },
  );
  return !!row;
}

/** The case if the viewer's list scope includes it (one read: the scope and the row together). */
export async function findScopedCase(
  db: Executor,
  viewer: Viewer,
  id: string,
): Promise<typeof casos.$inferSelect | undefined> {
  const [row] = await runPrepared(
    db,
    `case_scoped_${viewer.cargo}`,
    (b) => b.select().from(casos).where(caseInScope(viewer)),
    { id, viewer: viewer.id },
  );
  return row;
}

/** Loads a case the viewer's list scope includes, locked for the rest of the transaction. */
export async function lockCase(tx: Tx, viewer: Viewer, id: string): Promise<typeof casos.$inferSelect> {
  const [row] = await runPrepared(
    tx,
    `case_lock_${viewer.cargo}`,
    (b) => b.select().from(casos).where(caseInScope(viewer)).for('update'),
    { id, viewer: viewer.id },
  );
  if (!row) throw notFound(MSG.casoNoExiste);
  return row;
}
