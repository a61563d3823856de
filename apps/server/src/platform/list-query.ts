import { and, asc, desc, eq, gt, gte, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  FILTER_OPERATORS,
  MAX_CRITERIA,
  MSG,
  TIME_ZONE,
  criterionSchema,
  fmt,
  type FilterOperator,
  type FilterSpec,
  type ListContract,
  type ListQuery,
} from '@vialex/domain';
import { badRequest } from './errors.js';
import { hasNul } from './request-guards.js';

/**
 * The criteria panel and keyset paging shared by every list (clients, users, cases, …).
 * A list's contract (packages/domain/src/contracts) says which fields may be filtered and how
 * their values are read; the list's queries map each of those fields to a column (a whitelist
 * from field to column). The request's criteria are checked against it and turned into
 * parameterised SQL.
 */
export { criterionSchema, listQuerySchema } from '@vialex/domain';
export type { ListQuery };
export const OPERATORS = FILTER_OPERATORS;
export type Operator = FilterOperator;

export interface FilterField extends FilterSpec {
  column: AnyPgColumn | SQL;
}

export type FilterFields = Record<string, FilterField>;

/**
 * A list's whitelist: its contract's fields, each with the column it filters. The column map
 * must name exactly the contract's fields, so a field added to or dropped from a contract
 * breaks the build until its list follows.
 */
export function filterColumns<F extends string>(
  list: ListContract<F>,
  columns: { readonly [K in F]: AnyPgColumn | SQL },
): FilterFields {
  const fields: FilterFields = {};
  for (const field of Object.keys(list.filters) as F[])
    fields[field] = { ...list.filters[field], column: columns[field] };
  return fields;
}

/** The column of a 'date' filter: the Bogotá calendar day of a timestamp (decisions.md D18). */
export function bogotaDay(column: AnyPgColumn): SQL {
  return sql`((${column} at time zone ${TIME_ZONE})::date)`;
}

export type Criterion = z.infer<typeof criterionSchema>;

const opSql: Record<Operator, (col: AnyPgColumn | SQL, v: unknown) => SQL> = {
  eq: (c, v) => eq(c as AnyPgColumn, v),
  ne: (c, v) => ne(c as AnyPgColumn, v),
  lt: (c, v) => lt(c as AnyPgColumn, v),
  lte: (c, v) => lte(c as AnyPgColumn, v),
  gt: (c, v) => gt(c as AnyPgColumn, v),
  gte: (c, v) => gte(c as AnyPgColumn, v),
};

function normalizeValue(field: string, spec: FilterField, raw: string | number | boolean): string | number | boolean {
  const alias = typeof raw === 'string' ? spec.aliases?.[raw.trim()] : undefined;
  const value = alias ?? raw;
  const required = () => badRequest(MSG.campoRequerido, [{ path: `criteria.${field}`, message: MSG.campoRequerido }]);
  switch (spec.type) {
    case 'upper': {
      const s = String(value).trim().toUpperCase();
      if (!s) throw required();
      return s;
    }
    case 'exact':
    case 'email': {
      const s = String(value).trim();
      if (!s) throw required();
      return spec.type === 'email' ? s.toLowerCase() : s;
    }
    case 'int':
    case 'bigint': {
      const s = String(value).trim();
      if (!/^-?\d+$/.test(s) || !Number.isSafeInteger(Number(s))) {
        throw badRequest(MSG.debeSerNumero, [{ path: `criteria.${field}`, message: MSG.debeSerNumero }]);
      }
      const n = Number(s);
      if (spec.type === 'int' && !isInt32(n))
        throw badRequest(MSG.numeroFueraDeRango, [{ path: `criteria.${field}`, message: MSG.numeroFueraDeRango }]);
      return n;
    }
    case 'date': {
      // A calendar day as YYYY-MM-DD; the list maps the field to the Bogotá day of its timestamp.
      const s = String(value).trim();
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
      const day = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
      if (!m || !day || Number(m[1]) < 1900 || day.toISOString().slice(0, 10) !== s)
        throw badRequest(MSG.fechaNoValida, [{ path: `criteria.${field}`, message: MSG.fechaNoValida }]);
      return s;
    }
    case 'bool': {
      if (typeof value === 'boolean') return value;
      const s = String(value).trim().toLowerCase();
      if (['true', 'si', 'sí', '1', 'activo'].includes(s)) return true;
      if (['false', 'no', '0', 'inactivo'].includes(s)) return false;
      throw badRequest(fmt(MSG.valorNoValido, { campo: field }), [
        { path: `criteria.${field}`, message: fmt(MSG.valorNoValido, { campo: field }) },
      ]);
    }
  }
}

/** Built once: a zod schema costs more to build than to check a short list with. */
const criteriaListSchema = z.array(criterionSchema).max(MAX_CRITERIA);

/** Parses the criteria JSON against a list's whitelist; unknown fields or operators are a 400. */
function parseCriteria(raw: string, fields: FilterFields) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest(MSG.criteriosMalFormados);
  }
  if (hasNul(parsed)) throw badRequest(MSG.caracteresNoPermitidos);
  const list = criteriaListSchema.safeParse(parsed);
  if (!list.success) throw badRequest(list.error.issues[0]?.message ?? MSG.criteriosMalFormados);
  return list.data.map((c) => {
    const spec = Object.hasOwn(fields, c.field) ? fields[c.field] : undefined;
    if (!spec)
      throw badRequest(fmt(MSG.campoNoPermitido, { campo: c.field }), [
        { path: 'criteria.field', message: fmt(MSG.campoNoPermitido, { campo: c.field }) },
      ]);
    if (!(OPERATORS as readonly string[]).includes(c.op)) {
      throw badRequest(fmt(MSG.operadorNoPermitido, { operador: c.op }), [
        { path: 'criteria.op', message: fmt(MSG.operadorNoPermitido, { operador: c.op }) },
      ]);
    }
    return { field: c.field, op: c.op as Operator, column: spec.column, value: normalizeValue(c.field, spec, c.value) };
  });
}

/** The request's criteria as a WHERE fragment with their values inline (as bound parameters). */
export function criteriaWhere(raw: string | undefined, fields: FilterFields): SQL | undefined {
  if (!raw) return undefined;
  const conditions = parseCriteria(raw, fields).map((c) => opSql[c.op](c.column, c.value));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The request's criteria for a prepared statement: the WHERE fragment with named placeholders
 * (c0, c1, …), their values, and the shape (fields and operators) that names the statement.
 */
export function criteriaPlan(
  raw: string | undefined,
  fields: FilterFields,
): { where: SQL | undefined; shape: string; params: Record<string, unknown> } {
  const criteria = raw ? parseCriteria(raw, fields) : [];
  const params: Record<string, unknown> = {};
  const conditions = criteria.map((c, i) => {
    params[`c${i}`] = c.value;
    return opSql[c.op](c.column, sql.placeholder(`c${i}`));
  });
  return {
    where: conditions.length ? and(...conditions) : undefined,
    shape: criteria.map((c) => `${c.field}.${c.op}`).join('+'),
    params,
  };
}

const isInt32 = (n: number) => Number.isInteger(n) && n >= -2_147_483_648 && n <= 2_147_483_647;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A keyset sort: columns all in one direction, the last one unique (the id). */
export interface KeysetSort {
  columns: { column: AnyPgColumn; type: 'date' | 'int' | 'text' | 'uuid' }[];
  direction: 'asc' | 'desc';
}

type KeyValue = string | number;

const CURSOR_TEXT_MAX = 1000;
/** A cursor's date is what keyOf wrote: toISOString() of a time PostgreSQL and JavaScript both hold. */
const ISO_INSTANT = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function cursorDate(v: string): Date | undefined {
  const year = Number(ISO_INSTANT.exec(v)?.[1]);
  if (!year || year < 1900 || year > 9999) return undefined;
  const date = new Date(v);
  return Number.isNaN(date.getTime()) || date.toISOString() !== v ? undefined : date;
}

function encodeCursor(values: KeyValue[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

function decodeCursor(cursor: string, sort: KeysetSort): unknown[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(MSG.cursorNoValido);
  }
  if (!Array.isArray(values) || values.length !== sort.columns.length) throw badRequest(MSG.cursorNoValido);
  return sort.columns.map(({ type }, i) => {
    const v = values[i];
    // Values the column could not hold are refused here, not by PostgreSQL (a 500).
    if (type === 'int' && typeof v === 'number' && isInt32(v)) return v;
    if (type === 'text' && typeof v === 'string' && v.length <= CURSOR_TEXT_MAX && !v.includes('\u0000')) return v;
    if (type === 'uuid' && typeof v === 'string' && UUID.test(v)) return v;
    if (type === 'date' && typeof v === 'string') {
      const date = cursorDate(v);
      if (date) return date;
    }
    throw badRequest(MSG.cursorNoValido);
  });
}

function keyOf(row: Record<string, unknown>, sort: KeysetSort, keys: string[]): KeyValue[] {
  return keys.map((k, i) => {
    const v = row[k];
    return sort.columns[i].type === 'date' ? (v as Date).toISOString() : (v as KeyValue);
  });
}

export interface Page<T> {
  rows: T[];
  nextCursor: string | null;
  prevCursor: string | null;
}

/**
 * Plans a keyset page: the WHERE fragment for the cursor, the ORDER BY and the LIMIT (one extra
 * row tells whether there is another page). `finish` turns the fetched rows into the page.
 */
export function keyset(
  sort: KeysetSort,
  query: Pick<ListQuery, 'cursor' | 'dir'>,
  limit: number,
  keys: string[],
  { placeholders = false } = {},
) {
  for (const { column, type } of sort.columns) {
    // A cursor holds a time to the millisecond (keyOf); a column keeping microseconds would
    // skip the rows that share the cursor's millisecond (columns.ts createdAt).
    if (type === 'date' && (column as { precision?: number }).precision !== 3)
      throw new Error(`keyset: ${column.name} must be a timestamp(3) column`);
  }
  const backwards = query.dir === 'prev' && !!query.cursor;
  // With placeholders the cursor goes in as named parameters (k0, k1, …), so a prepared
  // statement can be reused for every page of the same shape.
  const params: Record<string, unknown> = {};
  const forwardDesc = sort.direction === 'desc';
  // Going back over a descending list reads ascending from the cursor, and vice versa.
  const readDesc = backwards ? !forwardDesc : forwardDesc;
  const cols = sort.columns.map((c) => c.column);
  let where: SQL | undefined;
  if (query.cursor) {
    const values = decodeCursor(query.cursor, sort);
    values.forEach((v, i) => (params[`k${i}`] = v));
    const left = sql`(${sql.join(cols, sql`, `)})`;
    const right = sql`(${sql.join(
      values.map((v, i) => (placeholders ? sql`${sql.placeholder(`k${i}`)}` : sql`${v}`)),
      sql`, `,
    )})`;
    where = readDesc ? sql`${left} < ${right}` : sql`${left} > ${right}`;
  }
  const orderBy = cols.map((c) => (readDesc ? desc(c) : asc(c)));
  return {
    where,
    orderBy,
    limit: limit + 1,
    params,
    /** Which statement shape this page needs: first page, forwards or backwards from a cursor. */
    shape: !query.cursor ? 'first' : backwards ? 'prev' : 'next',
    finish<T extends Record<string, unknown>>(fetched: T[]): Page<T> {
      const extra = fetched.length > limit;
      const rows = fetched.slice(0, limit);
      if (backwards) rows.reverse();
      const first = rows[0];
      const last = rows.at(-1);
      const hasNext = backwards ? true : extra;
      const hasPrev = backwards ? extra : !!query.cursor;
      return {
        rows,
        nextCursor: hasNext && last ? encodeCursor(keyOf(last, sort, keys)) : null,
        prevCursor: hasPrev && first ? encodeCursor(keyOf(first, sort, keys)) : null,
      };
    },
  };
}
