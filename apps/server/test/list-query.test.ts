import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { clientes } from '../src/db/schema/index.js';
import { CLIENT_FILTERS } from '../src/modules/clients/queries.js';
import { USER_FILTERS, USER_STATUS_FILTERS } from '../src/modules/users/queries.js';
import { OPERATORS } from '../src/platform/list-query.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer();
  const { email } = await createUser(s.ctx, { cargo: 'Administrador' });
  cookie = await login(s.app, email);
  // 25 clients with distinct creation times, oldest first.
  const base = Date.now() - 1_000_000;
  await s.ctx.db.insert(clientes).values(
    Array.from({ length: 25 }, (_, i) => ({
      nombres: `CLIENTE ${String(i).padStart(2, '0')}`,
      apellidos: i % 2 ? 'PAR' : 'IMPAR',
      tipoidentificacion: 'CC',
      identificacion: 1000 + i,
      telefono: `300${i}`,
      ciudad: i % 3 ? '11001' : '05001',
      direccion: 'CALLE 1',
      estado: i % 5 !== 0,
      creado: new Date(base + i * 1000),
    })),
  );
});
afterAll(async () => s?.close());

const list = (path: string, params: Record<string, string>) =>
  s.app.inject({ method: 'GET', url: `${path}?${new URLSearchParams(params)}`, headers: { cookie } });
const criteria = (c: object[]) => JSON.stringify(c);

const SAMPLE: Record<string, string | number> = {
  nombres: 'cliente 05',
  apellidos: ' par ',
  tipoidentificacion: 'cc',
  identificacion: '1010',
  telefono: '3003',
  ciudad: 'medellín',
  direccion: 'calle 1',
  estado: 'true',
  email: 'a@b.co',
  cargo: 'Perito',
  area: 'peritaje',
  disponibilidad: 'Activo en espera',
  login: 'Logueo',
  duracion_sesion: '15',
};

describe('criteria panel on the server', () => {
  const cases = [
    ['/api/clientes', CLIENT_FILTERS],
    ['/api/usuarios', USER_FILTERS],
    ['/api/estado-usuarios', USER_STATUS_FILTERS],
  ] as const;
  for (const [path, fields] of cases) {
    for (const field of Object.keys(fields)) {
      it.each(OPERATORS)(`${path} ${field} %s`, async (op) => {
        const res = await list(path, { criteria: criteria([{ field, op, value: SAMPLE[field] }]) });
        expect(res.statusCode).toBe(200);
      });
    }
  }

  it('text is compared uppercased and trimmed; identificacion as a number', async () => {
    const byName = await list('/api/clientes', {
      criteria: criteria([{ field: 'nombres', op: 'eq', value: '  cliente 07 ' }]),
    });
    expect(byName.json().rows.map((r: { identificacion: number }) => r.identificacion)).toEqual([1007]);
    const gt = await list('/api/clientes', {
      criteria: criteria([{ field: 'identificacion', op: 'gte', value: '1020' }]),
    });
    expect(gt.json().rows.map((r: { identificacion: number }) => r.identificacion)).toEqual([
      1024, 1023, 1022, 1021, 1020,
    ]);
    const ne = await list('/api/clientes', {
      limit: '50',
      criteria: criteria([{ field: 'apellidos', op: 'ne', value: 'par' }]),
    });
    expect(ne.json().rows.every((r: { apellidos: string }) => r.apellidos === 'IMPAR')).toBe(true);
    const two = await list('/api/clientes', {
      limit: '50',
      criteria: criteria([
        { field: 'ciudad', op: 'eq', value: 'Medellín' },
        { field: 'estado', op: 'eq', value: 'Activo' },
      ]),
    });
    expect(
      two
        .json()
        .rows.map((r: { identificacion: number }) => r.identificacion)
        .sort(),
    ).toEqual([1003, 1006, 1009, 1012, 1018, 1021, 1024]);
  });

  it.each([
    [[{ field: 'password_hash', op: 'eq', value: 'x' }], 'No se puede filtrar por el campo password_hash'],
    [[{ field: 'nombres', op: 'like', value: 'x' }], 'Operador no válido: like'],
    [[{ field: 'identificacion', op: 'eq', value: 'doce' }], 'Debe ser un número entero'],
    [[{ field: 'nombres', op: 'eq', value: '   ' }], 'Este campo es requerido'],
    [[{ field: '', op: 'eq', value: 'x' }], 'Este campo es requerido'],
    [[{ field: '__proto__', op: 'eq', value: 'x' }], 'No se puede filtrar por el campo __proto__'],
  ])('refuses %j with a clear 400', async (c, message) => {
    const res = await list('/api/clientes', { criteria: criteria(c) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('malformed criteria, cursor or page size are 400s, never 500s', async () => {
    expect((await list('/api/clientes', { criteria: '{nope' })).statusCode).toBe(400);
    expect((await list('/api/clientes', { criteria: '"x"' })).statusCode).toBe(400);
    expect((await list('/api/clientes', { cursor: 'garbage' })).statusCode).toBe(400);
    expect((await list('/api/clientes', { cursor: Buffer.from('[1,2]').toString('base64url') })).statusCode).toBe(400);
    expect((await list('/api/clientes', { limit: '7' })).statusCode).toBe(400);
    expect(
      (await list('/api/usuarios', { criteria: criteria([{ field: 'estado', op: 'eq', value: 'quizás' }]) }))
        .statusCode,
    ).toBe(400);
  });

  it('values the column cannot hold are 400s, not database errors', async () => {
    const cursor = (v: unknown[]) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const path of ['/api/clientes', '/api/usuarios', '/api/estado-usuarios']) {
      const res = await list(path, { cursor: cursor(['2024-01-01T00:00:00.000Z', 'x']) });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message).toBe('Cursor de página no válido');
    }
    for (const path of ['/api/casos', '/api/casos/archivados']) {
      expect((await list(path, { cursor: cursor([99_999_999_999]) })).statusCode, path).toBe(400);
      const big = await list(path, { criteria: criteria([{ field: 'caso', op: 'eq', value: '99999999999' }]) });
      expect(big.statusCode).toBe(400);
      expect(big.json().message).toBe('Número fuera de rango');
    }
    expect(
      (
        await list('/api/estado-usuarios', {
          criteria: criteria([{ field: 'duracion_sesion', op: 'gt', value: '99999999999' }]),
        })
      ).statusCode,
    ).toBe(400);
    // Identification numbers are bigints: a long one is a fine filter.
    expect(
      (
        await list('/api/clientes', {
          criteria: criteria([{ field: 'identificacion', op: 'eq', value: '99999999999' }]),
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('keyset paging', () => {
  it('walks forward and back, 10 per page, newest first, with no row skipped or repeated', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    const pages: number[][] = [];
    do {
      const res = await list('/api/clientes', cursor ? { cursor, dir: 'next' } : {});
      const body = res.json();
      const ids = body.rows.map((r: { identificacion: number }) => r.identificacion);
      pages.push(ids);
      seen.push(...ids);
      cursor = body.nextCursor;
    } while (cursor);
    const ours = seen.filter((n) => n >= 1000 && n < 1100);
    expect(ours).toEqual(Array.from({ length: 25 }, (_, i) => 1024 - i));
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages[0]).toHaveLength(10);

    // Back from page 2 to page 1.
    const p1 = (await list('/api/clientes', {})).json();
    const p2 = (await list('/api/clientes', { cursor: p1.nextCursor, dir: 'next' })).json();
    expect(p2.prevCursor).not.toBeNull();
    const back = (await list('/api/clientes', { cursor: p2.prevCursor, dir: 'prev' })).json();
    expect(back.rows.map((r: { id: string }) => r.id)).toEqual(p1.rows.map((r: { id: string }) => r.id));
    expect(back.prevCursor).toBeNull();
    expect(p1.prevCursor).toBeNull();
  });

  it('rows created within one millisecond are neither skipped nor repeated (PostgreSQL keeps microseconds)', async () => {
    // A cursor holds a time as JavaScript does, to the millisecond; rows whose times differ only
    // in microseconds (PostgreSQL's now() in separate statements) must still page exactly.
    await s.ctx.db
      .execute(sql`insert into clientes (nombres, apellidos, tipoidentificacion, identificacion, telefono, ciudad, direccion, creado)
      select 'MICRO', 'MICRO', 'CC', 7000 + g, '1', '11001', 'X',
        timestamptz '2020-01-01 10:00:00.123' + g * interval '1 microsecond' from generate_series(1, 25) g`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const body: { rows: { id: string }[]; nextCursor: string | null } = (
        await list('/api/clientes', cursor ? { cursor, dir: 'next' } : {})
      ).json();
      seen.push(...body.rows.map((r) => r.id));
      cursor = body.nextCursor;
    } while (cursor);
    const all = await s.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from clientes`);
    expect(seen).toHaveLength(all.rows[0].n);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('rows inserted while someone pages do not shift the pages they already hold', async () => {
    const p1 = (await list('/api/clientes', {})).json();
    // Concurrent inserts: newer rows land before page 1, so page 2 must continue exactly after page 1.
    await s.ctx.db
      .execute(sql`insert into clientes (nombres, apellidos, tipoidentificacion, identificacion, telefono, ciudad, direccion)
      select 'NUEVO', 'NUEVO', 'CC', 5000 + g, '1', '11001', 'X' from generate_series(1, 7) g`);
    const p2 = (await list('/api/clientes', { cursor: p1.nextCursor, dir: 'next' })).json();
    const last1 = p1.rows.at(-1).creado;
    expect(p2.rows.every((r: { creado: string }) => r.creado <= last1)).toBe(true);
    expect(
      p2.rows.map((r: { id: string }) => r.id).some((id: string) => p1.rows.some((r: { id: string }) => r.id === id)),
    ).toBe(false);
    expect(p2.rows[0].identificacion).toBe(p1.rows.at(-1).identificacion - 1);
  });
});
