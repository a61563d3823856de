import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CARGOS, DISPONIBILIDAD, MSG, USER_STATUS_VISIBLE, type Cargo } from '@vialex/domain';
import { trazabilidadestado, usuarios } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login, userRow, signInEveryCargo } from './factories.js';

let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => s?.close());
const headers = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const put = (url: string, cargo: Cargo, payload: object) =>
  s.app.inject({ method: 'PUT', url, headers: headers(cargo), payload });

describe('ESTADO USUARIOS visibility (spec 1 §6)', () => {
  it.each(CARGOS)('%s', async (viewer) => {
    const res = await s.app.inject({ method: 'GET', url: '/api/estado-usuarios?limit=500', headers: headers(viewer) });
    const expected = USER_STATUS_VISIBLE[viewer];
    if (!expected.length) {
      expect(res.statusCode).toBe(403);
      return;
    }
    const seen = new Set(res.json().rows.map((r: { cargo: string }) => r.cargo));
    expect([...seen].sort()).toEqual([...expected].sort());
  });

  it("'Logueo' searches for logged-in users", async () => {
    const criteria = encodeURIComponent(JSON.stringify([{ field: 'login', op: 'eq', value: 'Logueo' }]));
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/estado-usuarios?limit=500&criteria=${criteria}`,
      headers: headers('Administrador'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.length).toBeGreaterThanOrEqual(12);
    expect(res.json().rows.every((r: { login: boolean }) => r.login)).toBe(true);
  });
});

describe('update availability of another user', () => {
  it('a coordinator sets it for its group, written to the user-state trail', async () => {
    const target = await createUser(s.ctx, { cargo: 'Call Center' });
    const res = await put(`/api/estado-usuarios/${target.user.id}/disponibilidad`, 'Coordinador Contact Center', {
      disponibilidad: 'Activo en espera',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().disponibilidad).toBe('Activo en espera');
    const trail = await s.ctx.db
      .select()
      .from(trazabilidadestado)
      .where(and(eq(trazabilidadestado.uidusuario, target.user.id), eq(trazabilidadestado.estado, 'Activo en espera')));
    expect(trail).toHaveLength(1);
    expect(trail[0].uidcreador).toBe(viewers.get('Coordinador Contact Center')!.id);
  });

  it('outside its group, or an automatic value, is refused and changes nothing', async () => {
    const target = await createUser(s.ctx, { cargo: 'Abogado' });
    expect(
      (
        await put(`/api/estado-usuarios/${target.user.id}/disponibilidad`, 'Coordinador Contact Center', {
          disponibilidad: 'Activo en espera',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await put(`/api/estado-usuarios/${target.user.id}/disponibilidad`, 'Investigador', {
          disponibilidad: 'Activo en espera',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await put(`/api/estado-usuarios/${target.user.id}/disponibilidad`, 'Coordinador Abogado', {
          disponibilidad: 'Activo ocupado',
        })
      ).statusCode,
    ).toBe(400);
    expect((await userRow(s.ctx, target.user.id)).disponibilidad).toBe('Fuera de su horario laboral');
  });
});

describe('DESLOGUEAR', () => {
  it('forces the user out: login false, ip empty, off-shift with a trail entry, their next request refused', async () => {
    const target = await createUser(s.ctx, { cargo: 'Perito' });
    const cookie = await login(s.app, target.email);
    expect(
      (await put(`/api/estado-usuarios/${target.user.id}/login`, 'Coordinador Perito', { login: true })).statusCode,
    ).toBe(400);
    const res = await put(`/api/estado-usuarios/${target.user.id}/login`, 'Coordinador Perito', { login: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ login: false, disponibilidad: DISPONIBILIDAD.fueraDeHorario });
    expect(await userRow(s.ctx, target.user.id)).toMatchObject({
      login: false,
      ip: '',
      salir: false,
      disponibilidad: DISPONIBILIDAD.fueraDeHorario,
    });
    const trail = await s.ctx.db
      .select()
      .from(trazabilidadestado)
      .where(eq(trazabilidadestado.uidusuario, target.user.id))
      .orderBy(trazabilidadestado.fechahora);
    // 'Inicio de sesión' (Activo en espera), then the forced exit, as Salir writes it.
    expect(trail.map((t) => t.estado)).toEqual([DISPONIBILIDAD.enEspera, DISPONIBILIDAD.fueraDeHorario]);
    expect(trail[1]).toMatchObject({ cargo: 'Perito', uidcreador: viewers.get('Coordinador Perito')!.id });
    expect(trail[1].descripcion).toMatch(/^Cierre de sesión por .+ \(Coordinador Perito\)$/);
    const me = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    // They can sign in again at once.
    await login(s.app, target.email);
  });

  it('refused outside the viewer scope', async () => {
    const target = await createUser(s.ctx, { cargo: 'Abogado' });
    await login(s.app, target.email);
    expect(
      (await put(`/api/estado-usuarios/${target.user.id}/login`, 'Coordinador Perito', { login: false })).statusCode,
    ).toBe(403);
    expect(await userRow(s.ctx, target.user.id)).toMatchObject({
      login: true,
      disponibilidad: DISPONIBILIDAD.enEspera,
    });
  });

  it('a user already off-shift gets no second trail entry', async () => {
    const target = await createUser(s.ctx, { cargo: 'Dibujante' });
    await login(s.app, target.email);
    await put(`/api/estado-usuarios/${target.user.id}/disponibilidad`, 'Coordinador Investigador', {
      disponibilidad: DISPONIBILIDAD.fueraDeHorario,
    });
    expect(
      (await put(`/api/estado-usuarios/${target.user.id}/login`, 'Coordinador Investigador', { login: false }))
        .statusCode,
    ).toBe(200);
    const trail = await s.ctx.db
      .select()
      .from(trazabilidadestado)
      .where(eq(trazabilidadestado.uidusuario, target.user.id))
      .orderBy(trazabilidadestado.fechahora);
    expect(trail).toHaveLength(2); // sign-in, the coordinator's change
    expect((await userRow(s.ctx, target.user.id)).login).toBe(false);
  });
});

describe('deactivation (estado false)', () => {
  it.each(['delete', 'edit'] as const)('by %s: signed out and off-shift, with a trail entry', async (how) => {
    const target = await createUser(s.ctx, { cargo: 'Investigador' });
    const cookie = await login(s.app, target.email);
    const row = await userRow(s.ctx, target.user.id);
    const res =
      how === 'delete'
        ? await s.app.inject({
            method: 'DELETE',
            url: `/api/usuarios/${target.user.id}`,
            headers: headers('Administrador'),
          })
        : await put(`/api/usuarios/${target.user.id}`, 'Administrador', {
            nombres: row.nombres,
            apellidos: row.apellidos,
            identificacion: String(row.identificacion),
            telefono: row.telefono,
            email: row.email,
            cargo: row.cargo,
            area: row.area,
            estado: false,
          });
    expect(res.statusCode).toBe(200);
    expect(await userRow(s.ctx, target.user.id)).toMatchObject({
      estado: false,
      login: false,
      disponibilidad: DISPONIBILIDAD.fueraDeHorario,
    });
    expect((await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    const trail = await s.ctx.db
      .select()
      .from(trazabilidadestado)
      .where(eq(trazabilidadestado.uidusuario, target.user.id))
      .orderBy(trazabilidadestado.fechahora);
    expect(trail.at(-1)).toMatchObject({
      estado: DISPONIBILIDAD.fueraDeHorario,
      uidcreador: viewers.get('Administrador')!.id,
    });
    expect(trail.at(-1)!.descripcion).toMatch(/^Usuario inactivado por /);
  });
});

describe('session time', () => {
  it('messages of the dialog', async () => {
    const target = await createUser(s.ctx, { cargo: 'Dibujante' });
    const noScope = await put(`/api/estado-usuarios/${target.user.id}/duracion-sesion`, 'Administrador', {
      alcance: 'user',
      minutos: 30,
    });
    expect(noScope.json().message).toBe(MSG.tipoUsuarioObligatorio);
    const noTime = await put(`/api/estado-usuarios/${target.user.id}/duracion-sesion`, 'Administrador', {
      alcance: 'usuario',
      minutos: 0,
    });
    expect(noTime.json().message).toBe(MSG.tiempoObligatorio);
    expect((await userRow(s.ctx, target.user.id)).duracion_sesion).toBe(15);
  });

  it('for one user, or for every user of that cargo', async () => {
    const a = await createUser(s.ctx, { cargo: 'Dibujante' });
    const b = await createUser(s.ctx, { cargo: 'Dibujante' });
    const other = await createUser(s.ctx, { cargo: 'Investigador' });
    const one = await put(`/api/estado-usuarios/${a.user.id}/duracion-sesion`, 'Coordinador Investigador', {
      alcance: 'usuario',
      minutos: 90,
    });
    expect(one.json()).toEqual({ message: 'Operación Exitosa', updated: 1 });
    expect((await userRow(s.ctx, a.user.id)).duracion_sesion).toBe(90);
    expect((await userRow(s.ctx, b.user.id)).duracion_sesion).toBe(15);
    const all = await put(`/api/estado-usuarios/${a.user.id}/duracion-sesion`, 'Coordinador Investigador', {
      alcance: 'cargo',
      minutos: 480,
    });
    expect(all.json().updated).toBeGreaterThanOrEqual(3);
    const dibujantes = await s.ctx.db.select().from(usuarios).where(eq(usuarios.cargo, 'Dibujante'));
    expect(dibujantes.every((u) => u.duracion_sesion === 480)).toBe(true);
    expect((await userRow(s.ctx, other.user.id)).duracion_sesion).toBe(15);
    expect(
      (
        await put(`/api/estado-usuarios/${other.user.id}/duracion-sesion`, 'Coordinador Perito', {
          alcance: 'usuario',
          minutos: 30,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('takes effect on the live session', async () => {
    const target = await createUser(s.ctx, { cargo: 'Abogado' });
    const cookie = await login(s.app, target.email);
    await put(`/api/estado-usuarios/${target.user.id}/duracion-sesion`, 'Administrador', {
      alcance: 'usuario',
      minutos: 1,
    });
    const me = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().duracion_sesion).toBe(1);
    const { sesiones } = await import('../src/db/schema/index.js');
    await s.ctx.db
      .update(sesiones)
      .set({ creado: new Date(Date.now() - 2 * 60_000) })
      .where(eq(sesiones.usuario, target.user.id));
    expect((await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });
});
