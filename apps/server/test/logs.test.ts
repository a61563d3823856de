import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { mensajes } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login, signInEveryCargo } from './factories.js';
import { EVERY_AGENT, EVERY_ROOM_OPEN, staffedCase } from './case-factories.js';
import { PDF, multipart } from './multipart.js';
import { mapsOf } from '../src/platform/maps.js';

/** The server's log lines, as written. */
const lines: string[] = [];
const stream = new PassThrough();
stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ LOG_LEVEL: 'info' }, { logStream: stream });
  const { email } = await createUser(s.ctx, { cargo: 'Administrador', area: 'ADMINISTRACIÓN' });
  admin = await login(s.app, email);
  // Statements that fail on purpose, whatever the validation lets through.
  await s.ctx.db.execute(sql`alter table clientes add constraint prueba_falla check (nombres <> 'FALLA')`);
  await s.ctx.db.execute(
    sql`alter table cuentas add constraint prueba_falla_cuenta check (email <> 'falla@vialex.test')`,
  );
});
afterAll(async () => s?.close());

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  route?: string;
  err: { type: string; message: string; pg?: object };
  reason?: string;
  provider?: string;
}
/** The server's log lines, parsed (errorLines: level error and above). */
const logLines = () => lines.map((l) => JSON.parse(l) as LogLine);
const errorLines = () => logLines().filter((l) => l.level >= 50);

describe('error logs say what failed, never with what', () => {
  it('a failed statement logs the request id, route, error class and SQLSTATE — not its parameters', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/clientes?origen=consultaprivada',
      headers: { cookie: admin },
      payload: {
        nombres: 'falla',
        apellidos: 'Reservado',
        tipoidentificacion: 'CC',
        identificacion: '73334444',
        telefono: '3009998877',
        ciudad: '11001',
        direccion: 'Calle Secreta 9',
      },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Ocurrió un error inesperado, intente de nuevo',
    });
    const line = errorLines().find((l) => l.msg === 'unexpected error')!;
    expect(line).toBeDefined();
    expect(line.reqId).toBeTruthy();
    expect(line.route).toBe('/api/clientes');
    expect(line.err.type).toBe('DrizzleQueryError');
    expect(line.err.pg).toMatchObject({ code: '23514', constraint: 'prueba_falla' });
    const all = lines.join('\n');
    for (const secret of ['FALLA', 'RESERVADO', '73334444', '3009998877', 'SECRETA', 'consultaprivada'])
      expect(all).not.toContain(secret);
  });

  it('a failed account insert does not log the password hash', async () => {
    const before = lines.length;
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: { cookie: admin },
      payload: {
        nombres: 'Eva',
        apellidos: 'Ríos',
        identificacion: '81239999',
        telefono: '3001234567',
        email: 'falla@vialex.test',
        cargo: 'Perito',
        area: 'PERITAJE',
        password: 'Clave2026*',
        confirmPassword: 'Clave2026*',
      },
    });
    expect(res.statusCode).toBe(500);
    const logged = lines.slice(before).join('\n');
    expect(logged).toContain('23514');
    expect(logged).not.toMatch(/argon2/);
    expect(logged).not.toContain('falla@vialex.test');
    expect(logged).not.toContain('81239999');
  });

  it('no log line carries the session cookie', async () => {
    expect(lines.join('\n')).not.toContain(admin.split('=')[1]);
  });
});

describe('an outside service that fails is logged with what it answered', () => {
  it('a plate look-up whose services answer 500 logs each service and its status', async () => {
    // The local fakes answer 500 to both policy services for CAIDO1.
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/casos/consulta-placa?placa=CAIDO1',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const warnings = logLines().filter((l) => l.level === 40);
    expect(warnings.find((l) => l.msg === 'kronos look-up failed')?.reason).toBe('kronos answered 500');
    expect(warnings.find((l) => l.msg === 'insurer hub look-up failed')?.reason).toMatch(/answered 500$/);
  });

  it('a maps provider that cannot be reached logs the provider and the error, and the estimate is used', async () => {
    // The tests' maps are the Google fake; on port 1 of loopback nothing listens: refused.
    const ctx = {
      ...s.ctx,
      config: { ...s.ctx.config, maps: { ...s.ctx.config.maps, googleUrl: 'http://127.0.0.1:1' } },
    };
    const route = await mapsOf(ctx).route({ lat: 4.65, lng: -74.08 }, { lat: 4.66, lng: -74.07 });
    expect(route.estimado).toBe(true);
    const warning = logLines().find((l) => l.msg === 'maps provider failed: estimate used');
    expect(warning?.provider).toBe('google directions');
    expect(warning?.err).toMatchObject({ type: 'TypeError', message: 'fetch failed' });
  });
});

describe('safeError', () => {
  it("withholds Drizzle's failed-query message (it lists the parameters) whatever the cause", async () => {
    const { safeError } = await import('../src/platform/logging.js');
    class DrizzleQueryError extends Error {}
    const err = new DrizzleQueryError(
      'Failed query: update ubicaciones_vigiladas set mapas = 1 where usuario = $1\nparams: 905c73a4-0cd3-4acc-bffa-55bf4035cc3d',
      { cause: new Error('Cannot use a pool after calling end on the pool') },
    );
    const logged = JSON.stringify(safeError(err));
    expect(logged).not.toContain('905c73a4');
    expect(safeError(err).type).toBe('DrizzleQueryError');
  });
});

describe('the request log', () => {
  it('writes one line per request once answered: method, path without its query, route, status and time', async () => {
    const before = lines.length;
    const res = await s.app.inject({ method: 'GET', url: '/api/casos?placa=SECRETO1', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    const reqId = JSON.parse(lines[lines.length - 1]).reqId as string;
    const mine = lines
      .slice(before)
      .map((l) => JSON.parse(l) as LogLine & { req?: object; res?: object; responseTime?: number })
      .filter((l) => l.reqId === reqId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/casos', route: '/api/casos' },
      res: { statusCode: 200 },
    });
    expect(mine[0].responseTime).toBeGreaterThan(0);
    expect(lines.slice(before).join('\n')).not.toContain('SECRETO1');
  });
});

describe("a client's link is a credential", () => {
  it('the request log writes the route pattern of /s/{code}, /login/auth-cliente/{token} and /api/cliente/entrada/{token}', async () => {
    const { createCaseAs, caseBody } = await import('./case-factories.js');
    const { issueClientLink } = await import('../src/modules/client-links/service.js');
    const c = await createCaseAs(s.app, admin, await caseBody(s.ctx));
    const me = (await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: admin } })).json();
    const link = await issueClientLink(s.ctx, s.ctx.db, c.id, me.id);
    const encoded = encodeURIComponent(link.token);
    for (const url of [`/s/${link.code}`, `/login/auth-cliente/${encoded}`, `/api/cliente/entrada/${encoded}`])
      await s.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const logged = lines.join('\n');
    expect(logged).toContain('/s/:code');
    expect(logged).toContain('/api/cliente/entrada/:token');
    for (const secret of [link.code, link.token, encoded, link.token.split('.')[0]])
      expect(logged).not.toContain(secret);
  });
});

describe('a client that hangs up', () => {
  it('an upload abandoned half-way is logged as such, not as an unexpected error, and stores nothing', async () => {
    const viewers = await signInEveryCargo(s.ctx, s.app);
    const c = await staffedCase(s, viewers, EVERY_AGENT, EVERY_ROOM_OPEN);
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    // A file larger than what is sent: the server reads the part and waits for the rest.
    const form = multipart([
      { name: 'clientId', value: randomUUID() },
      { name: 'archivos', file: { filename: 'croquis.pdf', content: Buffer.concat([PDF, Buffer.alloc(512 * 1024)]) } },
    ]);
    const req = http.request(`${address}/api/casos/${c.id}/chats/general/archivos`, {
      method: 'POST',
      headers: {
        cookie: viewers.get('Abogado')!.cookie,
        'content-type': form.contentType,
        'content-length': form.payload.length,
      },
    });
    req.on('error', () => {});
    // Hung up once the server streams the file to its staging folder.
    const staging = path.join(os.tmpdir(), 'vialex-uploads');
    const staged = new Set(await fs.readdir(staging).catch(() => []));
    req.write(form.payload.subarray(0, 64 * 1024));
    const mine = await vi.waitFor(async () => {
      const now = (await fs.readdir(staging).catch(() => [])).filter((f) => !staged.has(f));
      expect(now).not.toEqual([]);
      return now;
    });
    req.destroy();
    await vi.waitFor(() => expect(logLines().some((l) => l.msg === 'request aborted by the client')).toBe(true));
    // What it had staged is gone.
    await vi.waitFor(async () =>
      expect((await fs.readdir(staging).catch(() => [])).filter((f) => mine.includes(f))).toEqual([]),
    );
    expect(errorLines().filter((l) => l.route === '/api/casos/:id/chats/:tipo/archivos')).toEqual([]);
    expect(
      await s.ctx.db
        .select()
        .from(mensajes)
        .where(eq(mensajes.senderId, viewers.get('Abogado')!.id)),
    ).toEqual([]);
  });
});
