import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { LIVE_CLOSE, LIVE_MAX_SOCKETS_PER_SESSION, type LiveServerMessage } from '@vialex/domain';
import { usuarios } from '../src/db/schema/index.js';
import { startSecondInstance, startTestServer, type TestServer } from './helper.js';
import { createUser, login, userRow } from './factories.js';
import type { RunningServer } from '../src/server.js';

let s: TestServer;
let base: string;
const APP_ORIGIN = 'https://app.vialex.test';
// A short ping interval so a silent socket is dropped within a test; every other socket here
// answers pings (ws does it by default).
const PING_MS = 400;
beforeAll(async () => {
  s = await startTestServer({ LIVE_PING_MS: String(PING_MS), APP_ORIGINS: APP_ORIGIN });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
});
afterAll(async () => s?.close());

/** Opens /api/live and collects its messages. */
async function connect(url: string, cookie?: string, opts: { origin?: string; autoPong?: boolean } = {}) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (opts.origin) headers.origin = opts.origin;
  const ws = new WebSocket(`${url}/api/live`, { headers, autoPong: opts.autoPong ?? true });
  const messages: LiveServerMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)));
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  async function next(pred: (m: LiveServerMessage) => boolean, ms = 3000): Promise<LiveServerMessage> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = messages.find(pred);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching live message; got ${JSON.stringify(messages)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 100);
      });
    }
  }
  return { ws, messages, next, closed };
}

describe('live channel /api/live', () => {
  it('refuses a socket without a session', async () => {
    await expect(connect(base)).rejects.toThrow('HTTP 401');
  });

  it("is subscribed to its user and hears that user's availability change after commit", async () => {
    const { user, email } = await createUser(s.ctx, { cargo: 'Investigador' });
    const cookie = await login(s.app, email);
    const tab1 = await connect(base, cookie);
    const tab2 = await connect(base, cookie);
    const ready = await tab1.next((m) => m.type === 'ready');
    expect(ready).toEqual({ type: 'ready', topics: [`user:${user.id}`] });
    await s.app.inject({
      method: 'PUT',
      url: '/api/me/availability',
      payload: { disponibilidad: 'Fuera de su horario laboral' },
      headers: { cookie },
    });
    for (const tab of [tab1, tab2]) {
      await tab.next((m) => m.type === 'event' && m.event.name === 'user.updated' && m.event.id === user.id);
    }
    tab1.ws.close();
    tab2.ws.close();
  });

  it('ignores subscriptions to other users', async () => {
    const a = await createUser(s.ctx);
    const b = await createUser(s.ctx, { cargo: 'Abogado' });
    const cookieA = await login(s.app, a.email);
    const cookieB = await login(s.app, b.email);
    const tab = await connect(base, cookieA);
    await tab.next((m) => m.type === 'ready');
    tab.ws.send(JSON.stringify({ action: 'subscribe', topic: `user:${b.user.id}` }));
    await new Promise((r) => setTimeout(r, 100));
    await s.app.inject({
      method: 'PUT',
      url: '/api/me/availability',
      payload: { disponibilidad: 'Fuera de su horario laboral' },
      headers: { cookie: cookieB },
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(tab.messages.filter((m) => m.type === 'event')).toHaveLength(0);
    tab.ws.close();
  });

  it('follows only the lists the cargo may open: a Perito hears cases change, not users', async () => {
    const perito = await createUser(s.ctx, { cargo: 'Perito' });
    const tab = await connect(base, await login(s.app, perito.email));
    await tab.next((m) => m.type === 'ready');
    for (const topic of ['list:usuarios', 'list:casos', 'list:inventada'])
      tab.ws.send(JSON.stringify({ action: 'subscribe', topic }));
    await new Promise((r) => setTimeout(r, 100));
    await s.ctx.db.transaction(async (tx) => {
      await s.ctx.hub.publish(tx, 'list:usuarios', { name: 'list.changed', list: 'usuarios' });
      await s.ctx.hub.publish(tx, 'list:inventada', { name: 'list.changed', list: 'inventada' });
      await s.ctx.hub.publish(tx, 'list:casos', { name: 'list.changed', list: 'casos' });
    });
    await tab.next((m) => m.type === 'event' && m.event.name === 'list.changed' && m.event.list === 'casos');
    await new Promise((r) => setTimeout(r, 200));
    expect(
      tab.messages
        .filter((m) => m.type === 'event')
        .map((m) => m.type === 'event' && m.event.name === 'list.changed' && m.event.list),
    ).toEqual(['casos']);
    tab.ws.close();
  });

  it('Salir closes the tabs of that session with a session.ended event', async () => {
    const { email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const tab = await connect(base, cookie);
    await tab.next((m) => m.type === 'ready');
    await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    const ended = await tab.next((m) => m.type === 'event' && m.event.name === 'session.ended');
    expect(ended).toMatchObject({ event: { reason: 'logout' } });
    expect(await tab.closed).toBe(4001);
  });

  it('a session that expires is told so live by the sweep', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const tab = await connect(base, cookie);
    await tab.next((m) => m.type === 'ready');
    await s.app.inject({ method: 'POST', url: '/api/test/expire-session', payload: { email } });
    const ended = await tab.next((m) => m.type === 'event' && m.event.name === 'session.ended');
    expect(ended).toMatchObject({ event: { reason: 'expired' } });
    const [row] = await s.ctx.db.select().from(usuarios).where(eq(usuarios.id, user.id));
    expect(row.login).toBe(false);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    'live events resume after PostgreSQL drops the listening connection; pool connections dropped too',
    async () => {
      const { user, email } = await createUser(s.ctx, { cargo: 'Perito' });
      const cookie = await login(s.app, email);
      const tab = await connect(base, cookie);
      await tab.next((m) => m.type === 'ready');
      // What a database restart does to every session but ours (pg_terminate_backend skips the caller).
      await s.ctx.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      await new Promise((r) => setTimeout(r, 1500));
      const res = await s.app.inject({
        method: 'PUT',
        url: '/api/me/availability',
        payload: { disponibilidad: 'Fuera de su horario laboral' },
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      await tab.next((m) => m.type === 'event' && m.event.name === 'user.updated' && m.event.id === user.id, 5000);
      tab.ws.close();
    },
  );

  it.runIf(!!process.env.DATABASE_URL)('fans out across server instances through LISTEN/NOTIFY', async () => {
    const second: RunningServer = await startSecondInstance(s);
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const url2 = `ws://127.0.0.1:${(second.app.server.address() as { port: number }).port}`;
      const { user, email } = await createUser(s.ctx, { cargo: 'Dibujante' });
      const cookie = await login(s.app, email);
      const onSecond = await connect(url2, cookie);
      await onSecond.next((m) => m.type === 'ready');
      // The change goes through the first instance; the socket lives on the second.
      await s.app.inject({
        method: 'PUT',
        url: '/api/me/availability',
        payload: { disponibilidad: 'Fuera de su horario laboral' },
        headers: { cookie },
      });
      await onSecond.next((m) => m.type === 'event' && m.event.name === 'user.updated' && m.event.id === user.id);
      onSecond.ws.close();
    } finally {
      await second.stop();
    }
  });

  describe('hardening', () => {
    const isList = (m: LiveServerMessage, list: string) =>
      m.type === 'event' && m.event.name === 'list.changed' && m.event.list === list;
    const publishLists = (...lists: string[]) =>
      s.ctx.db.transaction(async (tx) => {
        for (const list of lists) await s.ctx.hub.publish(tx, `list:${list}`, { name: 'list.changed', list });
      });

    it("refuses a browser upgrade from another origin; the app's own origin, APP_ORIGINS and clients without Origin connect", async () => {
      const { email } = await createUser(s.ctx);
      const cookie = await login(s.app, email);
      await expect(connect(base, cookie, { origin: 'https://evil.example.com' })).rejects.toThrow('HTTP 403');
      await expect(connect(base, cookie, { origin: 'null' })).rejects.toThrow('HTTP 403');
      // Same host, another scheme: not this app.
      await expect(connect(base, cookie, { origin: base.replace('ws:', 'https:') })).rejects.toThrow('HTTP 403');
      const tabs = [
        await connect(base, cookie, { origin: base.replace('ws:', 'http:') }),
        await connect(base, cookie, { origin: APP_ORIGIN }),
        await connect(base, cookie),
      ];
      for (const tab of tabs) {
        await tab.next((m) => m.type === 'ready');
        tab.ws.close();
      }
    });

    it(`a session holds at most ${LIVE_MAX_SOCKETS_PER_SESSION} sockets: the next is closed with ${LIVE_CLOSE.tooManySockets}, the others keep working`, async () => {
      const { email } = await createUser(s.ctx, { cargo: 'Perito' });
      const cookie = await login(s.app, email);
      const tabs = [];
      for (let i = 0; i < LIVE_MAX_SOCKETS_PER_SESSION; i++) tabs.push(await connect(base, cookie));
      for (const tab of tabs) await tab.next((m) => m.type === 'ready');
      const extra = await connect(base, cookie);
      expect(await extra.closed).toBe(LIVE_CLOSE.tooManySockets);
      expect(extra.messages).toEqual([]);

      // Another user's session is not affected.
      const other = await connect(base, await login(s.app, (await createUser(s.ctx)).email));
      await other.next((m) => m.type === 'ready');
      for (const tab of [...tabs, other]) tab.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:casos' }));
      // Sent after the subscriptions on the same connections; each tab hears the list.
      for (const tab of [...tabs, other]) tab.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:clientes' }));
      await publishListUntilHeard([...tabs, other], 'casos');
      for (const tab of [...tabs, other]) tab.ws.close();
    });

    it('pings every socket and drops one that does not answer; one that answers stays', async () => {
      const { email } = await createUser(s.ctx);
      const cookie = await login(s.app, email);
      const silent = await connect(base, cookie, { autoPong: false });
      const lively = await connect(base, cookie);
      await silent.next((m) => m.type === 'ready');
      let pings = 0;
      let pingedTwiceMore: () => void = () => {};
      lively.ws.on('ping', () => {
        pings++;
        if (pings >= 3) pingedTwiceMore();
      });
      // Terminated, not closed: the server sends no close frame to a peer that is gone.
      expect(await silent.closed).toBe(1006);
      await new Promise<void>((resolve) => {
        pingedTwiceMore = resolve;
        if (pings >= 3) resolve();
      });
      expect(lively.ws.readyState).toBe(WebSocket.OPEN);
      lively.ws.close();
    });

    it('a coordinator demoted while connected stops hearing the users list but still hears the cases list', async () => {
      const coord = await createUser(s.ctx, { cargo: 'Coordinador Contact Center' });
      const admin = await createUser(s.ctx, { cargo: 'Administrador' });
      const adminCookie = await login(s.app, admin.email);
      const tab = await connect(base, await login(s.app, coord.email));
      await tab.next((m) => m.type === 'ready');
      tab.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:casos' }));
      tab.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:usuarios' }));
      // A coordinator hears the users list.
      await publishListUntilHeard([tab], 'usuarios');

      const row = await userRow(s.ctx, coord.user.id);
      const body = {
        nombres: row.nombres,
        apellidos: row.apellidos,
        identificacion: String(row.identificacion),
        telefono: row.telefono,
        email: row.email,
        cargo: 'Investigador',
        area: row.area,
        estado: row.estado,
      };
      const res = await s.app.inject({
        method: 'PUT',
        url: `/api/usuarios/${coord.user.id}`,
        headers: { cookie: adminCookie },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
      // Its own record changed: the re-check runs on this event.
      await tab.next((m) => m.type === 'event' && m.event.name === 'user.updated' && m.event.id === coord.user.id);
      const seen = tab.messages.length;

      await publishLists('usuarios', 'casos');
      await tab.next((m) => tab.messages.indexOf(m) >= seen && isList(m, 'casos'));
      expect(tab.messages.slice(seen).filter((m) => isList(m, 'usuarios'))).toEqual([]);
      // And it may not follow the users list again.
      tab.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:usuarios' }));
      await publishListUntilHeard([tab], 'casos', seen);
      expect(tab.messages.slice(seen).filter((m) => isList(m, 'usuarios'))).toEqual([]);
      tab.ws.close();
    });

    it('ignores malformed client frames and keeps the socket', async () => {
      const { email } = await createUser(s.ctx, { cargo: 'Perito' });
      const tab = await connect(base, await login(s.app, email));
      await tab.next((m) => m.type === 'ready');
      for (const frame of [
        'no es json',
        'null',
        '[1,2]',
        '{"action":"subscribe"}',
        '{"action":"borrar","topic":"list:casos"}',
        '{"topic":7}',
      ])
        tab.ws.send(frame);
      tab.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:casos' }));
      await publishListUntilHeard([tab], 'casos');
      expect(tab.ws.readyState).toBe(WebSocket.OPEN);
      tab.ws.close();
    });

    /**
     * Frames a client sent are read by the server before a later publish only if the publish
     * happens after the server has handled them; publishing until each tab hears it (a live
     * event, not a timer) covers that without sleeping.
     */
    async function publishListUntilHeard(tabs: Awaited<ReturnType<typeof connect>>[], list: string, from = 0) {
      for (const tab of tabs) {
        const already = tab.messages.slice(from).filter((m) => isList(m, list)).length;
        for (let attempt = 0; ; attempt++) {
          await publishLists(list);
          try {
            await tab.next(
              (m) =>
                tab.messages.indexOf(m) >= from &&
                tab.messages.slice(from).filter((x) => isList(x, list)).length > already,
              200,
            );
            break;
          } catch (err) {
            if (attempt >= 10) throw err;
          }
        }
      }
    }
  });
});
