import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@vialex/domain';
import { intentos_login, sesiones, trazabilidadestado, usuarios } from '../src/db/schema/index.js';
import { startTestServer, sessionCookie, type TestServer } from './helper.js';
import { createUser, login, userRow, TEST_PASSWORD } from './factories.js';
import { openLiveSocket } from './live-socket.js';

let s: TestServer;
let base: string;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
});
afterAll(async () => s?.close());
beforeEach(async () => {
  await s.ctx.db.execute(sql`delete from intentos_login`);
});

const RENEW = '/api/auth/login/renew';
const renew = (cookie: string | undefined, payload: unknown) =>
  s.app.inject({ method: 'POST', url: RENEW, payload: payload as object, headers: cookie ? { cookie } : {} });
const me = (cookie: string) => s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

/** Moves the user's session start so that it began `minutes` ago. */
async function startedAgo(userId: string, minutes: number): Promise<Date> {
  const start = new Date(Date.now() - minutes * 60_000);
  await s.ctx.db.update(sesiones).set({ creado: start }).where(eq(sesiones.usuario, userId));
  return start;
}

async function sessionOf(userId: string) {
  const [row] = await s.ctx.db.select().from(sesiones).where(eq(sesiones.usuario, userId));
  return row;
}

const cookieValue = (cookie: string) => cookie.slice('vialex_sid='.length);

describe('Seguir conectado: the password again starts the same session over', () => {
  it('renews the session: its minutes count from now, with the same cookie and token_login', async () => {
    const { user, email } = await createUser(s.ctx, { cargo: 'Abogado' });
    const cookie = await login(s.app, email);
    const before = await userRow(s.ctx, user.id);
    const oldStart = await startedAgo(user.id, 14);
    const trailBefore = await s.ctx.db
      .select()
      .from(trazabilidadestado)
      .where(eq(trazabilidadestado.uidusuario, user.id));

    const res = await renew(cookie, { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const renewedAt = Date.now();
    const expires = Date.parse(res.json().user.sessionExpiresAt);
    // 15 minutes from the renewal (was 1 minute away).
    expect(expires).toBeGreaterThan(renewedAt + 15 * 60_000 - 5_000);
    expect(expires).toBeLessThanOrEqual(renewedAt + 15 * 60_000);
    expect(res.json().user).toMatchObject({ id: user.id, disponibilidad: 'Activo en espera' });

    // The same session: the cookie is set again with the same value, for the new time.
    const set = res.cookies.find((c) => c.name === 'vialex_sid')!;
    expect(set.value).toBe(cookieValue(cookie));
    expect(set.maxAge).toBeGreaterThan(15 * 60 - 5);
    const session = await sessionOf(user.id);
    expect(session.creado.getTime()).toBeGreaterThan(oldStart.getTime() + 13 * 60_000);
    expect(Date.parse(res.json().user.sessionExpiresAt)).toBe(session.creado.getTime() + 15 * 60_000);
    const after = await userRow(s.ctx, user.id);
    expect(after.token_login).toBe(before.token_login);
    expect(after.login).toBe(true);
    expect(after.ultimo_login!.getTime()).toBe(session.creado.getTime());
    // The user never left: no availability change and no trail entry.
    expect(after.disponibilidad).toBe(before.disponibilidad);
    const trailAfter = await s.ctx.db
      .select()
      .from(trazabilidadestado)
      .where(eq(trazabilidadestado.uidusuario, user.id));
    expect(trailAfter).toHaveLength(trailBefore.length);

    const again = await me(cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().sessionExpiresAt).toBe(res.json().user.sessionExpiresAt);
    // Two minutes after the renewal the old end (one minute after it) has passed: the session lives on.
    await startedAgo(user.id, 2);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('a wrong password is refused with the sign-in message, changes nothing and counts as a failed sign-in', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const start = await startedAgo(user.id, 10);

    const wrong = await renew(cookie, { password: 'Otra2026*' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'BAD_CREDENTIALS', message: MSG.informacionIncorrecta });
    // The session stays as it was, and its cookie is not cleared.
    expect(wrong.cookies.find((c) => c.name === 'vialex_sid')).toBeUndefined();
    expect((await sessionOf(user.id)).creado.getTime()).toBe(start.getTime());
    expect((await me(cookie)).statusCode).toBe(200);
    const attempts = await s.ctx.db.select().from(intentos_login).where(eq(intentos_login.email, email));
    expect(attempts).toMatchObject([{ email, pendiente: false }]);

    // Five failures from this address: the right password is refused too, here and at sign-in.
    for (let i = 0; i < 4; i++) expect((await renew(cookie, { password: `Mala${i}*a` })).statusCode).toBe(401);
    const blocked = await renew(cookie, { password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Demasiados intentos fallidos/);
    const signIn = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(429);
    expect((await sessionOf(user.id)).creado.getTime()).toBe(start.getTime());
  });

  it("a right password forgets this address's failures, as a sign-in does", async () => {
    const { email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    for (let i = 0; i < 4; i++) expect((await renew(cookie, { password: `Mala${i}*a` })).statusCode).toBe(401);
    expect((await renew(cookie, { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(await s.ctx.db.select().from(intentos_login).where(eq(intentos_login.email, email))).toHaveLength(0);
  });

  it("counts on the browser's trusted device and renews its cookie", async () => {
    const { email } = await createUser(s.ctx);
    const signIn = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    const device = signIn.cookies.find((c) => c.name === 'vialex_dev')!;
    const cookie = `${sessionCookie(signIn)}; vialex_dev=${device.value}`;
    expect((await renew(cookie, { password: 'Otra2026*' })).statusCode).toBe(401);
    const [attempt] = await s.ctx.db.select().from(intentos_login).where(eq(intentos_login.email, email));
    expect(attempt.dispositivo).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const ok = await renew(cookie, { password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    const renewed = ok.cookies.find((c) => c.name === 'vialex_dev')!;
    expect(renewed.path).toBe('/api/auth/login');
    expect(renewed.value).not.toBe(device.value);
  });

  it('is refused with 401 when the session already ended, and counts nothing', async () => {
    const expired = await createUser(s.ctx);
    const expiredCookie = await login(s.app, expired.email);
    await startedAgo(expired.user.id, 16);
    const forced = await createUser(s.ctx);
    const forcedCookie = await login(s.app, forced.email);
    await s.ctx.db.update(usuarios).set({ login: false }).where(eq(usuarios.id, forced.user.id));
    const inactive = await createUser(s.ctx);
    const inactiveCookie = await login(s.app, inactive.email);
    await s.ctx.db.update(usuarios).set({ estado: false }).where(eq(usuarios.id, inactive.user.id));

    for (const cookie of [expiredCookie, forcedCookie, inactiveCookie]) {
      const res = await renew(cookie, { password: TEST_PASSWORD });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('SESSION_ENDED');
    }
    // Without a cookie, or with one whose session is gone: 401 before the body is read.
    expect((await renew(undefined, { password: '' })).json()).toMatchObject({ statusCode: 401, code: 'NO_SESSION' });
    expect((await renew(expiredCookie, {})).json()).toMatchObject({ statusCode: 401, code: 'NO_SESSION' });
    expect((await userRow(s.ctx, expired.user.id)).login).toBe(false);
    expect(await s.ctx.db.select().from(intentos_login)).toHaveLength(0);
  });

  it('answers the validation messages in Spanish and changes nothing', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const start = (await sessionOf(user.id)).creado;
    const empty = await renew(cookie, { password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual([{ path: 'password', message: MSG.contrasenaRequerida }]);
    const missing = await renew(cookie, {});
    expect(missing.statusCode).toBe(400);
    const huge = await renew(cookie, { password: 'A'.repeat(129) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().issues).toEqual([{ path: 'password', message: 'Máximo 128 caracteres' }]);
    expect((await sessionOf(user.id)).creado.getTime()).toBe(start.getTime());
    expect(await s.ctx.db.select().from(intentos_login)).toHaveLength(0);
  });
});

describe('the live channel follows a renewed session', () => {
  it('a socket whose session was renewed is not closed at the old end', async () => {
    // Two users whose sessions end at the same instant, a couple of seconds away; one renews.
    const kept = await createUser(s.ctx);
    const keptCookie = await login(s.app, kept.email);
    const control = await createUser(s.ctx);
    const controlCookie = await login(s.app, control.email);
    const oldEnd = Date.now() + 3_000;
    const start = new Date(oldEnd - 15 * 60_000);
    for (const { user } of [kept, control])
      await s.ctx.db.update(sesiones).set({ creado: start }).where(eq(sesiones.usuario, user.id));
    // Opened now, each socket arms its end at the old time.
    const keptTab = await openLiveSocket(base, { cookie: keptCookie });
    const controlTab = await openLiveSocket(base, { cookie: controlCookie });
    await keptTab.next((m) => m.type === 'ready');
    await controlTab.next((m) => m.type === 'ready');

    expect((await renew(keptCookie, { password: TEST_PASSWORD })).statusCode).toBe(200);
    await keptTab.next((m) => m.type === 'event' && m.event.name === 'user.updated');

    // The control socket closes at the old end; by then the renewed one would have too.
    expect(await controlTab.closedWithin(15_000)).toBe(4001);
    expect(Date.now()).toBeGreaterThanOrEqual(oldEnd);
    await keptTab.sync();
    expect(keptTab.ws.readyState).toBe(keptTab.ws.OPEN);
    expect(keptTab.events('session.ended')).toHaveLength(0);
    expect((await me(keptCookie)).statusCode).toBe(200);
    keptTab.ws.close();
  });
});
