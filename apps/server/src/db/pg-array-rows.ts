import { createRequire } from 'node:module';
import pg from 'pg';

/*
 * node-postgres, on every answer's row description, also builds an empty row object with one key
 * per column (`_prebuiltEmptyResultObject`), which only its object rows copy. Drizzle's selects
 * and the case list ask for rows as arrays and never read it; for an answer of 40-odd columns
 * building it cost more than decoding the ten rows (a null-prototype object grown key by key
 * falls into dictionary mode, and spreading it is slow). For array rows it is no longer built:
 * the parsers are chosen as before. Object rows are untouched.
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
  rowAsArray: boolean;
}
interface ResultClass {
  prototype: ResultInternals & { addFields(fields: FieldDescription[]): void };
}

const require = createRequire(import.meta.url);

/** Whether pg's answers of array rows skip the unused empty row object (false: pg changed, left as it is). */
export const arrayRowsLean = (() => {
  const Result = require('pg/lib/result.js') as ResultClass;
  const types = pg.types as unknown as TypeSource;
  const original = Result.prototype.addFields;
  if (!/_prebuiltEmptyResultObject/.test(original.toString())) return false;
  Result.prototype.addFields = function addFields(this: ResultInternals, fields: FieldDescription[]) {
    if (!this.rowAsArray) return original.call(this, fields);
    this.fields = fields;
    const source = this._types ?? types;
    const parsers = new Array<(value: unknown) => unknown>(fields.length);
    for (let i = 0; i < fields.length; i++)
      parsers[i] = source.getTypeParser(fields[i].dataTypeID, fields[i].format || 'text');
    if (fields.length) this._parsers = parsers;
  };
  return true;
})();
