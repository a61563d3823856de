import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@vialex/domain';
import { sesiones, trazabilidadestado, usuarios } from '../src/db/schema/index.js';
import { hashSessionToken } from '../src/modules/auth/tokens.js';
import { expireSessions } from '../src/modules/auth/session.js';
import { startTestServer, sessionCookie, type TestServer } from './helper.js';
import { createUser, login, userRow, TEST_PASSWORD } from './factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());
beforeEach(async () => {
  await s.ctx.db.execute(sql`delete from intentos_login`);
});

const post = (url: string, payload: unknown, cookie?: string) =>
  s.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => s.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const maxAgeOf = (res: { headers: Record<string, unknown> }) =>
  Number(/vialex_sid=[^;]+;.*Max-Age=(\d+)/.exec(String(res.headers['set-cookie']))?.[1]);

async function ageSession(userId: string, minutes: number) {
  const past = new Date(Date.now() - minutes * 60_000);
  await s.ctx.db.update(sesiones).set({ creado: past }).where(eq(sesiones.usuario, userId));
}

describe('staff sign-in', () => {
  it('signs in, sets an HttpOnly SameSite=Lax cookie and marks the user logged in', async () => {
    const { user, email } = await createUser(s.ctx, { cargo: 'Investigador' });
    const res = await post('/api/auth/login', { email: email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'vialex_sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    // Survives closing the browser for as long as the session may last: duracion_sesion (15 min).
    expect(cookie.maxAge).toBeGreaterThan(15 * 60 - 5);
    expect(maxAgeOf(res)).toBeLessThanOrEqual(900);
    expect(res.json().user).toMatchObject({ id: user.id, cargo: 'Investigador', disponibilidad: 'Activo en espera' });

    const row = await userRow(s.ctx, user.id);
    expect(row.login).toBe(true);
    expect(row.token_login).toMatch(/^[0-9a-z]{40}$/);
    expect(row.ip).toBe('127.0.0.1');
    expect(row.disponibilidad).toBe('Activo en espera');
    // Only the hash of the cookie is stored.
    const stored = await s.ctx.db.select().from(sesiones).where(eq(sesiones.usuario, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].id).toBe(hashSessionToken(cookie.value));
    expect(stored[0].id).not.toBe(cookie.value);

    const me = await get('/api/auth/me', sessionCookie(res));
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
  });

  it("the cookie's Max-Age is the user's own session time", async () => {
    for (const minutes of [1, 90, 24 * 60]) {
      const { user, email } = await createUser(s.ctx);
      await s.ctx.db.update(usuarios).set({ duracion_sesion: minutes }).where(eq(usuarios.id, user.id));
      const res = await post('/api/auth/login', { email, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(maxAgeOf(res)).toBeGreaterThan(minutes * 60 - 5);
      expect(maxAgeOf(res)).toBeLessThanOrEqual(minutes * 60);
    }
  });

  it('the cookie follows a session time changed while signed in (renewed by /api/auth/me)', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = sessionCookie(await post('/api/auth/login', { email, password: TEST_PASSWORD }));
    await s.ctx.db.update(usuarios).set({ duracion_sesion: 120 }).where(eq(usuarios.id, user.id));
    const me = await get('/api/auth/me', cookie);
    expect(me.statusCode).toBe(200);
    expect(maxAgeOf(me)).toBeGreaterThan(120 * 60 - 5);
    expect(maxAgeOf(me)).toBeLessThanOrEqual(120 * 60);
  });

  it('answers the spec validation messages and changes nothing', async () => {
    const empty = await post('/api/auth/login', { email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'email', message: MSG.correoRequerido },
        { path: 'password', message: MSG.contrasenaRequerida },
      ]),
    );
    const invalid = await post('/api/auth/login', { email: 'sin-arroba', password: 'x' });
    expect(invalid.json().issues).toEqual([{ path: 'email', message: 'Correo electrónico no es válido' }]);
    const missing = await post('/api/auth/login', {});
    expect(missing.statusCode).toBe(400);
    // Over the e-mail length limit: a clear 400 before anything touches the database.
    const huge = await post('/api/auth/login', { email: `${'a'.repeat(6000)}@x.co`, password: 'x' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().issues).toEqual([{ path: 'email', message: 'Máximo 254 caracteres' }]);
  });

  it("says only 'Información incorrecta' for a wrong password, an unknown e-mail or an inactive user", async () => {
    const { user, email } = await createUser(s.ctx);
    const wrong = await post('/api/auth/login', { email, password: 'Otra2026*' });
    const unknown = await post('/api/auth/login', { email: 'nadie@vialex.test', password: TEST_PASSWORD });
    await s.ctx.db.update(usuarios).set({ estado: false }).where(eq(usuarios.id, user.id));
    const inactive = await post('/api/auth/login', { email, password: TEST_PASSWORD });
    for (const res of [wrong, unknown, inactive]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'BAD_CREDENTIALS', message: 'Información incorrecta' });
      expect(res.cookies).toHaveLength(0);
    }
    expect((await userRow(s.ctx, user.id)).login).toBe(false);
  });

  it('refuses a second sign-in while the first session lives, and allows it once that session expired', async () => {
    const { user, email } = await createUser(s.ctx);
    const first = await login(s.app, email);
    const second = await post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('No es posible iniciar sesión, comuníquese con el administrador');
    expect((await get('/api/auth/me', first)).statusCode).toBe(200);

    await ageSession(user.id, 16); // default duracion_sesion is 15
    const third = await post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(third.statusCode).toBe(200);
    // The old session is gone for good.
    expect((await get('/api/auth/me', first)).json().code).toBe('NO_SESSION');
  });

  it('Salir ends the session, clears the login flag and sets off-shift, with a trail entry', async () => {
    const { user, email } = await createUser(s.ctx, { cargo: 'Abogado' });
    const cookie = await login(s.app, email);
    const res = await post('/api/auth/logout', {}, cookie);
    expect(res.statusCode).toBe(204);
    const row = await userRow(s.ctx, user.id);
    expect(row).toMatchObject({ login: false, disponibilidad: 'Fuera de su horario laboral', salir: true });
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(401);
    const trail = await s.ctx.db.select().from(trazabilidadestado).where(eq(trazabilidadestado.uidusuario, user.id));
    expect(trail.map((t) => t.estado)).toEqual(
      expect.arrayContaining(['Activo en espera', 'Fuera de su horario laboral']),
    );
    // and the user can sign in again right away
    expect((await post('/api/auth/login', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('slows password guessing: after 5 failures the account is refused even with the right password', async () => {
    const { email } = await createUser(s.ctx);
    for (let i = 0; i < 5; i++)
      expect((await post('/api/auth/login', { email, password: `Mala${i}*a` })).statusCode).toBe(401);
    const blocked = await post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Demasiados intentos fallidos/);
  });
});

describe('every request checks the session (spec 1 §4)', () => {
  it('no cookie or an unknown cookie is 401 NO_SESSION; /me without a cookie answers nobody (null)', async () => {
    expect((await get('/api/casos')).json()).toMatchObject({ statusCode: 401, code: 'NO_SESSION' });
    const anonymous = await get('/api/auth/me');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toBeNull();
    expect((await get('/api/auth/me', 'vialex_sid=forged')).json()).toMatchObject({
      statusCode: 401,
      code: 'NO_SESSION',
    });
  });

  it('checks arriving at once (read in one statement) each get their own session, live or not', async () => {
    const users = await Promise.all([0, 1, 2].map(() => createUser(s.ctx)));
    const cookies = [];
    for (const u of users) cookies.push(await login(s.app, u.email));
    await s.ctx.db.update(usuarios).set({ login: false }).where(eq(usuarios.id, users[1].user.id));
    const answers = await Promise.all([
      get('/api/auth/me', cookies[0]),
      get('/api/auth/me', cookies[1]),
      get('/api/auth/me', 'vialex_sid=forged'),
      get('/api/auth/me', cookies[2]),
      get('/api/auth/me', cookies[0]),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 401, 200, 200]);
    expect([0, 3, 4].map((i) => answers[i].json().id)).toEqual([users[0].user.id, users[2].user.id, users[0].user.id]);
    expect(answers[1].json().code).toBe('SESSION_ENDED');
    expect(answers[2].json().code).toBe('NO_SESSION');
  });

  it('a session past duracion_sesion is refused and the login flag cleared', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    await s.ctx.db.update(usuarios).set({ duracion_sesion: 30 }).where(eq(usuarios.id, user.id));
    await ageSession(user.id, 29);
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(200);
    await ageSession(user.id, 31);
    const res = await get('/api/auth/me', cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_ENDED');
    // As at Salir: off-shift (no longer offered for assignment), with a trail entry by the system.
    expect(await userRow(s.ctx, user.id)).toMatchObject({
      login: false,
      disponibilidad: 'Fuera de su horario laboral',
    });
    const trail = await s.ctx.db
      .select()
      .from(trazabilidadestado)
      .where(eq(trazabilidadestado.uidusuario, user.id))
      .orderBy(trazabilidadestado.fechahora);
    expect(trail.map((t) => t.estado)).toEqual(['Activo en espera', 'Fuera de su horario laboral']);
    expect(trail[1]).toMatchObject({ descripcion: MSG.trazaSesionVencida, cargo: 'Investigador', uidcreador: null });
  });

  it('a user forced out (login flag false) is refused on the next request', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    await s.ctx.db.update(usuarios).set({ login: false }).where(eq(usuarios.id, user.id));
    expect((await get('/api/auth/me', cookie)).json().code).toBe('SESSION_ENDED');
    expect(await s.ctx.db.select().from(sesiones).where(eq(sesiones.usuario, user.id))).toHaveLength(0);
  });

  it('a session whose token_login was replaced is refused', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    await s.ctx.db
      .update(usuarios)
      .set({ token_login: 'x'.repeat(40) })
      .where(eq(usuarios.id, user.id));
    expect((await get('/api/auth/me', cookie)).json().code).toBe('SESSION_ENDED');
  });

  it('a deactivated user is refused on the next request', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    await s.ctx.db.update(usuarios).set({ estado: false }).where(eq(usuarios.id, user.id));
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(401);
  });

  it('the expiry sweep clears the flag of sessions that ran out, even without a request, and leaves the user off-shift', async () => {
    const { user, email } = await createUser(s.ctx, { cargo: 'Abogado' });
    await login(s.app, email);
    await ageSession(user.id, 20);
    expect(await expireSessions(s.ctx.db, s.ctx.hub)).toBeGreaterThanOrEqual(1);
    expect(await userRow(s.ctx, user.id)).toMatchObject({
      login: false,
      disponibilidad: 'Fuera de su horario laboral',
    });
    const trail = await s.ctx.db
      .select()
      .from(trazabilidadestado)
      .where(eq(trazabilidadestado.uidusuario, user.id))
      .orderBy(trazabilidadestado.fechahora);
    expect(trail.at(-1)).toMatchObject({
      estado: 'Fuera de su horario laboral',
      descripcion: MSG.trazaSesionVencida,
      cargo: 'Abogado',
    });
    expect((await post('/api/auth/login', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await userRow(s.ctx, user.id)).disponibilidad).toBe('Activo en espera');
  });

  it('an expiring session that no longer holds the login flag leaves the user as they are', async () => {
    const { user, email } = await createUser(s.ctx);
    await login(s.app, email);
    await ageSession(user.id, 20);
    // A newer sign-in took the flag (another token_login): the old session's expiry must not touch it.
    await s.ctx.db
      .update(usuarios)
      .set({ token_login: 'y'.repeat(40) })
      .where(eq(usuarios.id, user.id));
    await expireSessions(s.ctx.db, s.ctx.hub);
    expect(await userRow(s.ctx, user.id)).toMatchObject({ login: true, disponibilidad: 'Activo en espera' });
    const trail = await s.ctx.db.select().from(trazabilidadestado).where(eq(trazabilidadestado.uidusuario, user.id));
    expect(trail.map((t) => t.estado)).toEqual(['Activo en espera']);
  });
});
