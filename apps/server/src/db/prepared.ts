import { is, sql, Param, SQL, type Column } from 'drizzle-orm';
import type { Executor } from './client.js';

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A named prepared statement, built once per database handle and name. Building a Drizzle query
 * costs more than running a small one; PostgreSQL then parses and plans the named statement once
 * per connection. The caller's name must say everything that changes the statement's text.
 */
export function preparedOnce<T>(db: object, name: string, build: () => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, build());
  return byName.get(name) as T;
}

/** What a built statement runs: Drizzle's prepared query of a builder, or of raw SQL. */
interface Runnable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** The internals of a handle this module reads: its session's driver client and its dialect. */
interface Handle {
  session: {
    client: unknown;
    prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: false): unknown;
  };
  dialect: { sqlToQuery(sql: SQL): unknown };
}

/** Per session class (node-postgres or PGlite), per name: the statement built on first use. */
const templates = new Map<object, Map<string, Runnable<unknown>>>();

/**
 * Runs a statement that is built once, on any handle — the database or an open transaction —
 * where preparedOnce's statements are bound to the handle they were built on. `build` writes it
 * with `sql.placeholder(name)` for each value (`slot` for a value a column must encode, such as
 * jsonb in an insert) and answers a query builder, or raw SQL; `values` fills the placeholders.
 * Building costs more than running a small statement (Drizzle composes and renders the query
 * anew on every call: about a fifth of an instance's CPU under the soak), so the hot paths build
 * theirs once per process (docs/ARCHITECTURE.md "Hot statements are built once"). On node-postgres the
 * statement is named, so PostgreSQL parses and plans it once per connection: only for statements
 * whose best plan does not depend on their values. The caller's name must say everything that
 * changes the statement's text.
 */
export function runPrepared<R>(
  executor: Executor,
  name: string,
  build: (db: Executor) => { prepare(name: string): Runnable<R> } | SQL,
  values: Record<string, unknown> = {},
): Promise<R> {
  const handle = executor as unknown as Handle;
  const kind = Object.getPrototypeOf(handle.session) as object;
  let byName = templates.get(kind);
  if (!byName) templates.set(kind, (byName = new Map()));
  let template = byName.get(name) as Runnable<R> | undefined;
  if (!template) {
    const built = build(executor);
    template = is(built, SQL)
      ? (handle.session.prepareQuery(handle.dialect.sqlToQuery(built), undefined, name, false) as Runnable<R>)
      : (built as { prepare(name: string): Runnable<R> }).prepare(name);
    byName.set(name, template as Runnable<unknown>);
  }
  // The template runs on this handle's connection: the pool, or the transaction's client.
  const bound = Object.create(template) as Runnable<R> & { client: unknown };
  bound.client = handle.session.client;
  return bound.execute(values);
}

/** A placeholder encoded as the column encodes its values (jsonb: JSON text); null stays NULL. */
export const slot = (name: string, column: Column): SQL =>
  sql`${new Param(sql.placeholder(name), {
    mapToDriverValue: (value: unknown) => (value === null ? null : column.mapToDriverValue(value)),
  })}`;

/**
 * `column = any(values)`: the list is one array parameter however long it is, where inArray
 * sends one parameter each (a notice to 500 Administradores cost 4 ms to build). `values` may
 * be a placeholder.
 */
export const anyOf = (column: Column, values: unknown) =>
  sql`${column} = any(${sql.param(values)}::${sql.raw(column.getSQLType())}[])`;

/**
 * A list of uuids as PostgreSQL's array literal, for a `::uuid[]` parameter. The driver writes an
 * array out in JavaScript element by element, quoting and escaping each (a notice to 500 users
 * allocated more there than anywhere else); a uuid needs neither, so the list is one join. The
 * cast checks every element.
 */
export const uuidArray = (ids: readonly string[]): string => `{${ids.join(',')}}`;
