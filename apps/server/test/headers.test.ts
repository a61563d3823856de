import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@vialex/domain';
import { casos } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: '1', APP_ORIGINS: 'https://vialex.example.co' });
  const { email } = await createUser(s.ctx, { cargo: 'Administrador', area: 'ADMINISTRACIÓN', ciudades: ['11001'] });
  admin = await login(s.app, email);
});
afterAll(async () => s?.close());

async function verifiedCase() {
  const c = await createCaseAs(s.app, admin, await caseBody(s.ctx));
  await s.ctx.db.update(casos).set({ estado: 'Verificado' }).where(eq(casos.id, c.id));
  return c as { id: string };
}
const archived = async (id: string) =>
  (await s.ctx.db.select({ a: casos.archivado }).from(casos).where(eq(casos.id, id)))[0].a;

describe('security headers on every response', () => {
  it.each(['/api/health', '/api/auth/me', '/api/no-existe'])('%s', async (url) => {
    const res = await s.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('https://tile.openstreetmap.org');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    // Plain http: no HSTS (it would mean nothing, and would break a local install).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('HSTS when served over https (behind the proxy)', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('caching', () => {
  it('API answers with personal data are not stored; lookups keep their caching', async () => {
    expect(
      (await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: admin } })).headers['cache-control'],
    ).toBe('no-store');
    expect(
      (await s.app.inject({ method: 'GET', url: '/api/clientes', headers: { cookie: admin } })).headers[
        'cache-control'
      ],
    ).toBe('no-store');
    expect(
      (await s.app.inject({ method: 'GET', url: '/api/lookups/cargos', headers: { cookie: admin } })).headers[
        'cache-control'
      ],
    ).toBe('private, max-age=300');
    // A refused lookup is not cached either.
    expect((await s.app.inject({ method: 'GET', url: '/api/lookups/cargos' })).headers['cache-control']).toBe(
      'no-store',
    );
  });
});

describe('state-changing requests from another site are refused', () => {
  it('a body-less text/plain POST from another origin does not archive a case', async () => {
    const c = await verifiedCase();
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/casos/${c.id}/archivar`,
      headers: { cookie: admin, origin: 'https://atacante.example', 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FOREIGN_ORIGIN', message: MSG.origenNoPermitido });
    expect(await archived(c.id)).toBe(false);
  });

  it('the Referer counts when there is no Origin; a null origin is foreign', async () => {
    const c = await verifiedCase();
    for (const headers of [{ referer: 'https://atacante.example/pagina' }, { origin: 'null' }]) {
      const res = await s.app.inject({
        method: 'POST',
        url: `/api/casos/${c.id}/archivar`,
        headers: { cookie: admin, ...headers },
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await archived(c.id)).toBe(false);
  });

  it('the app itself (its host, or a configured origin) and clients without Origin pass', async () => {
    for (const headers of [
      { origin: 'http://localhost:80' },
      { origin: 'https://vialex.example.co' },
      { referer: 'http://localhost:80/casos' },
      {},
    ]) {
      const c = await verifiedCase();
      const res = await s.app.inject({
        method: 'POST',
        url: `/api/casos/${c.id}/archivar`,
        headers: { cookie: admin, host: 'localhost:80', ...headers },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(await archived(c.id)).toBe(true);
    }
  });

  it('sign-in from another site is refused too (login CSRF)', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://atacante.example' },
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });
});
