import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { CARGOS, ESTADOS_NO_EDITABLES, MSG, can, fmt, type Cargo } from '@vialex/domain';
import { casos, estadoscaso } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { signInEveryCargo } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';
import { multipart } from './multipart.js';

/**
 * TIPO DE GESTIONES, the case-status catalogue (spec 3 §2, §4–§6, §8; decisions.md D6): staff
 * only, the Administrador writes, rows with editable false are locked with the spec's messages,
 * and an inactive status leaves the status select of the case workspace.
 */
let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => s?.close());

const as = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const send = (method: 'POST' | 'PUT', url: string, cargo: Cargo, payload: unknown) =>
  s.app.inject({ method, url, headers: as(cargo), payload: payload as object });
const rowsCount = async () => (await s.ctx.db.select({ n: count() }).from(estadoscaso))[0].n;
const statusNamed = async (estado: string) =>
  (await s.ctx.db.select().from(estadoscaso).where(eq(estadoscaso.estado, estado)))[0];
const issues = (res: { json(): unknown }) =>
  ((res.json() as { issues?: { path: string; message: string }[] }).issues ?? []).map((i) => [i.path, i.message]);

describe('case-status catalogue: who may write', () => {
  it.each(CARGOS)('%s', async (cargo) => {
    const allowed = can(cargo, 'estadoscaso.write');
    expect(allowed).toBe(cargo === 'Administrador');
    const before = await rowsCount();
    const res = await send('POST', '/api/estados-caso', cargo, { nombre: `Estado de ${cargo}` });
    expect(res.statusCode).toBe(allowed ? 201 : 403);
    if (!allowed) {
      expect(res.json().message).toBe(MSG.noAutorizado);
      expect(await rowsCount()).toBe(before);
      // An editable row: the cargo is refused before the lock is looked at.
      const uri = await statusNamed('URI');
      expect((await send('PUT', `/api/estados-caso/${uri.id}`, cargo, { nombre: 'URIS' })).statusCode).toBe(403);
      expect((await send('PUT', `/api/estados-caso/${uri.id}/estado`, cargo, { estado: false })).statusCode).toBe(403);
      expect(await statusNamed('URI')).toEqual(uri);
    }
    const list = await s.app.inject({ method: 'GET', url: '/api/estados-caso', headers: as(cargo) });
    expect(list.statusCode).toBe(200);
    expect(list.json().permissions.write).toBe(allowed);
  });

  it('staff only (decisions.md D6): without a staff session the catalogue is a 401', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/estados-caso' });
    expect(res.json()).toMatchObject({ statusCode: 401, message: MSG.sinSesion });
    const clientCookie = await s.app.inject({
      method: 'GET',
      url: '/api/estados-caso',
      headers: { cookie: 'vialex_cid=un-token-de-cliente' },
    });
    expect(clientCookie.statusCode).toBe(401);
  });
});

describe('the editable lock (spec 3 §4, §8)', () => {
  it('Recibido and the closing statuses are locked: neither edited nor inactivated, by anybody', async () => {
    const list = (
      await s.app.inject({
        method: 'GET',
        url: '/api/estados-caso',
        headers: as('Administrador'),
        query: { criteria: JSON.stringify([{ field: 'editable', op: 'eq', value: 'NO' }]), limit: '50' },
      })
    ).json();
    expect(list.rows.map((r: { nombre: string }) => r.nombre).sort()).toEqual([...ESTADOS_NO_EDITABLES].sort());
    for (const estado of ESTADOS_NO_EDITABLES) {
      const row = await statusNamed(estado);
      const edit = await send('PUT', `/api/estados-caso/${row.id}`, 'Administrador', { nombre: `${estado} 2` });
      expect(edit.json(), estado).toMatchObject({
        statusCode: 409,
        code: 'STATUS_LOCKED',
        message: MSG.noSePuedeEditar,
      });
      const off = await send('PUT', `/api/estados-caso/${row.id}/estado`, 'Administrador', { estado: false });
      expect(off.json(), estado).toMatchObject({ statusCode: 409, message: MSG.noSePuedeInactivar });
      // Also the edit dialog's estado choice.
      const offByEdit = await send('PUT', `/api/estados-caso/${row.id}`, 'Administrador', {
        nombre: estado,
        estado: false,
      });
      expect(offByEdit.json().message).toBe(MSG.noSePuedeEditar);
      expect(await statusNamed(estado)).toEqual(row);
    }
  });
});

describe('the catalogue rows', () => {
  it('the name is required and trimmed (its capitals kept); one status per name, whatever its capitals', async () => {
    const before = await rowsCount();
    expect(issues(await send('POST', '/api/estados-caso', 'Administrador', { nombre: '   ' }))).toEqual([
      ['nombre', MSG.campoRequerido],
    ]);
    expect(await rowsCount()).toBe(before);
    const res = await send('POST', '/api/estados-caso', 'Administrador', { nombre: '  En peritaje ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ nombre: 'En peritaje', editable: true, estado: true });
    for (const nombre of ['EN PERITAJE', 'cerrado'])
      expect((await send('POST', '/api/estados-caso', 'Administrador', { nombre })).json(), nombre).toMatchObject({
        statusCode: 409,
        message: MSG.estadoDuplicado,
      });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => send('POST', '/api/estados-caso', 'Administrador', { nombre: 'Gemelo' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('an inactive status leaves the status select of the case workspace and cannot be chosen; active again, it is back', async () => {
    const mine = (await send('POST', '/api/estados-caso', 'Administrador', { nombre: 'En revisión' })).json();
    const c = await createCaseAs(s.app, as('Call Center').cookie, await caseBody(s.ctx));
    const offered = async () =>
      (await s.app.inject({ method: 'GET', url: `/api/casos/${c.id}/gestion`, headers: as('Administrador') })).json()
        .estados as string[];
    expect(await offered()).toContain('En revisión');
    const off = await send('PUT', `/api/estados-caso/${mine.id}/estado`, 'Administrador', { estado: false });
    expect(off.json()).toMatchObject({ id: mine.id, estado: false, editable: true });
    expect(await offered()).not.toContain('En revisión');
    const form = multipart([
      { name: 'estado', value: 'En revisión' },
      { name: 'descripcion', value: 'Revisión' },
    ]);
    const refused = await s.app.inject({
      method: 'POST',
      url: `/api/casos/${c.id}/gestion`,
      headers: { ...as('Administrador'), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(refused.json()).toMatchObject({ statusCode: 400, message: MSG.estadoNoValido });
    expect((await s.ctx.db.select().from(casos).where(eq(casos.id, c.id)))[0].estado).toBe('Recibido');
    expect(
      (await send('PUT', `/api/estados-caso/${mine.id}/estado`, 'Administrador', { estado: true })).json().estado,
    ).toBe(true);
    expect(await offered()).toContain('En revisión');
  });

  it('renaming: free while no case is in the status; refused once one is', async () => {
    const mine = (await send('POST', '/api/estados-caso', 'Administrador', { nombre: 'Por llamar' })).json();
    const renamed = await send('PUT', `/api/estados-caso/${mine.id}`, 'Administrador', {
      nombre: 'Por llamar al cliente',
    });
    expect(renamed.json()).toMatchObject({ nombre: 'Por llamar al cliente', estado: true });
    const c = await createCaseAs(s.app, as('Call Center').cookie, await caseBody(s.ctx));
    await s.ctx.db.update(casos).set({ estado: 'Por llamar al cliente' }).where(eq(casos.id, c.id));
    const refused = await send('PUT', `/api/estados-caso/${mine.id}`, 'Administrador', { nombre: 'Llamar' });
    expect(refused.json()).toMatchObject({ statusCode: 409, message: MSG.estadoConCasos });
    // Keeping the name, its estado may still change.
    const off = await send('PUT', `/api/estados-caso/${mine.id}`, 'Administrador', {
      nombre: 'Por llamar al cliente',
      estado: false,
    });
    expect(off.json().estado).toBe(false);
    const dup = await send('PUT', `/api/estados-caso/${mine.id}`, 'Administrador', { nombre: 'uri' });
    expect(dup.json()).toMatchObject({ statusCode: 409, message: MSG.estadoDuplicado });
  });

  it('the list: by name; filters on nombre (uppercased), editable and estado', async () => {
    const get = async (criteria: unknown[]) =>
      (
        await s.app.inject({
          method: 'GET',
          url: '/api/estados-caso',
          headers: as('Dibujante'),
          query: { criteria: JSON.stringify(criteria), limit: '500' },
        })
      ).json().rows as { nombre: string; editable: boolean; estado: boolean }[];
    const all = await get([]);
    expect(all.map((r) => r.nombre)).toEqual(
      [...all.map((r) => r.nombre)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect((await get([{ field: 'nombre', op: 'eq', value: ' solicitando datos ' }])).map((r) => r.nombre)).toEqual([
      'Solicitando datos',
    ]);
    expect((await get([{ field: 'editable', op: 'eq', value: 'SI' }])).every((r) => r.editable)).toBe(true);
    expect((await get([{ field: 'estado', op: 'eq', value: 'INACTIVO' }])).every((r) => !r.estado)).toBe(true);
  });

  it('input the UI never sends: NUL, huge, wrong types, unknown ids — a Spanish 4xx, nothing written', async () => {
    const before = await rowsCount();
    expect((await send('POST', '/api/estados-caso', 'Administrador', { nombre: 'A\u0000B' })).json().message).toBe(
      MSG.caracteresNoPermitidos,
    );
    expect(issues(await send('POST', '/api/estados-caso', 'Administrador', { nombre: 'x'.repeat(201) }))).toEqual([
      ['nombre', fmt(MSG.textoMuyLargo, { max: 200 })],
    ]);
    expect((await send('POST', '/api/estados-caso', 'Administrador', { nombre: { es: 'x' } })).statusCode).toBe(400);
    expect((await send('POST', '/api/estados-caso', 'Administrador', { nombre: 'Ok', estado: 1 })).statusCode).toBe(
      400,
    );
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await send('PUT', `/api/estados-caso/${missing}`, 'Administrador', { nombre: 'Nada' })).json(),
    ).toMatchObject({
      statusCode: 404,
      message: MSG.estadoCatalogoNoExiste,
    });
    expect((await send('PUT', '/api/estados-caso/abc/estado', 'Administrador', { estado: true })).json()).toMatchObject(
      {
        statusCode: 400,
        message: MSG.estadoCatalogoNoExiste,
      },
    );
    expect(await rowsCount()).toBe(before);
  });
});
