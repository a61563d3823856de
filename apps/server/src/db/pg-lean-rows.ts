import { createRequire } from 'node:module';
import pg from 'pg';

/*
 * node-postgres, on every answer's row description, builds an empty row object with one key per
 * column (`_prebuiltEmptyResultObject`), which each object row then copies. It builds it by
 * growing a null-prototype object key by key — which puts it in dictionary mode — and spreading
 * it: for the chat send's 19 columns that took longer than decoding the row.
 *   - Array rows (Drizzle's selects, the case list) never read it: it is no longer built.
 *   - Object rows (the raw statements) get it from a cache by column names: the same statement
 *     describes the same columns every time, so it is built once. It is the object pg builds,
 *     and it is only ever copied, never written.
 * The parsers are chosen as before.
 *
 * This replaces one method of pg's Result, so it checks that the method is the one it was
 * written against (its text names the object it builds); if pg changes it, nothing is replaced
 * and a test says so.
 */

interface FieldDescription {
  name: string;
  dataTypeID: number;
  format?: string;
}
interface TypeSource {
  getTypeParser(oid: number, format: string): (value: unknown) => unknown;
}
interface ResultInternals {
  fields: FieldDescription[];
  _parsers: ((value: unknown) => unknown)[] | undefined;
  _types: TypeSource | undefined;
  _prebuiltEmptyResultObject: Record<string, null> | null;
  rowAsArray: boolean;
}
interface ResultClass {
  prototype: ResultInternals & { addFields(fields: FieldDescription[]): void };
}

const require = createRequire(import.meta.url);

/** Column lists seen: a few hundred statements at most; past this, rows are built as pg did. */
const MAX_SHAPES = 2_000;
const emptyRows = new Map<string, Record<string, null>>();

/** pg's empty row for these columns: built as pg builds it, once per list of names. */
function emptyRow(fields: FieldDescription[]): Record<string, null> {
  // A column's name cannot hold a NUL character, so the joined names tell the lists apart.
  let key = '';
  for (let i = 0; i < fields.length; i++) key += `${fields[i].name}\0`;
  let row = emptyRows.get(key);
  if (row) return row;
  const grown: Record<string, null> = Object.create(null);
  for (const field of fields) grown[field.name] = null;
  row = { ...grown };
  if (emptyRows.size < MAX_SHAPES) emptyRows.set(key, row);
  return row;
}

/** Whether pg's row descriptions are the lean ones (false: pg changed, left as it is). */
export const rowsLean = (() => {
  const Result = require('pg/lib/result.js') as ResultClass;
  const types = pg.types as unknown as TypeSource;
  const original = Result.prototype.addFields;
  if (!/_prebuiltEmptyResultObject/.test(original.toString())) return false;
  Result.prototype.addFields = function addFields(this: ResultInternals, fields: FieldDescription[]) {
    this.fields = fields;
    const source = this._types ?? types;
    const parsers = new Array<(value: unknown) => unknown>(fields.length);
    for (let i = 0; i < fields.length; i++)
      parsers[i] = source.getTypeParser(fields[i].dataTypeID, fields[i].format || 'text');
    if (fields.length) this._parsers = parsers;
    if (!this.rowAsArray) this._prebuiltEmptyResultObject = emptyRow(fields);
  };
  return true;
})();
