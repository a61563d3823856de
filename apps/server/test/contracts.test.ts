import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AREA_LIST,
  CASE_LIST,
  CASE_STATUS_CATALOGUE_LIST,
  COMPANY_LIST,
  VEHICLE_LIST,
  CLIENT_LIST,
  FILTER_OPERATORS,
  USER_LIST,
  USER_STATUS_LIST,
  caseResponse,
  clientResponse,
  meResponse,
  userResponse,
  type FilterSpec,
  type ListContract,
} from '@vialex/domain';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';

/**
 * The API's answers are the contracts of packages/domain/src/contracts: every operation
 * documents its answer, the documented shapes are the contracts' and every list reads its
 * criteria by its list contract.
 */
let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer();
  const admin = await createUser(s.ctx, { cargo: 'Administrador' });
  cookie = await login(s.app, admin.email);
});
afterAll(async () => s?.close());

type Schema = { properties?: Record<string, unknown>; items?: Schema; $ref?: string };
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type Spec = { paths: Record<string, Record<string, Operation>> };

// The docs are for signed-in staff (API_DOCS=staff, the default).
const spec = async () =>
  (await s.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } })).json() as Spec;

describe('OpenAPI (/api/docs/json)', () => {
  it('every operation documents a 2xx answer with its schema', async () => {
    const { paths } = await spec();
    const missing: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) {
        operations++;
        const ok = Object.entries(op.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
        // A download documents its bytes (application/octet-stream) instead of JSON.
        const documented = ok.some(
          ([code, r]) =>
            code === '204' ||
            !!r.content?.['application/json']?.schema ||
            !!r.content?.['application/octet-stream']?.schema,
        );
        if (!documented) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
    expect(operations).toBeGreaterThan(45);
  });

  it.each([
    ['get', '/api/auth/me', '200', meResponse],
    ['get', '/api/clientes/{id}', '200', clientResponse],
    ['put', '/api/usuarios/{id}', '200', userResponse],
    ['get', '/api/casos/{id}', '200', caseResponse],
  ] as const)('%s %s answers the contract', async (method, path, code, contract: z.ZodObject) => {
    const { paths } = await spec();
    const schema = paths[path]?.[method]?.responses?.[code]?.content?.['application/json']?.schema;
    expect(Object.keys(schema?.properties ?? {}).sort()).toEqual(Object.keys(contract.shape).sort());
  });
});

/** A value each filter type accepts. */
const sample = (f: FilterSpec) =>
  f.options?.[0] ??
  { upper: 'X', exact: 'X', email: 'a@b.co', int: 1, bigint: 1, bool: true, date: '2026-01-15' }[f.type];

describe('lists read their criteria by their contract', () => {
  it.each([
    ['/api/clientes', CLIENT_LIST],
    ['/api/usuarios', USER_LIST],
    ['/api/estado-usuarios', USER_STATUS_LIST],
    ['/api/casos', CASE_LIST],
    ['/api/casos/archivados', CASE_LIST],
    ['/api/vehiculos', VEHICLE_LIST],
    ['/api/empresas', COMPANY_LIST],
    ['/api/areas', AREA_LIST],
    ['/api/estados-caso', CASE_STATUS_CATALOGUE_LIST],
  ] as [string, ListContract][])('%s', async (url, list) => {
    const get = (criteria: unknown[], limit = list.defaultPageSize) =>
      s.app.inject({
        method: 'GET',
        url: `${url}?criteria=${encodeURIComponent(JSON.stringify(criteria))}&limit=${limit}`,
        headers: { cookie },
      });
    for (const [field, f] of Object.entries(list.filters)) {
      for (const op of f.type === 'bool' || f.options ? (['eq', 'ne'] as const) : FILTER_OPERATORS) {
        const res = await get([{ field, op, value: sample(f) }]);
        expect(res.statusCode, `${field} ${op} ${res.body}`).toBe(200);
      }
    }
    expect((await get([{ field: 'no_such_field', op: 'eq', value: 'X' }])).statusCode).toBe(400);
    for (const size of list.pageSizes) expect((await get([], size)).statusCode, `limit ${size}`).toBe(200);
    expect((await get([], 7)).statusCode).toBe(400);
    const tooMany = Array.from({ length: list.maxCriteria + 1 }, () => ({
      field: Object.keys(list.filters)[0],
      op: 'eq',
      value: 1,
    }));
    expect((await get(tooMany)).statusCode).toBe(400);
  });
});
