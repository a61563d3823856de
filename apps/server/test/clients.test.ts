import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { CARGOS, MSG, can, type Cargo } from '@vialex/domain';
import { clientes } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { signInEveryCargo } from './factories.js';

let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => s?.close());

const as = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const valid = (n: number) => ({
  nombres: '  ana maría ',
  apellidos: 'pérez gil',
  tipoidentificacion: 'CC',
  identificacion: String(n),
  telefono: '3001234567',
  ciudad: '11001',
  direccion: ' calle 1 # 2-3 ',
});
const total = async () => (await s.ctx.db.select({ n: count() }).from(clientes))[0].n;

describe('clients: who may write (spec 1 §6)', () => {
  it.each(CARGOS)('%s', async (cargo) => {
    const allowed = can(cargo, 'clientes.write');
    const before = await total();
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: as(cargo),
      payload: valid(10_000 + CARGOS.indexOf(cargo)),
    });
    expect(created.statusCode).toBe(allowed ? 201 : 403);
    if (!allowed) {
      expect(created.json().message).toBe('Usuario no autorizado');
      expect(await total()).toBe(before);
      const [someone] = await s.ctx.db.select().from(clientes).limit(1);
      if (someone) {
        const edit = await s.app.inject({
          method: 'PUT',
          url: `/api/clientes/${someone.id}`,
          headers: as(cargo),
          payload: valid(55),
        });
        expect(edit.statusCode).toBe(403);
        const del = await s.app.inject({ method: 'DELETE', url: `/api/clientes/${someone.id}`, headers: as(cargo) });
        expect(del.statusCode).toBe(403);
        const [after] = await s.ctx.db.select().from(clientes).where(eq(clientes.id, someone.id));
        expect(after).toEqual(someone);
      }
    }
    const list = await s.app.inject({ method: 'GET', url: '/api/clientes', headers: as(cargo) });
    expect(list.statusCode).toBe(200);
    expect(list.json().permissions.write).toBe(allowed);
  });
});

describe('clients: form rules', () => {
  it('uppercases and trims, starts active, stores the city', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: as('Call Center'),
      payload: valid(20_001),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      nombres: 'ANA MARÍA',
      apellidos: 'PÉREZ GIL',
      direccion: 'CALLE 1 # 2-3',
      estado: true,
      ciudadNombre: 'BOGOTÁ, D.C.',
      identificacion: 20001,
    });
  });

  it('every field is required; numbers must be integers; nothing is written', async () => {
    const before = await total();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: as('Administrador'),
      payload: { ...valid(1), nombres: ' ', identificacion: '12.5', telefono: 'abc', ciudad: '' },
    });
    expect(res.statusCode).toBe(400);
    const paths = res
      .json()
      .issues.map((i: { path: string }) => i.path)
      .sort();
    expect(paths).toEqual(['ciudad', 'identificacion', 'nombres', 'telefono']);
    expect(await total()).toBe(before);
    const missing = await s.app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: as('Administrador'),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toHaveLength(7);
  });

  it('refuses an unknown city and an unknown identification type', async () => {
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/clientes',
          headers: as('Administrador'),
          payload: { ...valid(20_002), ciudad: '99999' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/clientes',
          headers: as('Administrador'),
          payload: { ...valid(20_003), tipoidentificacion: 'XX' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('one identification per type: a duplicate gets a clear message, not a second record', async () => {
    await s.app.inject({ method: 'POST', url: '/api/clientes', headers: as('Call Center'), payload: valid(20_010) });
    const before = await total();
    const dup = await s.app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: as('Call Center'),
      payload: valid(20_010),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MSG.clienteDuplicado);
    expect(await total()).toBe(before);
    const otherType = await s.app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: as('Call Center'),
      payload: { ...valid(20_010), tipoidentificacion: 'CE' },
    });
    expect(otherType.statusCode).toBe(201);
  });

  it('edits (estado selector) and deactivates without deleting', async () => {
    const created = (
      await s.app.inject({ method: 'POST', url: '/api/clientes', headers: as('Call Center'), payload: valid(20_020) })
    ).json();
    const edited = await s.app.inject({
      method: 'PUT',
      url: `/api/clientes/${created.id}`,
      headers: as('Coordinador Contact Center'),
      payload: { ...valid(20_020), direccion: 'carrera 7', estado: false },
    });
    expect(edited.json()).toMatchObject({ direccion: 'CARRERA 7', estado: false });
    // The last change's time is the schema's to set (updatedAt's $onUpdate), no service writes it.
    const [before] = await s.ctx.db.select().from(clientes).where(eq(clientes.id, created.id));
    expect(before.modificacion.getTime()).toBeGreaterThan(new Date(created.creado).getTime());
    const reactivated = await s.app.inject({
      method: 'PUT',
      url: `/api/clientes/${created.id}`,
      headers: as('Call Center'),
      payload: { ...valid(20_020), estado: true },
    });
    expect(reactivated.json().estado).toBe(true);
    const del = await s.app.inject({
      method: 'DELETE',
      url: `/api/clientes/${created.id}`,
      headers: as('Administrador'),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().estado).toBe(false);
    const [row] = await s.ctx.db.select().from(clientes).where(eq(clientes.id, created.id));
    expect(row.estado).toBe(false);
    expect(
      (
        await s.app.inject({
          method: 'PUT',
          url: `/api/clientes/00000000-0000-0000-0000-000000000000`,
          headers: as('Call Center'),
          payload: valid(20_021),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await s.app.inject({ method: 'DELETE', url: `/api/clientes/no-es-uuid`, headers: as('Call Center') }))
        .statusCode,
    ).toBe(400);
    // An edit that doesn't send estado keeps it: a deactivated client stays deactivated.
    const { estado: _e, ...withoutEstado } = { ...valid(20_020), estado: undefined };
    expect(
      (
        await s.app.inject({
          method: 'PUT',
          url: `/api/clientes/${created.id}`,
          headers: as('Call Center'),
          payload: withoutEstado,
        })
      ).json().estado,
    ).toBe(false);
  });

  it('text longer than 200 characters is refused and nothing is written', async () => {
    const before = await total();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: as('Administrador'),
      payload: { ...valid(20_030), nombres: 'A'.repeat(900_000) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'nombres', message: 'Máximo 200 caracteres' }]);
    expect(await total()).toBe(before);
  });

  it("editing into another client's identification is refused", async () => {
    const a = (
      await s.app.inject({ method: 'POST', url: '/api/clientes', headers: as('Call Center'), payload: valid(20_030) })
    ).json();
    await s.app.inject({ method: 'POST', url: '/api/clientes', headers: as('Call Center'), payload: valid(20_031) });
    const res = await s.app.inject({
      method: 'PUT',
      url: `/api/clientes/${a.id}`,
      headers: as('Call Center'),
      payload: valid(20_031),
    });
    expect(res.statusCode).toBe(409);
  });

  it('needs a session', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/clientes' })).statusCode).toBe(401);
    expect((await s.app.inject({ method: 'POST', url: '/api/clientes', payload: valid(1) })).statusCode).toBe(401);
  });
});
