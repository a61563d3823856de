import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sesiones, usuarios } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { forgetSession } from '../src/modules/auth/live-session.js';
import { hashSessionToken } from '../src/modules/auth/tokens.js';
import { createUser, login } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';

/*
 * The case lists check a session they have seen before inside the page's own statement (one
 * round trip). Whatever ends or changes a session between two pages must still be seen at once.
 */
let s: TestServer;
let adminCookie: string;
beforeAll(async () => {
  s = await startTestServer();
  const admin = await createUser(s.ctx, { cargo: 'Administrador' });
  adminCookie = await login(s.app, admin.email);
  await createCaseAs(s.app, adminCookie, await caseBody(s.ctx));
});
afterAll(async () => s?.close());

const list = (cookie: string, url = '/api/casos') => s.app.inject({ method: 'GET', url, headers: { cookie } });

async function signedIn(cargo: 'Administrador' | 'Investigador' = 'Administrador') {
  const { user, email } = await createUser(s.ctx, { cargo });
  const cookie = await login(s.app, email);
  // The first page: the full check, which this process remembers.
  const first = await list(cookie);
  expect(first.statusCode).toBe(200);
  return { user, cookie, rows: first.json().rows as unknown[] };
}

describe('a case list page after the session changed', () => {
  it('is refused once the user was signed out (DESLOGUEAR clears the login flag)', async () => {
    const { user, cookie, rows } = await signedIn();
    expect(rows.length).toBeGreaterThan(0);
    await s.ctx.db.update(usuarios).set({ login: false }).where(eq(usuarios.id, user.id));
    const res = await list(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_ENDED');
  });

  it('is refused once the user was deactivated, or the session row is gone', async () => {
    const a = await signedIn();
    await s.ctx.db.update(usuarios).set({ estado: false }).where(eq(usuarios.id, a.user.id));
    expect((await list(a.cookie)).statusCode).toBe(401);
    const b = await signedIn();
    await s.ctx.db.delete(sesiones).where(eq(sesiones.usuario, b.user.id));
    expect((await list(b.cookie, '/api/casos/archivados')).statusCode).toBe(401);
  });

  it('is refused once the session time has passed', async () => {
    const { user, cookie } = await signedIn();
    await s.ctx.db
      .update(sesiones)
      .set({ creado: sql`now() - interval '2 days'` })
      .where(eq(sesiones.usuario, user.id));
    const res = await list(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_ENDED');
  });

  it('follows a changed cargo: the new cargo’s scope, never the old one’s', async () => {
    const { user, cookie, rows } = await signedIn('Administrador');
    expect(rows.length).toBeGreaterThan(0);
    // An Investigador sees only their own cases: none.
    await s.ctx.db.update(usuarios).set({ cargo: 'Investigador' }).where(eq(usuarios.id, user.id));
    const res = await list(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toEqual([]);
    expect(res.json().permissions.create).toBe(false);
  });

  it('is answered by the full check when this process has not seen the session', async () => {
    const { cookie } = await signedIn();
    // As another instance would be, or this one after forgetting it.
    forgetSession(hashSessionToken(cookie.replace('vialex_sid=', '')));
    const res = await list(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.length).toBeGreaterThan(0);
  });

  it('an empty page is answered empty while the session lives, and 401 once it ended', async () => {
    const { user, cookie, rows } = await signedIn('Investigador');
    expect(rows).toEqual([]);
    const again = await list(cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().rows).toEqual([]);
    await s.ctx.db.update(usuarios).set({ login: false }).where(eq(usuarios.id, user.id));
    expect((await list(cookie)).statusCode).toBe(401);
  });

  it('without a cookie, or with a made-up one, is 401', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/casos' })).statusCode).toBe(401);
    expect((await list('vialex_sid=inventado')).statusCode).toBe(401);
  });
});
