import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { AVAILABILITY_CONTROL_CARGOS, CARGOS, MSG, fmt, meResponse } from '@vialex/domain';
import { cuentas, sesiones, trazabilidadestado, usuarios } from '../src/db/schema/index.js';
import { PASSWORD_LIMITS } from '../src/modules/users/password-limits.js';
import { SESSION_COOKIE, hashSessionToken } from '../src/modules/auth/tokens.js';
import { startTestServer, type TestServer } from './helper.js';
import { TEST_PASSWORD, createUser, login, userRow } from './factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const put = (url: string, payload: unknown, cookie: string) =>
  s.app.inject({ method: 'PUT', url, payload: payload as object, headers: { cookie } });

describe('change own password', () => {
  it.each([
    ['nueva2026*', MSG.passMayuscula],
    ['NUEVA2026*', MSG.passMinuscula],
    ['NuevaClave*', MSG.passNumero],
    ['Nueva2026', MSG.passEspecial],
    ['Nu2026*', fmt(MSG.passMinimo, { min: 8 })],
  ])('refuses %s with "%s"', async (password, message) => {
    const { email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const res = await put(
      '/api/me/password',
      { currentPassword: TEST_PASSWORD, password, confirmPassword: password },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path: 'password', message });
    await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    await login(s.app, email); // the old password still works
  });

  it('requires the three fields and that the new two match', async () => {
    const { email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const empty = await put('/api/me/password', { currentPassword: '', password: '', confirmPassword: '' }, cookie);
    expect(empty.statusCode).toBe(400);
    expect(
      empty
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['confirmPassword', 'currentPassword', 'password']);
    const mismatch = await put(
      '/api/me/password',
      { currentPassword: TEST_PASSWORD, password: 'Nueva-Ruta-2026*', confirmPassword: 'Nueva-Ruta-2026#' },
      cookie,
    );
    expect(mismatch.json().issues).toContainEqual({ path: 'confirmPassword', message: 'Las contraseñas no coinciden' });
  });

  it("saves a valid password: 'Operación Exitosa', and the next sign-in uses it", async () => {
    const { email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const res = await put(
      '/api/me/password',
      { currentPassword: TEST_PASSWORD, password: 'Nueva-Ruta-2026*', confirmPassword: 'Nueva-Ruta-2026*' },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Operación Exitosa' });
    await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    const old = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Clave2026*' },
    });
    expect(old.statusCode).toBe(401);
    await login(s.app, email, 'Nueva-Ruta-2026*');
  });

  it('takes accented capitals (Ñ, Á) as capitals; 8 characters pass the rules, the strength screen wants more', async () => {
    const { email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    // Any 8 characters are about 10^8 guesses (zxcvbn's score 2): refused as easy to guess.
    const eight = await put(
      '/api/me/password',
      { currentPassword: TEST_PASSWORD, password: 'Ñandú26*', confirmPassword: 'Ñandú26*' },
      cookie,
    );
    expect(eight.json()).toMatchObject({ statusCode: 400, message: MSG.passComun });
    expect(
      (
        await put(
          '/api/me/password',
          { currentPassword: TEST_PASSWORD, password: 'Ñandú7grís*', confirmPassword: 'Ñandú7grís*' },
          cookie,
        )
      ).statusCode,
    ).toBe(200);
    await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    await login(s.app, email, 'Ñandú7grís*');
  });

  it.each(['password1A!', 'P@ssw0rd1', 'Nueva2026*'])(
    'refuses a common or easy-to-guess new password (%s) on its field and changes nothing',
    async (password) => {
      const { user, email } = await createUser(s.ctx);
      const cookie = await login(s.app, email);
      const [before] = await s.ctx.db.select().from(cuentas).where(eq(cuentas.id, user.uiid));
      const res = await put(
        '/api/me/password',
        { currentPassword: TEST_PASSWORD, password, confirmPassword: password },
        cookie,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        code: 'VALIDATION',
        message: MSG.passComun,
        issues: [{ path: 'password', message: MSG.passComun }],
      });
      const [after] = await s.ctx.db.select().from(cuentas).where(eq(cuentas.id, user.uiid));
      expect(after).toEqual(before);
      // The session lives on and the old password still signs in.
      expect((await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
      await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      await login(s.app, email);
    },
  );

  it('needs a session', async () => {
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      payload: { currentPassword: TEST_PASSWORD, password: 'Nueva-Ruta-2026*', confirmPassword: 'Nueva-Ruta-2026*' },
    });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a wrong current password on its field ('La contraseña actual no es correcta') and changes nothing", async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const [before] = await s.ctx.db.select().from(cuentas).where(eq(cuentas.id, user.uiid));
    const res = await put(
      '/api/me/password',
      { currentPassword: 'Otra2026*', password: 'Nueva-Ruta-2026*', confirmPassword: 'Nueva-Ruta-2026*' },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION',
      message: MSG.passActualIncorrecta,
      issues: [{ path: 'currentPassword', message: 'La contraseña actual no es correcta' }],
    });
    const [after] = await s.ctx.db.select().from(cuentas).where(eq(cuentas.id, user.uiid));
    expect(after.password_hash).toBe(before.password_hash);
    // The session lives on and the old password still signs in.
    expect((await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    await login(s.app, email);
  });
});

describe('password routes are limited per user', () => {
  const change = (cookie: string, password = TEST_PASSWORD) =>
    put('/api/me/password', { currentPassword: TEST_PASSWORD, password, confirmPassword: password }, cookie);

  it(`20 parallel changes by one user: at most ${PASSWORD_LIMITS.own.max} evaluated, the rest 429; another user is not affected`, async () => {
    const a = await createUser(s.ctx);
    const b = await createUser(s.ctx);
    const cookieA = await login(s.app, a.email);
    const cookieB = await login(s.app, b.email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => change(cookieA)));
    const codes = answers.map((r) => r.statusCode);
    const evaluated = codes.filter((c) => c === 200).length;
    expect(evaluated).toBeGreaterThanOrEqual(1);
    expect(evaluated).toBeLessThanOrEqual(PASSWORD_LIMITS.own.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - evaluated);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: MSG.demasiadasSolicitudes });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // The other user changes theirs at once.
    expect((await change(cookieB, 'Nueva-Ruta-2026*')).statusCode).toBe(200);

    // One at a time: once A has used the window up, even sequential calls are refused, wrong
    // current password or not (guessing the current password is bounded too).
    for (let i = evaluated; i < PASSWORD_LIMITS.own.max; i++) expect((await change(cookieA)).statusCode).toBe(200);
    const wrong = await put(
      '/api/me/password',
      { currentPassword: 'Adivina2026*', password: 'Nueva-Ruta-2026*', confirmPassword: 'Nueva-Ruta-2026*' },
      cookieA,
    );
    expect(wrong.statusCode).toBe(429);
    expect(Number(wrong.headers['retry-after'])).toBeGreaterThan(60);
    // Refused requests changed nothing: A still signs in with the old password.
    await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: cookieA } });
    await login(s.app, a.email);
  });

  it('a body that fails validation is not counted', async () => {
    const { email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    for (let i = 0; i < PASSWORD_LIMITS.own.max + 2; i++) expect((await change(cookie, 'corta')).statusCode).toBe(400);
    expect((await change(cookie)).statusCode).toBe(200);
  });
});

describe('own availability (spec 1 §4, §6)', () => {
  it.each(CARGOS.map((c) => [c, AVAILABILITY_CONTROL_CARGOS.includes(c)] as const))(
    '%s may pick availability: %s',
    async (cargo, allowed) => {
      const { user, email } = await createUser(s.ctx, { cargo });
      const cookie = await login(s.app, email);
      const res = await put('/api/me/availability', { disponibilidad: 'Fuera de su horario laboral' }, cookie);
      if (allowed) {
        expect(res.statusCode).toBe(200);
        expect(res.json().disponibilidad).toBe('Fuera de su horario laboral');
        const trail = await s.ctx.db
          .select()
          .from(trazabilidadestado)
          .where(
            and(
              eq(trazabilidadestado.uidusuario, user.id),
              eq(trazabilidadestado.estado, 'Fuera de su horario laboral'),
            ),
          );
        expect(trail).toHaveLength(1);
        expect(trail[0]).toMatchObject({ cargo, uidcreador: user.id });
      } else {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Usuario no autorizado');
        expect((await userRow(s.ctx, user.id)).disponibilidad).toBe('Activo en espera');
      }
    },
  );

  it.each(['Activo ocupado', 'Activo múltiple'])('the automatic value %s cannot be picked by hand', async (value) => {
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

/** The user's sessions began past the default session time (15 min): expired. */
const expireSessionsOf = (userId: string) =>
  s.ctx.db
    .update(sesiones)
    .set({ creado: new Date(Date.now() - 16 * 60_000) })
    .where(eq(sesiones.usuario, userId));

describe('device location', () => {
  it('stores lat/long and the gps flag', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const moved = await put('/api/me/location', { lat: 4.65, long: -74.08 }, cookie);
    expect(moved.statusCode).toBe(204);
    expect(moved.body).toBe('');
    expect(moved.headers['content-type']).toBeUndefined();
    expect(await userRow(s.ctx, user.id)).toMatchObject({ lat: 4.65, long: -74.08, gps: true });
    expect((await put('/api/me/gps', { gps: false }, cookie)).statusCode).toBe(204);
    expect((await userRow(s.ctx, user.id)).gps).toBe(false);
    expect((await put('/api/me/location', { lat: 100, long: 0 }, cookie)).statusCode).toBe(400);
    expect((await put('/api/me/location', { lat: 'x', long: 0 }, cookie)).statusCode).toBe(400);
  });

  it('refuses and writes nothing for an expired or forced-out session', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    await expireSessionsOf(user.id);
    const expired = await put('/api/me/location', { lat: 1, long: 2 }, cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('SESSION_ENDED');
    expect((await userRow(s.ctx, user.id)).lat).toBeNull();
    expect((await put('/api/me/location', { lat: 1, long: 2 }, 'vialex_sid=nope')).statusCode).toBe(401);
  });
});

describe('positions sent at once', () => {
  it('go in one statement: each live session answered and its user moved to their last, a dead session refused with nothing of it written', async () => {
    const a = await createUser(s.ctx);
    const current = await login(s.app, a.email);
    // A session row of the same user from an earlier sign-in: dead (another token_login).
    await s.ctx.db.insert(sesiones).values({ id: hashSessionToken('earlier'), usuario: a.user.id, token_login: 'old' });
    const replaced = `${SESSION_COOKIE}=earlier`;
    const b = await createUser(s.ctx);
    const expired = await login(s.app, b.email);
    await expireSessionsOf(b.user.id);
    const c = await createUser(s.ctx);
    const cookie = await login(s.app, c.email);

    const answers = await Promise.all([
      put('/api/me/location', { lat: 1, long: 1 }, current),
      put('/api/me/location', { lat: 2, long: 2 }, replaced),
      put('/api/me/location', { lat: 3, long: 3 }, expired),
      put('/api/me/location', { lat: 4, long: 4 }, cookie),
      put('/api/me/location', { lat: 5, long: 5 }, cookie),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([204, 401, 401, 204, 204]);
    expect(answers[1].json().code).toBe('SESSION_ENDED');
    expect(answers[2].json().code).toBe('SESSION_ENDED');
    expect(await userRow(s.ctx, a.user.id)).toMatchObject({ lat: 1, long: 1 });
    expect((await userRow(s.ctx, b.user.id)).lat).toBeNull();
    expect(await userRow(s.ctx, c.user.id)).toMatchObject({ lat: 5, long: 5 });
  });
});

describe.runIf(!!process.env.DATABASE_URL)('positions while a user row is held (PostgreSQL)', () => {
  it("never wait in the batch: the others are written at once, the held user's once the row is free", async () => {
    const held = await createUser(s.ctx);
    const heldCookie = await login(s.app, held.email);
    const free = await createUser(s.ctx);
    const freeCookie = await login(s.app, free.email);
    // Another transaction holds the user's row, as an assignment recounting availability does.
    const other = new pg.Client({ connectionString: s.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from usuarios where id = $1 for update', [held.user.id]);
      const heldAnswer = put('/api/me/location', { lat: 6, long: 6 }, heldCookie);
      const freeAnswer = await put('/api/me/location', { lat: 7, long: 7 }, freeCookie);
      expect(freeAnswer.statusCode).toBe(204);
      expect(await userRow(s.ctx, free.user.id)).toMatchObject({ lat: 7, long: 7 });
      expect((await userRow(s.ctx, held.user.id)).lat).toBeNull();
      await other.query('commit');
      expect((await heldAnswer).statusCode).toBe(204);
      expect(await userRow(s.ctx, held.user.id)).toMatchObject({ lat: 6, long: 6 });
    } finally {
      await other.end();
    }
  });
});

describe('GET /api/auth/me', () => {
  it('answers exactly its documented shape (written as built, not encoded by zod), and null without a cookie', async () => {
    const { user, email } = await createUser(s.ctx, { cargo: 'Investigador' });
    await s.ctx.db
      .update(usuarios)
      .set({ ciudades: ['Bogotá', 'Cali'] })
      .where(eq(usuarios.id, user.id));
    const cookie = await login(s.app, email);
    const res = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual(meResponse.parse(body));
    expect(Object.keys(body).sort()).toEqual(Object.keys(meResponse.shape).sort());
    expect(body).toMatchObject({ id: user.id, email, cargo: 'Investigador', ciudades: ['Bogotá', 'Cali'], foto: null });
    const none = await s.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('null');
  });
});
