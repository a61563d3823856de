import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@vialex/domain';
import { openDatabase, POOL_IDLE_MS } from '../src/db/client.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';
import { openLiveSocket } from './live-socket.js';

/**
 * Operations: liveness and readiness apart, Prometheus metrics behind a token, and a
 * graceful stop that lets requests in flight finish and closes live sockets with 1012.
 */
const TOKEN = 'prueba-metricas-0123456789';
let s: TestServer;
let m: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  m = await startTestServer({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await s?.close();
  await m?.close();
});

/** Opens /api/live with a session, once the server said it is ready (messages and close code kept). */
async function openLive(base: string, cookie: string) {
  const live = await openLiveSocket(base, { cookie });
  await live.next((x) => x.type === 'ready');
  return live;
}

const portOf = (t: TestServer) => (t.app.server.address() as { port: number }).port;

/** A plain HTTP GET on a fresh connection: status and body. */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

describe('health and readiness', () => {
  it('/api/health answers alive without asking the database', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: s.ctx.database.kind });
  });

  it('/api/ready: 200 with the database up and every migration applied', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    const journal = new URL('../drizzle/meta/_journal.json', import.meta.url);
    const { entries } = JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] };
    expect(res.json()).toEqual({ ok: true, database: s.ctx.database.kind, migrations: entries.length });
  });

  it('/api/ready: 503 in Spanish when the database does not answer, while /api/health stays 200', async () => {
    // A closed handle (on PostgreSQL the same database; on PGlite a copy): every query on it fails
    // as on a database gone away.
    const closed = await openDatabase({ url: s.databaseUrl, dataDir: 'memory://' });
    await closed.close();
    const real = s.ctx.db;
    s.ctx.db = closed.db;
    try {
      const res = await s.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        statusCode: 503,
        code: 'DATABASE_UNAVAILABLE',
        message: MSG.servicioSinBaseDatos,
      });
      expect((await s.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      s.ctx.db = real;
    }
    expect((await s.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('/api/ready: 503 in Spanish when a migration of the release is not applied', async () => {
    const last = await s.ctx.db.execute<{ id: number; hash: string; created_at: string }>(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const row = last.rows[0];
    await s.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const res = await s.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        statusCode: 503,
        code: 'MIGRATIONS_PENDING',
        message: MSG.servicioMigracionesPendientes,
      });
    } finally {
      await s.ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
    expect((await s.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('/metrics', () => {
  it('is 404 when METRICS_TOKEN is not set, even with a token', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('vialex_');
  });

  it('is 401 in Spanish without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer otro-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, 'Bearer ']) {
      const res = await m.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json(), String(authorization)).toEqual({
        statusCode: 401,
        code: 'METRICS_TOKEN',
        message: MSG.metricasNoAutorizado,
      });
      expect(res.body).not.toContain('vialex_http');
    }
  });

  it('answers the Prometheus text format: latency by route pattern, socket texts, sockets, fan-out, jobs, pool', async () => {
    await m.app.listen({ port: 0, host: '127.0.0.1' });
    const port = portOf(m);
    const { email } = await createUser(m.ctx, { cargo: 'Administrador' });
    const cookie = await login(m.app, email);
    const live = await openLive(`ws://127.0.0.1:${port}`, cookie);
    live.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:casos' }));
    await live.sync();
    await m.ctx.hub.publish(m.ctx.db, 'list:casos', { name: 'list.changed', list: 'casos' });
    await live.next((x) => x.type === 'event');
    // A text on the socket has no request: it is counted by its answer's class.
    live.ws.send(
      JSON.stringify({
        action: 'send',
        caseId: 'no-es-un-id',
        tipo: 'general',
        clientId: 'metricas-1',
        content: 'hola',
      }),
    );
    expect(await live.next((x) => x.type === 'refused')).toMatchObject({ clientId: 'metricas-1' });

    const caseId = '4b3f2a10-5c6d-4e7f-8a9b-0c1d2e3f4a5b';
    await m.app.inject({ method: 'GET', url: `/api/casos/${caseId}`, headers: { cookie } });
    await m.app.inject({ method: 'GET', url: '/api/clientes?criterio=secreto-de-consulta', headers: { cookie } });
    await m.app.inject({ method: 'GET', url: '/api/ruta-inexistente-987' });
    await m.ctx.db.execute(
      sql`insert into trabajos (tipo, payload, estado) values ('prueba', '{}'::jsonb, 'pendiente'), ('prueba', '{}'::jsonb, 'fallido'), ('prueba', '{}'::jsonb, 'fallido')`,
    );

    const res = await m.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('# TYPE vialex_http_request_duration_seconds histogram');
    expect(text).toMatch(
      /vialex_http_request_duration_seconds_count\{route="\/api\/casos\/:id",method="GET",status_class="[245]xx"\} 1/,
    );
    expect(text).toMatch(/vialex_http_request_duration_seconds_count\{route="\/api\/clientes\/?",method="GET"/);
    expect(text).toContain('route="sin_ruta",method="GET",status_class="4xx"');
    expect(text).toMatch(/vialex_http_request_duration_seconds_bucket\{le="0\.005",route="\/api\/auth\/login"/);
    // Patterns only: no id, no query string, no unknown path in any label.
    expect(text).not.toContain(caseId);
    expect(text).not.toContain('secreto-de-consulta');
    expect(text).not.toContain('ruta-inexistente');
    expect(text).not.toContain('?');
    expect(text).toMatch(/^vialex_live_sockets 1$/m);
    expect(text).toContain('# TYPE vialex_live_events_fanned_out_total counter');
    expect(Number(/^vialex_live_events_fanned_out_total (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
    expect(text).toContain('# TYPE vialex_live_send_duration_seconds histogram');
    expect(text).toMatch(/^vialex_live_send_duration_seconds_count\{status_class="4xx"\} 1$/m);
    expect(text).not.toMatch(/^vialex_live_send_duration_seconds_count\{status_class="2xx"\}/m);
    // The process's own: the event loop's delay, CPU and memory.
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_max_seconds \d/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toMatch(/^vialex_jobs\{estado="pendiente"\} 1$/m);
    expect(text).toMatch(/^vialex_jobs\{estado="fallido"\} 2$/m);
    expect(text).toMatch(/^vialex_jobs\{estado="en_curso"\} 0$/m);
    if (m.ctx.database.kind === 'postgres') {
      expect(text).toMatch(/^vialex_db_pool_connections\{state="total"\} [1-9]\d*$/m);
      expect(text).toMatch(/^vialex_db_pool_connections\{state="idle"\} \d+$/m);
      expect(text).toMatch(/^vialex_db_pool_connections\{state="waiting"\} 0$/m);
      expect(text).toMatch(/^vialex_db_pool_max \d+$/m);
    } else {
      expect(text).not.toContain('vialex_db_pool');
    }
    live.ws.close();
    await live.closedWithin();
    await m.ctx.db.execute(sql`delete from trabajos where tipo = 'prueba'`);
  });

  it('answers one metric by ?name= (404 unknown, 400 not a name): the live heap follows what a full collection keeps, and the collections are counted', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const live = async () => {
      const res = await m.app.inject({ method: 'GET', url: '/metrics?name=vialex_heap_live_bytes', headers: auth });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('nodejs_eventloop');
      return Number(/^vialex_heap_live_bytes (\d+)$/m.exec(res.body)?.[1]);
    };
    // A full collection on demand, as `node --expose-gc` would give.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const collections = async () => {
      const res = await m.app.inject({
        method: 'GET',
        url: '/metrics?name=vialex_heap_full_collections_total',
        headers: auth,
      });
      return Number(/^vialex_heap_full_collections_total (\d+)$/m.exec(res.body)?.[1]);
    };
    const collected = async () => {
      const before = await live();
      const counted = await collections();
      gc();
      // The collection is reported to the observer after this turn.
      await vi.waitFor(async () => expect(await live()).not.toBe(before));
      // Each full collection is counted: a figure read twice under one count is one collection's.
      expect(await collections()).toBeGreaterThan(counted);
      return live();
    };
    const floor = await collected();
    const holder: { kept?: number[][] } = {
      kept: Array.from({ length: 400 }, () => new Array<number>(10_000).fill(1.5)),
    };
    const withKept = await collected();
    expect(withKept - floor).toBeGreaterThan(20_000_000);
    expect(holder.kept?.length).toBe(400);
    holder.kept = undefined;
    expect(withKept - (await collected())).toBeGreaterThan(20_000_000);

    expect((await m.app.inject({ method: 'GET', url: '/metrics?name=no_existe', headers: auth })).statusCode).toBe(404);
    for (const name of ['vialex heap', 'x'.repeat(101), '%00', 'VIALEX']) {
      const res = await m.app.inject({
        method: 'GET',
        url: `/metrics?name=${encodeURIComponent(name)}`,
        headers: auth,
      });
      expect(res.statusCode, name).toBe(400);
    }
    expect((await m.app.inject({ method: 'GET', url: '/metrics?name=vialex_heap_live_bytes' })).statusCode).toBe(401);
  });
});

describe('graceful stop', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    "the pool's state, which a stop that hangs on the database logs: a connection not given back shows",
    async () => {
      const state = () => s.ctx.database.poolState!();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const tx = s.ctx.db.transaction(async (t) => {
        await t.execute(sql`select 1`);
        await held;
      });
      await vi.waitFor(() => expect(state().total - state().idle).toBeGreaterThanOrEqual(1));
      release();
      await tx;
      // Given back; the server's own timers (heartbeat, sweeps) may hold one for a moment.
      await vi.waitFor(() => expect(state().total).toBe(state().idle));
      expect(state().sockets).toBe(state().total);
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    "keeps idle connections (and their prepared statements) past pg's 10 s, until POOL_IDLE_MS",
    async () => {
      const database = await openDatabase({ url: s.databaseUrl, poolSize: 3 });
      // Only the pool's idle timers are faked; they are set when a connection is given back.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
        expect(database.poolState!()).toMatchObject({ total: 3, idle: 3 });
        vi.advanceTimersByTime(60_000);
        expect(database.poolState!().total).toBe(3);
        vi.advanceTimersByTime(POOL_IDLE_MS);
        expect(database.poolState!().total).toBe(0);
      } finally {
        vi.useRealTimers();
        await database.close();
      }
    },
  );

  it('finishes the request in flight, closes live sockets with 1012, stops accepting, then exits', async () => {
    const g = await startTestServer();
    // A request the test holds in flight until it lets it go.
    let entered!: () => void;
    const inFlight = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    g.app.get('/api/test/lento', async () => {
      entered();
      await gate;
      return { ok: true };
    });
    await g.app.listen({ port: 0, host: '127.0.0.1' });
    const port = portOf(g);
    const { email } = await createUser(g.ctx, { cargo: 'Administrador' });
    const live = await openLive(`ws://127.0.0.1:${port}`, await login(g.app, email));

    const slow = get(port, '/api/test/lento');
    await inFlight;
    let stopped = false;
    const stopping = g.close().then(() => (stopped = true));

    // The socket is told to reconnect (1012, service restart) while the request is still running.
    expect(await live.closedWithin()).toBe(1012);
    await vi.waitFor(() => expect(g.app.server.listening).toBe(false));
    await expect(get(port, '/api/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(stopped).toBe(false);
    // What a stop that took too long would log that it was waiting for.
    expect(g.stopStep()).toBe('requests in flight and live sockets');

    release();
    expect(await slow).toEqual({ status: 200, body: '{"ok":true}' });
    await stopping;
    expect(stopped).toBe(true);
    expect(g.stopStep()).toBe('stopped');
  });

  it(
    "does not wait for a device that never answers the close: its socket is cut after LIVE_CLOSE_GRACE_MS (ws's own wait is 30 s, past SHUTDOWN_TIMEOUT_MS)",
    // The setup (a database, a user, a sign-in) may take long on a busy machine; the stop is timed below.
    { timeout: 90_000 },
    async () => {
      const g = await startTestServer({ LIVE_CLOSE_GRACE_MS: '200' });
      await g.app.listen({ port: 0, host: '127.0.0.1' });
      const port = portOf(g);
      const { email } = await createUser(g.ctx, { cargo: 'Administrador' });
      const cookie = await login(g.app, email);
      // A phone gone into a tunnel: the connection is up, but nothing comes back from it.
      const phone = net.connect(port, '127.0.0.1');
      const cut = new Promise<void>((resolve) => phone.on('close', () => resolve()));
      const upgraded = new Promise<string>((resolve) => phone.once('data', (chunk) => resolve(String(chunk))));
      phone.write(
        [
          'GET /api/live HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Version: 13',
          `Cookie: ${cookie}`,
          '',
          '',
        ].join('\r\n'),
      );
      expect(await upgraded).toMatch(/^HTTP\/1\.1 101 /);
      const stopping = Date.now();
      await g.close();
      await cut;
      // Cut after the grace, far from ws's own 30 s (a margin for a busy machine).
      expect(Date.now() - stopping).toBeLessThan(15_000);
    },
  );
});
