import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { CARGOS, MSG, can, fmt, fmtCount, type Cargo } from '@vialex/domain';
import { areas, empresas, usuarios } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, signInEveryCargo } from './factories.js';
import { caseBody } from './case-factories.js';
import { openLiveSocket } from './live-socket.js';

/**
 * LISTA DE EMPRESAS and AREA (spec 3 §2, §4–§6, §8): who writes, the forms' rules, the lists, and
 * what an inactive company or area leaves (the case form, the users form); the lists are live.
 */
let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => s?.close());

const as = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cargo: Cargo, payload?: unknown) =>
  s.app.inject({ method, url, headers: as(cargo), ...(payload === undefined ? {} : { payload: payload as object }) });
const issues = (res: { json(): unknown }) =>
  ((res.json() as { issues?: { path: string; message: string }[] }).issues ?? []).map((i) => [i.path, i.message]);
const companies = async () => (await s.ctx.db.select({ n: count() }).from(empresas))[0].n;
const areaCount = async () => (await s.ctx.db.select({ n: count() }).from(areas))[0].n;
let nits = 900_100_000;
const nit = () => String(++nits);

describe('companies: who may write (spec 3 §6)', () => {
  it.each(CARGOS)('%s', async (cargo) => {
    const allowed = can(cargo, 'empresas.write');
    const before = await companies();
    const res = await send('POST', '/api/empresas', cargo, { empresa: `Empresa ${cargo}`, nit: nit() });
    expect(res.statusCode).toBe(allowed ? 201 : 403);
    if (!allowed) {
      expect(res.json().message).toBe(MSG.noAutorizado);
      expect(await companies()).toBe(before);
      const [some] = await s.ctx.db.select().from(empresas).limit(1);
      expect((await send('PUT', `/api/empresas/${some.id}`, cargo, { empresa: 'X', nit: nit() })).statusCode).toBe(403);
      expect((await send('DELETE', `/api/empresas/${some.id}`, cargo)).statusCode).toBe(403);
      const [after] = await s.ctx.db.select().from(empresas).where(eq(empresas.id, some.id));
      expect(after).toEqual(some);
    }
    const list = await s.app.inject({ method: 'GET', url: '/api/empresas', headers: as(cargo) });
    expect(list.statusCode).toBe(200);
    expect(list.json().permissions.write).toBe(allowed);
  });
});

describe('companies: the form and the estado (spec 3 §2, §4, §5)', () => {
  it('empresa and nit required; trimmed and uppercased; a new company is active; the NIT is one per company', async () => {
    const before = await companies();
    const empty = await send('POST', '/api/empresas', 'Call Center', {});
    expect(issues(empty)).toEqual([
      ['empresa', MSG.campoRequerido],
      ['nit', MSG.campoRequerido],
    ]);
    expect(issues(await send('POST', '/api/empresas', 'Call Center', { empresa: ' ', nit: ' ' }))).toEqual([
      ['empresa', MSG.campoRequerido],
      ['nit', MSG.campoRequerido],
    ]);
    expect(issues(await send('POST', '/api/empresas', 'Call Center', { empresa: 'A', nit: '86A' }))).toEqual([
      ['nit', MSG.nitNoValido],
    ]);
    expect(await companies()).toBe(before);
    const res = await send('POST', '/api/empresas', 'Call Center', {
      empresa: '  aseguradora del sur s.a. ',
      nit: '900.555.123-4',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ empresa: 'ASEGURADORA DEL SUR S.A.', nit: '900555123-4', estado: true });
    const dup = await send('POST', '/api/empresas', 'Administrador', { empresa: 'Otra', nit: '900555123-4' });
    expect(dup.json()).toMatchObject({ statusCode: 409, message: MSG.empresaDuplicada });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        send('POST', '/api/empresas', 'Administrador', { empresa: 'Gemela', nit: '900999888' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(MSG.empresaDuplicada);
  });

  it('edit with the estado; deactivate keeps the record; an inactive company leaves the case form', async () => {
    const c = (
      await send('POST', '/api/empresas', 'Coordinador Contact Center', { empresa: 'Temporal', nit: nit() })
    ).json();
    const edited = await send('PUT', `/api/empresas/${c.id}`, 'Call Center', { empresa: 'temporal ltda', nit: c.nit });
    expect(edited.json()).toMatchObject({ empresa: 'TEMPORAL LTDA', estado: true });
    const lookup = async () =>
      (await s.app.inject({ method: 'GET', url: '/api/lookups/empresas', headers: as('Call Center') })).json() as {
        id: string;
      }[];
    expect((await lookup()).map((e) => e.id)).toContain(c.id);
    const del = await send('DELETE', `/api/empresas/${c.id}`, 'Call Center');
    expect(del.json()).toMatchObject({ id: c.id, estado: false });
    expect(await s.ctx.db.select().from(empresas).where(eq(empresas.id, c.id))).toHaveLength(1);
    // The case form no longer offers it, and a case can't be saved with it.
    const offered = await s.app.inject({ method: 'GET', url: '/api/lookups/empresas', headers: as('Call Center') });
    expect(offered.headers['cache-control']).toBe('private, no-cache');
    expect((offered.json() as { id: string }[]).map((e) => e.id)).not.toContain(c.id);
    const refused = await s.app.inject({
      method: 'POST',
      url: '/api/casos',
      headers: as('Call Center'),
      payload: await caseBody(s.ctx, { uidempresa: c.id }),
    });
    expect(refused.json()).toMatchObject({ statusCode: 400, message: MSG.empresaNoValida });
    // Active again through the edit's estado.
    const back = await send('PUT', `/api/empresas/${c.id}`, 'Call Center', {
      empresa: c.empresa,
      nit: c.nit,
      estado: true,
    });
    expect(back.json().estado).toBe(true);
    expect((await lookup()).map((e) => e.id)).toContain(c.id);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await send('DELETE', `/api/empresas/${missing}`, 'Call Center')).json()).toMatchObject({
      statusCode: 404,
      message: MSG.empresaNoExiste,
    });
  });

  it('the list: by name, page sizes 5 to 500, filters on empresa, nit and estado', async () => {
    for (const size of [5, 10, 20, 50, 100, 500]) {
      const res = await s.app.inject({ method: 'GET', url: `/api/empresas?limit=${size}`, headers: as('Perito') });
      expect(res.statusCode).toBe(200);
      expect(res.json().rows.length).toBeLessThanOrEqual(size);
    }
    const page = (await s.app.inject({ method: 'GET', url: '/api/empresas?limit=500', headers: as('Perito') })).json();
    const names = page.rows.map((r: { empresa: string }) => r.empresa);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const by = async (criteria: unknown[]) =>
      (
        await s.app.inject({
          method: 'GET',
          url: '/api/empresas',
          headers: as('Perito'),
          query: { criteria: JSON.stringify(criteria), limit: '500' },
        })
      ).json().rows as { nit: string; estado: boolean }[];
    expect((await by([{ field: 'nit', op: 'eq', value: '860009578' }])).map((r) => r.nit)).toEqual(['860009578']);
    expect((await by([{ field: 'empresa', op: 'eq', value: ' seguros del estado s.a. ' }])).length).toBe(1);
    expect((await by([{ field: 'estado', op: 'eq', value: 'Inactivo' }])).every((r) => !r.estado)).toBe(true);
  });

  it('input the UI never sends: NUL, huge, wrong types — a Spanish 400, nothing written', async () => {
    const before = await companies();
    expect(
      (await send('POST', '/api/empresas', 'Call Center', { empresa: 'A\u0000', nit: nit() })).json(),
    ).toMatchObject({
      statusCode: 400,
      message: MSG.caracteresNoPermitidos,
    });
    expect(
      issues(await send('POST', '/api/empresas', 'Call Center', { empresa: 'x'.repeat(201), nit: nit() })),
    ).toEqual([['empresa', fmt(MSG.textoMuyLargo, { max: 200 })]]);
    const types = await send('POST', '/api/empresas', 'Call Center', { empresa: 5, nit: ['1'], estado: 'true' });
    expect(types.statusCode).toBe(400);
    expect(issues(types).map(([p]) => p)).toEqual(['empresa', 'nit', 'estado']);
    expect((await send('PUT', '/api/empresas/%00', 'Call Center', {})).json().message).toBe(MSG.caracteresNoPermitidos);
    expect(await companies()).toBe(before);
  });
});

describe('areas: only the Administrador writes (spec 3 §5, §6)', () => {
  it.each(CARGOS)('%s', async (cargo) => {
    const allowed = can(cargo, 'areas.write');
    expect(allowed).toBe(cargo === 'Administrador');
    const before = await areaCount();
    const res = await send('POST', '/api/areas', cargo, { nombre: `área ${cargo}` });
    expect(res.statusCode).toBe(allowed ? 201 : 403);
    const [some] = await s.ctx.db.select().from(areas).where(eq(areas.nombre, 'PERITAJE'));
    if (!allowed) {
      expect(res.json().message).toBe(MSG.noAutorizado);
      expect(await areaCount()).toBe(before);
      expect((await send('PUT', `/api/areas/${some.id}`, cargo, { nombre: 'PERITAJES' })).statusCode).toBe(403);
      expect((await send('PUT', `/api/areas/${some.id}/estado`, cargo, { estado: false })).statusCode).toBe(403);
      const [after] = await s.ctx.db.select().from(areas).where(eq(areas.id, some.id));
      expect(after).toEqual(some);
    }
    const list = await s.app.inject({ method: 'GET', url: '/api/areas', headers: as(cargo) });
    expect(list.statusCode).toBe(200);
    expect(list.json().permissions.write).toBe(allowed);
  });
});

describe('areas: the form, the inactivate action and the users form', () => {
  it('the name is required, saved uppercase and trimmed, unique', async () => {
    const before = await areaCount();
    expect(issues(await send('POST', '/api/areas', 'Administrador', { nombre: '  ' }))).toEqual([
      ['nombre', MSG.campoRequerido],
    ]);
    expect(issues(await send('POST', '/api/areas', 'Administrador', {}))).toEqual([['nombre', MSG.campoRequerido]]);
    expect(await areaCount()).toBe(before);
    const res = await send('POST', '/api/areas', 'Administrador', { nombre: '  gestión documental ' });
    expect(res.json()).toMatchObject({ nombre: 'GESTIÓN DOCUMENTAL', estado: true });
    const dup = await send('POST', '/api/areas', 'Administrador', { nombre: 'Gestión Documental' });
    expect(dup.json()).toMatchObject({ statusCode: 409, message: MSG.areaDuplicada });
    const [row] = await s.ctx.db.select().from(areas).where(eq(areas.id, res.json().id));
    expect(row.value).toBe('GESTIÓN DOCUMENTAL');
  });

  it('inactivated, an area leaves the users form; activated, it is back; its users keep it', async () => {
    const a = (await send('POST', '/api/areas', 'Administrador', { nombre: 'Calidad' })).json();
    const offered = async () =>
      (
        (await s.app.inject({ method: 'GET', url: '/api/lookups/areas', headers: as('Call Center') })).json() as {
          nombre: string;
        }[]
      ).map((x) => x.nombre);
    expect(await offered()).toContain('CALIDAD');
    const off = await send('PUT', `/api/areas/${a.id}/estado`, 'Administrador', { estado: false });
    expect(off.json()).toMatchObject({ id: a.id, estado: false });
    // Asking twice for the same state agrees (not a toggle).
    expect((await send('PUT', `/api/areas/${a.id}/estado`, 'Administrador', { estado: false })).json().estado).toBe(
      false,
    );
    expect(await offered()).not.toContain('CALIDAD');
    const user = await s.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: as('Administrador'),
      payload: {
        nombres: 'Ana',
        apellidos: 'Área',
        identificacion: '52999111',
        telefono: '3001234567',
        email: 'area.inactiva@vialex.test',
        cargo: 'Perito',
        area: 'CALIDAD',
        password: 'Clave2026*',
        confirmPassword: 'Clave2026*',
      },
    });
    expect(user.json()).toMatchObject({ statusCode: 400, message: MSG.areaNoValida });
    expect((await send('PUT', `/api/areas/${a.id}/estado`, 'Administrador', { estado: true })).json().estado).toBe(
      true,
    );
    expect(await offered()).toContain('CALIDAD');
    const edited = await send('PUT', `/api/areas/${a.id}`, 'Administrador', { nombre: 'calidad total', estado: false });
    expect(edited.json()).toMatchObject({ nombre: 'CALIDAD TOTAL', estado: false });
  });

  it('an area users belong to keeps its name (users hold it by name)', async () => {
    const a = (await send('POST', '/api/areas', 'Administrador', { nombre: 'Soporte' })).json();
    await createUser(s.ctx, { cargo: 'Perito', area: 'SOPORTE' });
    const res = await send('PUT', `/api/areas/${a.id}`, 'Administrador', { nombre: 'Soporte técnico' });
    expect(res.json()).toMatchObject({ statusCode: 409, message: fmtCount(MSG.areaConUsuarios, 1) });
    expect((await s.ctx.db.select().from(areas).where(eq(areas.id, a.id)))[0].nombre).toBe('SOPORTE');
    // Inactivating it is fine: the user keeps the area.
    expect((await send('PUT', `/api/areas/${a.id}/estado`, 'Administrador', { estado: false })).statusCode).toBe(200);
    expect(await s.ctx.db.select().from(usuarios).where(eq(usuarios.area, 'SOPORTE'))).toHaveLength(1);
  });

  it('the list: by name, filters on nombre and estado; bad input is a Spanish 400', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/areas',
      headers: as('Investigador'),
      query: { criteria: JSON.stringify([{ field: 'nombre', op: 'eq', value: ' peritaje ' }]) },
    });
    expect(res.json().rows.map((r: { nombre: string }) => r.nombre)).toEqual(['PERITAJE']);
    const all = (
      await s.app.inject({ method: 'GET', url: '/api/areas?limit=500', headers: as('Investigador') })
    ).json();
    const names = all.rows.map((r: { nombre: string }) => r.nombre);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const before = await areaCount();
    expect((await send('POST', '/api/areas', 'Administrador', { nombre: 'X\u0000' })).json().message).toBe(
      MSG.caracteresNoPermitidos,
    );
    expect((await send('POST', '/api/areas', 'Administrador', { nombre: 7 })).statusCode).toBe(400);
    expect(issues(await send('POST', '/api/areas', 'Administrador', { nombre: 'x'.repeat(300) }))).toEqual([
      ['nombre', fmt(MSG.textoMuyLargo, { max: 200 })],
    ]);
    const [some] = await s.ctx.db.select().from(areas).limit(1);
    const badState = await send('PUT', `/api/areas/${some.id}/estado`, 'Administrador', { estado: 'no' });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().message).toMatch(/^Entrada inválida/);
    expect(
      (
        await send('PUT', `/api/areas/00000000-0000-4000-8000-000000000000/estado`, 'Administrador', { estado: true })
      ).json(),
    ).toMatchObject({ statusCode: 404, message: MSG.areaNoExiste });
    expect(await areaCount()).toBe(before);
  });
});

describe('the catalogue lists are live', () => {
  it('a socket of any cargo follows them and hears each write after commit', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as { port: number };
    const live = await openLiveSocket(`ws://127.0.0.1:${port}`, as('Perito'));
    const heard = (list: string, id: string) =>
      live.next(
        (m) => m.type === 'event' && m.event.name === 'list.changed' && m.event.list === list && m.event.id === id,
      );
    for (const topic of ['list:vehiculos', 'list:empresas', 'list:areas', 'list:estadoscaso'])
      live.ws.send(JSON.stringify({ action: 'subscribe', topic }));
    // The server answers a ping only after the frames before it: the subscriptions are in place.
    await live.sync();
    const company = (await send('POST', '/api/empresas', 'Call Center', { empresa: 'En vivo', nit: nit() })).json();
    await heard('empresas', company.id);
    const area = (await send('POST', '/api/areas', 'Administrador', { nombre: 'En vivo' })).json();
    await heard('areas', area.id);
    const status = (await send('POST', '/api/estados-caso', 'Administrador', { nombre: 'En vivo' })).json();
    await heard('estadoscaso', status.id);
    const client = await s.app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: as('Call Center'),
      payload: {
        nombres: 'Vivo',
        apellidos: 'Dueño',
        tipoidentificacion: 'CC',
        identificacion: '71888999',
        telefono: '3001234567',
        ciudad: '11001',
        direccion: 'Calle 1',
      },
    });
    const vehicle = await send('POST', '/api/vehiculos', 'Call Center', {
      clase: 'SIN CLASE',
      carroceria: 'SIN CARROCERIA',
      marca: 'SIN MARCA',
      linea: 'SIN LINEA',
      modelo: '0000',
      placa: 'VIVO01',
      servicio: 'PARTICULAR',
      uidcliente: client.json().id,
    });
    await heard('vehiculos', vehicle.json().id);
    live.ws.close();
  });
});
