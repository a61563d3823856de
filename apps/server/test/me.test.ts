import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AVAILABILITY_CONTROL_CARGOS, CARGOS, MSG } from '@vialex/domain';
import { sesiones, trazabilidadestado } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login, userRow } from './factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const put = (url: string, payload: unknown, cookie: string) => s.app.inject({ method: 'PUT', url, payload: payload as object, headers: { cookie } });

describe('change own password', () => {
  it.each([
    ['nueva2026*', MSG.passMayuscula],
    ['NUEVA2026*', MSG.passMinuscula],
    ['NuevaClave*', MSG.passNumero],
    ['Nueva2026', MSG.passEspecial],
  ])('refuses %s with "%s"', async (password, message) => {
    const { email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const res = await put('/api/me/password', { password, confirmPassword: password }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path: 'password', message });
    await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    await login(s.app, email); // the old password still works
  });

  it('requires both fields and that they match', async () => {
    const { email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const empty = await put('/api/me/password', { password: '', confirmPassword: '' }, cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues.map((i: { path: string }) => i.path).sort()).toEqual(['confirmPassword', 'password']);
    const mismatch = await put('/api/me/password', { password: 'Nueva2026*', confirmPassword: 'Nueva2026#' }, cookie);
    expect(mismatch.json().issues).toContainEqual({ path: 'confirmPassword', message: 'Las contraseñas no coinciden' });
  });

  it("saves a valid password: 'Operación Exitosa', and the next sign-in uses it", async () => {
    const { email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const res = await put('/api/me/password', { password: 'Nueva2026*', confirmPassword: 'Nueva2026*' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Operación Exitosa' });
    await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    const old = await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Clave2026*' } });
    expect(old.statusCode).toBe(401);
    await login(s.app, email, 'Nueva2026*');
  });

  it('needs a session', async () => {
    const res = await s.app.inject({ method: 'PUT', url: '/api/me/password', payload: { password: 'Nueva2026*', confirmPassword: 'Nueva2026*' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('own availability (spec 1 §4, §6)', () => {
  it.each(CARGOS.map((c) => [c, AVAILABILITY_CONTROL_CARGOS.includes(c)] as const))('%s may pick availability: %s', async (cargo, allowed) => {
    const { user, email } = await createUser(s.ctx, { cargo });
    const cookie = await login(s.app, email);
    const res = await put('/api/me/availability', { disponibilidad: 'Fuera de su horario laboral' }, cookie);
    if (allowed) {
      expect(res.statusCode).toBe(200);
      expect(res.json().disponibilidad).toBe('Fuera de su horario laboral');
      const trail = await s.ctx.db
        .select()
        .from(trazabilidadestado)
        .where(and(eq(trazabilidadestado.uidusuario, user.id), eq(trazabilidadestado.estado, 'Fuera de su horario laboral')));
      expect(trail).toHaveLength(1);
      expect(trail[0]).toMatchObject({ cargo, uidcreador: user.id });
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Usuario no autorizado');
      expect((await userRow(s.ctx, user.id)).disponibilidad).toBe('Activo en espera');
    }
  });

  it.each(['Activo ocupado', 'Activo multiple'])('the automatic value %s cannot be picked by hand', async (value) => {
    const { user, email } = await createUser(s.ctx, { cargo: 'Investigador' });
    const cookie = await login(s.app, email);
    const res = await put('/api/me/availability', { disponibilidad: value }, cookie);
    expect(res.statusCode).toBe(400);
    expect((await userRow(s.ctx, user.id)).disponibilidad).toBe('Activo en espera');
  });

  it('an unknown value is a 400', async () => {
    const { email } = await createUser(s.ctx, { cargo: 'Perito' });
    const cookie = await login(s.app, email);
    expect((await put('/api/me/availability', { disponibilidad: 'De vacaciones' }, cookie)).statusCode).toBe(400);
  });
});

describe('device location', () => {
  it('stores lat/long and the gps flag', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    expect((await put('/api/me/location', { lat: 4.65, long: -74.08 }, cookie)).statusCode).toBe(204);
    expect(await userRow(s.ctx, user.id)).toMatchObject({ lat: 4.65, long: -74.08, gps: true });
    expect((await put('/api/me/gps', { gps: false }, cookie)).statusCode).toBe(204);
    expect((await userRow(s.ctx, user.id)).gps).toBe(false);
    expect((await put('/api/me/location', { lat: 100, long: 0 }, cookie)).statusCode).toBe(400);
    expect((await put('/api/me/location', { lat: 'x', long: 0 }, cookie)).statusCode).toBe(400);
  });

  it('refuses and writes nothing for an expired or forced-out session', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    await s.ctx.db.update(sesiones).set({ creado: new Date(Date.now() - 16 * 60_000) }).where(eq(sesiones.usuario, user.id));
    const expired = await put('/api/me/location', { lat: 1, long: 2 }, cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('SESSION_ENDED');
    expect((await userRow(s.ctx, user.id)).lat).toBeNull();
    expect((await put('/api/me/location', { lat: 1, long: 2 }, 'vialex_sid=nope')).statusCode).toBe(401);
  });
});
