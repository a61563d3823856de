import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { rowsLean } from '../src/db/pg-lean-rows.js';

interface TestResult {
  addFields(fields: { name: string; dataTypeID: number; format: string }[]): void;
  parseRow(raw: (string | null)[]): unknown;
  _prebuiltEmptyResultObject: unknown;
}
const Result = createRequire(import.meta.url)('pg/lib/result.js') as new (rowMode?: string) => TestResult;
// int4, bool, text
const FIELDS = [
  { name: 'n', dataTypeID: 23, format: 'text' },
  { name: 'ok', dataTypeID: 16, format: 'text' },
  { name: 'name', dataTypeID: 25, format: 'text' },
];

describe("node-postgres's answers", () => {
  it('the replaced method is the one it was written for (a pg upgrade that changed it fails here)', () => {
    expect(rowsLean).toBe(true);
  });

  it('array rows decode each column as before, without the empty row object', () => {
    const result = new Result('array');
    result.addFields(FIELDS);
    expect(result.parseRow(['7', 't', null])).toEqual([7, true, null]);
    expect(result._prebuiltEmptyResultObject).toBeNull();
  });

  it('object rows are as pg makes them, each its own object, from one empty row per list of columns', () => {
    const first = new Result();
    first.addFields(FIELDS);
    const row = first.parseRow(['7', 'f', 'ANA']) as Record<string, unknown>;
    expect(row).toEqual({ n: 7, ok: false, name: 'ANA' });
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row)).toEqual(['n', 'ok', 'name']);

    // The same columns again (another answer of the statement): the empty row is not built again,
    // and a row written to does not change the next one.
    const second = new Result();
    second.addFields(FIELDS.map((f) => ({ ...f })));
    expect(second._prebuiltEmptyResultObject).toBe(first._prebuiltEmptyResultObject);
    row.name = 'CAMBIADO';
    expect(second.parseRow(['8', null, null])).toEqual({ n: 8, ok: null, name: null });
    expect(first._prebuiltEmptyResultObject).toEqual({ n: null, ok: null, name: null });

    // Other columns, or the same in another order, are another row.
    const other = new Result();
    other.addFields([FIELDS[2], FIELDS[0]]);
    expect(other.parseRow(['ANA', '1'])).toEqual({ name: 'ANA', n: 1 });
    expect(Object.keys(other.parseRow(['ANA', '1']) as object)).toEqual(['name', 'n']);
    expect(other._prebuiltEmptyResultObject).not.toBe(first._prebuiltEmptyResultObject);
  });

  it('a column named __proto__ is an own column of the row, as pg makes it', () => {
    const result = new Result();
    result.addFields([{ name: '__proto__', dataTypeID: 25, format: 'text' }]);
    const row = result.parseRow(['x']) as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('x');
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });
});
