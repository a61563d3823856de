import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MSG } from '@vialex/domain';
import { clientes, cuentas, intentos_login, usuarios } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  const { email } = await createUser(s.ctx, { cargo: 'Administrador', area: 'ADMINISTRACIÓN' });
  admin = await login(s.app, email);
});
afterAll(async () => s?.close());

const client = (identificacion: string, extra: Record<string, unknown> = {}) => ({
  nombres: 'Ana',
  apellidos: 'Pérez',
  tipoidentificacion: 'CC',
  identificacion,
  telefono: '3001234567',
  ciudad: '11001',
  direccion: 'Calle 1',
  ...extra,
});
const clientCount = async () => (await s.ctx.db.select({ n: count() }).from(clientes))[0].n;
/** Every refusal has the one error shape, in Spanish. */
function expectRefusal(res: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ statusCode: status, message });
  expect(Object.keys(res.json() as object).sort()).toEqual(expect.arrayContaining(['code', 'message', 'statusCode']));
}

describe('a NUL character is refused everywhere, with nothing written', () => {
  it('in the unauthenticated sign-in', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000@b.co', password: 'x' },
    });
    expectRefusal(res, 400, MSG.caracteresNoPermitidos);
    expect(await s.ctx.db.select().from(intentos_login)).toHaveLength(0);
  });

  it('in names, addresses, criteria values, endpoints and keys', async () => {
    const before = await clientCount();
    for (const payload of [
      client('70000001', { nombres: 'An\u0000a' }),
      client('70000002', { direccion: 'Calle\u00001' }),
      { ...client('70000003'), ['x\u0000']: 1 },
    ]) {
      expectRefusal(
        await s.app.inject({ method: 'POST', url: '/api/clientes', headers: { cookie: admin }, payload }),
        400,
        MSG.caracteresNoPermitidos,
      );
    }
    expect(await clientCount()).toBe(before);
    // JSON inside the query string: the NUL arrives escaped and appears only once parsed.
    const criteria = JSON.stringify([{ field: 'nombres', op: 'eq', value: 'A\u0000' }]);
    expectRefusal(
      await s.app.inject({ method: 'GET', url: '/api/clientes', headers: { cookie: admin }, query: { criteria } }),
      400,
      MSG.caracteresNoPermitidos,
    );
    const sub = {
      subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/\u0000', keys: { p256dh: 'a', auth: 'b' } },
    };
    expectRefusal(
      await s.app.inject({ method: 'POST', url: '/api/push/subscription', headers: { cookie: admin }, payload: sub }),
      400,
      MSG.caracteresNoPermitidos,
    );
    expectRefusal(
      await s.app.inject({ method: 'GET', url: '/api/clientes/%00', headers: { cookie: admin } }),
      400,
      MSG.caracteresNoPermitidos,
    );
  });
});

describe('forged page cursors', () => {
  const cursor = (v: unknown[]) => Buffer.from(JSON.stringify(v)).toString('base64url');
  it.each([
    ['a year past what PostgreSQL holds', '+275760-09-13T00:00:00.000Z'],
    ['year zero', '0000-01-01T00:00:00.000Z'],
    ['a bare number', '1'],
    ['a date without time', '2024-01-01'],
    ['an impossible day', '2024-02-31T00:00:00.000Z'],
  ])('%s is a 400', async (_, date) => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/clientes',
      headers: { cookie: admin },
      query: { cursor: cursor([date, '00000000-0000-0000-0000-000000000000']) },
    });
    expectRefusal(res, 400, MSG.cursorNoValido);
  });
});

describe('simultaneous duplicates get the duplicate message, never a 500', () => {
  it('clients', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        s.app.inject({ method: 'POST', url: '/api/clientes', headers: { cookie: admin }, payload: client('71234567') }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json()).toMatchObject({ code: 'CLIENT_DUPLICATE', message: MSG.clienteDuplicado });
  });

  it('quick clients from the case form', async () => {
    const payload = { nombres: 'Luz', apellidos: 'Mora', identificacion: 71234999 };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        s.app.inject({ method: 'POST', url: '/api/casos/clientes-rapido', headers: { cookie: admin }, payload }),
      ),
    );
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 201))
      expect(a.json()).toMatchObject({ statusCode: 409, message: MSG.clienteDuplicado });
  });

  it('users', async () => {
    const payload = {
      nombres: 'Eva',
      apellidos: 'Ríos',
      identificacion: '81234567',
      telefono: '3001234567',
      email: 'gemela@vialex.test',
      cargo: 'Perito',
      area: 'PERITAJE',
      password: 'Clave2026*',
      confirmPassword: 'Clave2026*',
    };
    // Four administrators at once (one administrator's password work is limited to one at a time).
    const admins = [admin];
    for (let i = 0; i < 3; i++)
      admins.push(
        await login(s.app, (await createUser(s.ctx, { cargo: 'Administrador', area: 'ADMINISTRACIÓN' })).email),
      );
    const answers = await Promise.all(
      admins.map((cookie) => s.app.inject({ method: 'POST', url: '/api/usuarios', headers: { cookie }, payload })),
    );
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 201))
      expect(a.json()).toMatchObject({ statusCode: 409, code: 'EMAIL_TAKEN', message: MSG.correoDuplicado });
    expect(await s.ctx.db.select().from(cuentas).where(eq(cuentas.email, 'gemela@vialex.test'))).toHaveLength(1);
  });
});

describe('every refusal is Spanish, in the one error shape', () => {
  it('a bad enum, a wrong type', async () => {
    const sideways = await s.app.inject({
      method: 'GET',
      url: '/api/clientes?dir=sideways',
      headers: { cookie: admin },
    });
    expect(sideways.statusCode).toBe(400);
    expect(sideways.json().message).toMatch(/^Opción inválida/);
    const gps = await s.app.inject({
      method: 'PUT',
      url: '/api/me/gps',
      headers: { cookie: admin },
      payload: { gps: 'yes' },
    });
    expect(gps.statusCode).toBe(400);
    expect(gps.json().message).toBe('Entrada inválida: se esperaba booleano, recibido texto');
  });

  it('a number too large for JSON (1e400 parses to Infinity) is out of range, changing nothing', async () => {
    const position = () =>
      s.ctx.db.select({ lat: usuarios.lat, long: usuarios.long, at: usuarios.ubicacion_fecha }).from(usuarios);
    const before = await position();
    const huge = await s.app.inject({
      method: 'PUT',
      url: '/api/me/location',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: '{"lat": 1e400, "long": -74.08}',
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(MSG.numeroFueraDeRango);
    expect(await position()).toEqual(before);
  });

  it('malformed and empty JSON, a wrong content type, a body too large', async () => {
    const json = { 'content-type': 'application/json', cookie: admin };
    expectRefusal(
      await s.app.inject({ method: 'POST', url: '/api/clientes', headers: json, payload: '{"nombres": ' }),
      400,
      MSG.jsonNoValido,
    );
    expectRefusal(
      await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '',
      }),
      400,
      MSG.cuerpoVacio,
    );
    expectRefusal(
      await s.app.inject({
        method: 'POST',
        url: '/api/clientes',
        headers: { 'content-type': 'application/xml', cookie: admin },
        payload: '<a/>',
      }),
      415,
      MSG.tipoContenidoNoSoportado,
    );
    expectRefusal(
      await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: `{"email":"${'a'.repeat(1_100_000)}"}`,
      }),
      413,
      MSG.cuerpoMuyGrande,
    );
  });

  it('an unknown API route', async () => {
    expectRefusal(
      await s.app.inject({ method: 'GET', url: '/api/no-existe', headers: { cookie: admin } }),
      404,
      MSG.recursoNoEncontrado,
    );
  });

  it('headers too large (431) on a real socket', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as { port: number };
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: '/api/health', headers: { 'x-grande': 'a'.repeat(40_000) } },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 431, message: MSG.encabezadosMuyGrandes });
  });
});

describe('paths the router refuses', () => {
  it('a path segment over the router’s limit (414) and a malformed escape (400) answer in Spanish', async () => {
    const long = await s.app.inject({ method: 'GET', url: `/api/casos/${'a'.repeat(300)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ statusCode: 414, code: 'FST_ERR_MAX_PARAM_LENGTH', message: MSG.direccionMuyLarga });
    const bad = await s.app.inject({ method: 'GET', url: '/api/casos/%zz' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.direccionNoValida);
  });
});

describe('a signed-out caller gets 401 before any body validation', () => {
  it('on every protected operation of the API', async () => {
    const spec = (await s.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie: admin } })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const open = new Set([
      'post /api/auth/login',
      'get /api/push/public-key',
      'get /api/health',
      'get /api/ready',
      'post /api/cronos/casos',
      // Who is signed in: nobody (200 null) without a cookie, so the login page logs no error;
      // a stale or made-up cookie is still 401 (below).
      'get /api/auth/me',
      // The client's entry page: the link is the credential (a forged one is 404, tested there).
      'get /api/cliente/entrada/{token}',
      'post /api/cliente/entrada/',
    ]);
    // The sign-in's later steps come before any session: a pending sign-in's cookie (or a passkey
    // alone) is their credential, refused by their own tests (second-factor.test.ts).
    const signInStep = /^(get|post) \/api\/auth\/login\/(segundo-paso|llave|configurar)(\/|$)/;
    const checked: string[] = [];
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const method of Object.keys(methods)) {
        const key = `${method} ${path}`;
        if (open.has(key) || signInStep.test(key) || path.startsWith('/api/test') || path === '/api/live') continue;
        const url = path.replace(/\{[^}]+\}/g, '00000000-0000-0000-0000-000000000000');
        const res = await s.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          ...(method === 'get' ? {} : { payload: { basura: true } }),
        });
        expect(res.statusCode, key).toBe(401);
        expect(res.json().code, key).toBe('NO_SESSION');
        checked.push(key);
      }
    }
    expect(checked.length).toBeGreaterThan(40);
    const me = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: 'vialex_sid=inventado' } });
    expect(me.statusCode).toBe(401);
  });
});
