import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { arrayRowsLean } from '../src/db/pg-array-rows.js';

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
    expect(arrayRowsLean).toBe(true);
  });

  it('array rows decode each column as before, without the empty row object', () => {
    const result = new Result('array');
    result.addFields(FIELDS);
    expect(result.parseRow(['7', 't', null])).toEqual([7, true, null]);
    expect(result._prebuiltEmptyResultObject).toBeNull();
  });

  it('object rows are as pg makes them', () => {
    const result = new Result();
    result.addFields(FIELDS);
    expect(result.parseRow(['7', 'f', 'ANA'])).toEqual({ n: 7, ok: false, name: 'ANA' });
  });
});
