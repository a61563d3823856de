import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vialex/domain';
import { loadConfig } from '../src/config.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';

/**
 * /api/docs (Swagger UI and its OpenAPI JSON) by API_DOCS: `staff` (the default) only to a
 * signed-in staff session, `public` to anyone, `off` to nobody.
 */
const DOCS = ['/api/docs', '/api/docs/json', '/api/docs/static/swagger-ui.css'];

async function serverWithStaffUser(env: Record<string, string>) {
  const s = await startTestServer(env);
  const { email } = await createUser(s.ctx, { cargo: 'Investigador' });
  return { s, cookie: await login(s.app, email) };
}

describe('API_DOCS', () => {
  it('defaults to staff and refuses any other value', () => {
    expect(loadConfig({}).apiDocs).toBe('staff');
    expect(loadConfig({ API_DOCS: 'Public' }).apiDocs).toBe('public');
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });
});

describe('API_DOCS=staff (default)', () => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => ({ s, cookie } = await serverWithStaffUser({})));
  afterAll(async () => s?.close());

  it.each(DOCS)('%s: 401 in Spanish without a session, or with a stale one', async (url) => {
    for (const headers of [{}, { cookie: 'vialex_sid=inventada' }]) {
      const res = await s.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, message: expect.any(String) });
      expect(res.body).not.toContain('openapi');
    }
    expect((await s.app.inject({ method: 'GET', url })).json()).toEqual({
      statusCode: 401,
      code: 'NO_SESSION',
      message: MSG.sinSesion,
    });
  });

  it('a signed-in staff user gets the UI and the OpenAPI JSON', async () => {
    const ui = await s.app.inject({ method: 'GET', url: '/api/docs', headers: { cookie } });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/^text\/html/);
    const json = await s.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ openapi: expect.any(String), paths: expect.any(Object) });
    const file = await s.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css', headers: { cookie } });
    expect(file.statusCode).toBe(200);
  });
});

describe('API_DOCS=off', () => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => ({ s, cookie } = await serverWithStaffUser({ API_DOCS: 'off' })));
  afterAll(async () => s?.close());

  it.each(DOCS)('%s: 404 to anyone, signed in or not', async (url) => {
    for (const headers of [{}, { cookie }]) {
      const res = await s.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.recursoNoEncontrado);
    }
  });
});

describe('API_DOCS=public', () => {
  let s: TestServer;
  beforeAll(async () => (s = await startTestServer({ API_DOCS: 'public' })));
  afterAll(async () => s?.close());

  it.each(DOCS)('%s: 200 without a session', async (url) => {
    expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});
