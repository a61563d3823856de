import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Cargo } from '@vialex/domain';
import { auditoria, casos } from '../src/db/schema/index.js';
import { issueClientLink } from '../src/modules/client-links/service.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login, signInEveryCargo, userRow } from './factories.js';
import { caseBody, createCaseAs, createClient } from './case-factories.js';

/**
 * Every administrative act leaves exactly one AUDITORÍA record, written in the act's own
 * transaction, with who, from where, and the fields that changed; an act refused leaves none.
 */
let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app, { area: 'ADMINISTRACIÓN' });
});
afterAll(async () => s?.close());

const as = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, cargo: Cargo, payload?: object) =>
  s.app.inject({ method, url, headers: as(cargo), ...(payload ? { payload } : {}) });

/** Runs the act and returns the records it wrote (every record the table did not hold before it). */
async function act(run: () => Promise<{ statusCode: number; body: string }>, status = 200) {
  const before = new Set((await s.ctx.db.select({ id: auditoria.id }).from(auditoria)).map((r) => r.id));
  const res = await run();
  expect(res.statusCode, res.body).toBe(status);
  return (await s.ctx.db.select().from(auditoria)).filter((r) => !before.has(r.id));
}
const one = async (run: () => Promise<{ statusCode: number; body: string }>, status = 200) => {
  const rows = await act(run, status);
  expect(rows).toHaveLength(1);
  return rows[0];
};

let n = 0;
const newUser = (cargo: Cargo = 'Perito') => ({
  nombres: 'laura',
  apellidos: `auditada ${++n}`,
  identificacion: String(81_000_000 + n),
  telefono: '3009998877',
  email: `auditada${n}@vialex.test`,
  cargo,
  area: 'PERITAJE',
  password: 'Segura-Ruta-2026*',
  confirmPassword: 'Segura-Ruta-2026*',
});
const editBody = (u: Awaited<ReturnType<typeof userRow>>, extra: object = {}) => ({
  nombres: u.nombres,
  apellidos: u.apellidos,
  identificacion: String(u.identificacion),
  telefono: u.telefono,
  email: u.email,
  cargo: u.cargo,
  area: u.area,
  estado: u.estado,
  ...extra,
});

describe('users', () => {
  it('created: who, from where, the user as created, never the password', async () => {
    const body = newUser();
    const row = await one(() => send('POST', '/api/usuarios', 'Administrador', body), 201);
    expect(row).toMatchObject({
      actor_id: viewers.get('Administrador')!.id,
      actor_cargo: 'Administrador',
      accion: 'usuario.creado',
      objeto_tipo: 'usuario',
      objeto_etiqueta: `LAURA AUDITADA ${n}`,
      antes: null,
      ip: '127.0.0.1',
    });
    expect(row.despues).toMatchObject({ cargo: 'Perito', area: 'PERITAJE', email: body.email, estado: true });
    expect(JSON.stringify(row)).not.toContain('Segura-Ruta');
    expect(JSON.stringify(row)).not.toMatch(/argon2|password/i);
  });

  it('cargo and area changed: one record with only those fields, before → after', async () => {
    const { user } = await createUser(s.ctx, { cargo: 'Perito', area: 'PERITAJE' });
    const row = await one(() =>
      send(
        'PUT',
        `/api/usuarios/${user.id}`,
        'Administrador',
        editBody(user, { cargo: 'Investigador', area: 'INVESTIGACIÓN' }),
      ),
    );
    expect(row).toMatchObject({
      accion: 'usuario.editado',
      objeto_id: user.id,
      antes: { cargo: 'Perito', area: 'PERITAJE' },
      despues: { cargo: 'Investigador', area: 'INVESTIGACIÓN' },
    });
  });

  it('a refused edit (e-mail taken, or not allowed) leaves no record', async () => {
    const { user } = await createUser(s.ctx);
    const other = await createUser(s.ctx);
    expect(
      await act(
        () => send('PUT', `/api/usuarios/${user.id}`, 'Administrador', editBody(user, { email: other.email })),
        409,
      ),
    ).toEqual([]);
    expect(
      await act(() => send('PUT', `/api/usuarios/${user.id}`, 'Perito', editBody(user, { cargo: 'Abogado' })), 403),
    ).toEqual([]);
  });

  it('deactivated from the form and with DELETE: usuario.desactivado', async () => {
    const a = (await createUser(s.ctx)).user;
    expect(
      await one(() => send('PUT', `/api/usuarios/${a.id}`, 'Administrador', editBody(a, { estado: false }))),
    ).toMatchObject({ accion: 'usuario.desactivado', antes: { estado: true }, despues: { estado: false } });
    expect(
      await one(() => send('PUT', `/api/usuarios/${a.id}`, 'Administrador', editBody(a, { estado: true }))),
    ).toMatchObject({ accion: 'usuario.reactivado', antes: { estado: false }, despues: { estado: true } });
    const b = (await createUser(s.ctx)).user;
    expect(await one(() => send('DELETE', `/api/usuarios/${b.id}`, 'Administrador'))).toMatchObject({
      accion: 'usuario.desactivado',
      objeto_id: b.id,
      antes: { estado: true },
      despues: { estado: false },
    });
  });

  it('password reset: the act only, no password nor hash', async () => {
    const { user } = await createUser(s.ctx);
    const row = await one(() =>
      send('PUT', `/api/usuarios/${user.id}/password`, 'Administrador', {
        password: 'Otra-Ruta-2026*',
        confirmPassword: 'Otra-Ruta-2026*',
      }),
    );
    expect(row).toMatchObject({ accion: 'usuario.contrasena_restablecida', objeto_id: user.id });
    expect(JSON.stringify([row.antes, row.despues])).not.toMatch(/Otra-Ruta|argon2/);
  });

  it('cities assigned, session ended (DESLOGUEAR), session time for one user and for a cargo', async () => {
    const { user, email } = await createUser(s.ctx, { cargo: 'Investigador', ciudades: ['11001'] });
    await login(s.app, email);
    expect(
      await one(() =>
        send('PUT', `/api/usuarios/${user.id}/ciudades`, 'Administrador', { ciudades: ['05001', '11001'] }),
      ),
    ).toMatchObject({
      accion: 'usuario.ciudades',
      antes: { ciudades: ['11001'] },
      despues: { ciudades: ['05001', '11001'] },
    });

    expect(
      await one(() => send('PUT', `/api/estado-usuarios/${user.id}/login`, 'Administrador', { login: false })),
    ).toMatchObject({
      accion: 'usuario.sesion_terminada',
      objeto_id: user.id,
      antes: { login: true },
      despues: { login: false },
    });

    expect(
      await one(() =>
        send('PUT', `/api/estado-usuarios/${user.id}/duracion-sesion`, 'Administrador', {
          alcance: 'usuario',
          minutos: 45,
        }),
      ),
    ).toMatchObject({
      accion: 'usuario.tiempo_sesion',
      objeto_tipo: 'usuario',
      antes: { duracion_sesion: 15 },
      despues: { duracion_sesion: 45 },
    });
    expect(
      await one(() =>
        send('PUT', `/api/estado-usuarios/${user.id}/duracion-sesion`, 'Administrador', {
          alcance: 'cargo',
          minutos: 30,
        }),
      ),
    ).toMatchObject({ accion: 'usuario.tiempo_sesion', objeto_tipo: 'cargo', objeto_id: 'Investigador' });
  });
});

describe('catalogues', () => {
  it('an area created, edited, inactivated; the same state asked again records nothing', async () => {
    const created = await one(() => send('POST', '/api/areas', 'Administrador', { nombre: 'auditoría interna' }), 201);
    expect(created).toMatchObject({ accion: 'catalogo.creado', objeto_tipo: 'area', antes: null });
    const id = created.objeto_id!;
    expect(
      await one(() => send('PUT', `/api/areas/${id}`, 'Administrador', { nombre: 'control interno' })),
    ).toMatchObject({
      accion: 'catalogo.editado',
      antes: { nombre: 'AUDITORÍA INTERNA' },
      despues: { nombre: 'CONTROL INTERNO' },
    });
    expect(await one(() => send('PUT', `/api/areas/${id}/estado`, 'Administrador', { estado: false }))).toMatchObject({
      accion: 'catalogo.inactivado',
      antes: { estado: true },
      despues: { estado: false },
    });
    expect(await act(() => send('PUT', `/api/areas/${id}/estado`, 'Administrador', { estado: false }))).toEqual([]);
    expect(await act(() => send('PUT', `/api/areas/${id}/estado`, 'Perito', { estado: true }), 403)).toEqual([]);
  });

  it('a company created, edited and deactivated; a duplicate NIT leaves nothing', async () => {
    const created = await one(
      () => send('POST', '/api/empresas', 'Call Center', { empresa: 'Auditada S.A.S.', nit: '901777666' }),
      201,
    );
    expect(created).toMatchObject({ accion: 'catalogo.creado', objeto_tipo: 'empresa', actor_cargo: 'Call Center' });
    const id = created.objeto_id!;
    expect(
      await act(() => send('POST', '/api/empresas', 'Call Center', { empresa: 'Otra', nit: '901777666' }), 409),
    ).toEqual([]);
    expect(
      await one(() =>
        send('PUT', `/api/empresas/${id}`, 'Call Center', { empresa: 'Auditada Ltda', nit: '901777666' }),
      ),
    ).toMatchObject({ accion: 'catalogo.editado', despues: { empresa: 'AUDITADA LTDA' } });
    expect(await one(() => send('DELETE', `/api/empresas/${id}`, 'Call Center'))).toMatchObject({
      accion: 'catalogo.inactivado',
      despues: { estado: false },
    });
  });

  it('a case status created and inactivated', async () => {
    const created = await one(
      () => send('POST', '/api/estados-caso', 'Administrador', { nombre: 'En auditoría' }),
      201,
    );
    expect(created).toMatchObject({ accion: 'catalogo.creado', objeto_tipo: 'estado_caso' });
    expect(
      await one(() => send('PUT', `/api/estados-caso/${created.objeto_id}/estado`, 'Administrador', { estado: false })),
    ).toMatchObject({ accion: 'catalogo.inactivado', antes: { inactivo: true }, despues: { inactivo: false } });
  });

  it('a vehicle created, edited and deactivated, named by its plate', async () => {
    const owner = await createClient(s.ctx, 71_900_001);
    const body = {
      clase: 'automóvil',
      carroceria: 'sedan',
      marca: 'chevrolet',
      linea: 'spark',
      modelo: '2019',
      placa: 'AUD123',
      poliza: '',
      servicio: 'particular',
      informacionadicional: '',
      uidcliente: owner.id,
    };
    const created = await one(() => send('POST', '/api/vehiculos', 'Call Center', body), 201);
    expect(created).toMatchObject({ accion: 'catalogo.creado', objeto_tipo: 'vehiculo', objeto_etiqueta: 'AUD123' });
    const id = created.objeto_id!;
    expect(
      await one(() => send('PUT', `/api/vehiculos/${id}`, 'Call Center', { ...body, modelo: '2020' })),
    ).toMatchObject({ accion: 'catalogo.editado', antes: { modelo: '2019' }, despues: { modelo: '2020' } });
    expect(await one(() => send('DELETE', `/api/vehiculos/${id}`, 'Call Center'))).toMatchObject({
      accion: 'catalogo.inactivado',
    });
  });
});

describe('cases, client links, exports and reports', () => {
  const newCase = async () => createCaseAs(s.app, as('Administrador').cookie, await caseBody(s.ctx));

  it('archived and restored; archiving twice records once', async () => {
    const c = await newCase();
    await s.ctx.db.update(casos).set({ estado: 'Verificado' }).where(eq(casos.id, c.id));
    expect(await one(() => send('POST', `/api/casos/${c.id}/archivar`, 'Administrador'))).toMatchObject({
      accion: 'caso.archivado',
      objeto_tipo: 'caso',
      objeto_id: c.id,
      objeto_etiqueta: `# ${c.caso}`,
      antes: { archivado: false },
      despues: { archivado: true },
    });
    expect(await act(() => send('POST', `/api/casos/${c.id}/archivar`, 'Administrador'))).toEqual([]);
    expect(await one(() => send('POST', `/api/casos/${c.id}/restablecer`, 'Administrador'))).toMatchObject({
      accion: 'caso.restaurado',
      despues: { archivado: false },
    });
  });

  it('special attention authorised; a refused authorisation leaves nothing', async () => {
    const c = await newCase();
    expect((await send('POST', `/api/casos/${c.id}/solicitar-atencion`, 'Administrador')).statusCode).toBe(200);
    expect(
      await act(() => send('POST', `/api/casos/${c.id}/autorizar-atencion`, 'Coordinador Investigador'), 403),
    ).toEqual([]);
    expect(
      await one(() => send('POST', `/api/casos/${c.id}/autorizar-atencion`, 'Coordinador Contact Center')),
    ).toMatchObject({
      accion: 'caso.atencion_especial',
      antes: { aprobar_atencion: false },
      despues: { aprobar_atencion: true },
    });
  });

  it("a client's link revoked: named by its case, never by its token", async () => {
    const c = await newCase();
    const link = await issueClientLink(s.ctx, s.ctx.db, c.id, viewers.get('Administrador')!.id);
    const url = `/api/casos/${c.id}/enlaces/${link.id}/revocar`;
    const row = await one(() => send('POST', url, 'Administrador'));
    expect(row).toMatchObject({
      accion: 'cliente.enlace_anulado',
      objeto_tipo: 'enlace_cliente',
      objeto_id: link.id,
      objeto_etiqueta: `# ${c.caso}`,
      antes: { estado: 'vigente' },
      despues: { estado: 'revocado', sesiones_terminadas: 0 },
    });
    expect(JSON.stringify(row)).not.toContain(link.token);
    expect(await act(() => send('POST', url, 'Administrador'), 409)).toEqual([]);
  });

  it('an export started; a second one while it runs is refused and leaves nothing', async () => {
    const c = await newCase();
    const row = await one(() => send('POST', `/api/casos/${c.id}/exportar`, 'Administrador'), 201);
    expect(row).toMatchObject({
      accion: 'exportacion.sftp_iniciada',
      objeto_tipo: 'exportacion',
      objeto_etiqueta: `# ${c.caso}`,
      despues: { estado: 'En proceso' },
    });
    expect(await act(() => send('POST', `/api/casos/${c.id}/exportar`, 'Administrador'), 409)).toEqual([]);
  });

  it('a report exported as CSV: its type and filters; an export with no rows records nothing', async () => {
    await newCase();
    const row = await one(() => send('GET', '/api/reportes/exportar?tipo=por_estado', 'Administrador'));
    expect(row).toMatchObject({ accion: 'reporte.exportado', objeto_tipo: 'reporte', objeto_id: 'por_estado' });
    expect(row.despues).toMatchObject({ tipo: 'por_estado' });
    expect(
      await act(
        () => send('GET', '/api/reportes/exportar?tipo=por_estado&desde=2000-01-01&hasta=2000-01-31', 'Administrador'),
        404,
      ),
    ).toEqual([]);
    expect(await act(() => send('GET', '/api/reportes/exportar?tipo=por_estado', 'Perito'), 403)).toEqual([]);
  });
});
