import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import type { LiveServerMessage } from '@vialex/domain';
import { usuarios } from '../src/db/schema/index.js';
import { startSecondInstance, startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';
import type { RunningServer } from '../src/server.js';

let s: TestServer;
let base: string;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
});
afterAll(async () => s?.close());

/** Opens /api/live and collects its messages. */
async function connect(url: string, cookie?: string) {
  const ws = new WebSocket(`${url}/api/live`, { headers: cookie ? { cookie } : {} });
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
    await s.app.inject({ method: 'PUT', url: '/api/me/availability', payload: { disponibilidad: 'Fuera de su horario laboral' }, headers: { cookie } });
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
    await s.app.inject({ method: 'PUT', url: '/api/me/availability', payload: { disponibilidad: 'Fuera de su horario laboral' }, headers: { cookie: cookieB } });
    await new Promise((r) => setTimeout(r, 300));
    expect(tab.messages.filter((m) => m.type === 'event')).toHaveLength(0);
    tab.ws.close();
  });

  it("follows only the lists the cargo may open: a Perito hears cases change, not users", async () => {
    const perito = await createUser(s.ctx, { cargo: 'Perito' });
    const tab = await connect(base, await login(s.app, perito.email));
    await tab.next((m) => m.type === 'ready');
    for (const topic of ['list:usuarios', 'list:casos', 'list:inventada']) tab.ws.send(JSON.stringify({ action: 'subscribe', topic }));
    await new Promise((r) => setTimeout(r, 100));
    await s.ctx.db.transaction(async (tx) => {
      await s.ctx.hub.publish(tx, 'list:usuarios', { name: 'list.changed', list: 'usuarios' });
      await s.ctx.hub.publish(tx, 'list:inventada', { name: 'list.changed', list: 'inventada' });
      await s.ctx.hub.publish(tx, 'list:casos', { name: 'list.changed', list: 'casos' });
    });
    await tab.next((m) => m.type === 'event' && m.event.name === 'list.changed' && m.event.list === 'casos');
    await new Promise((r) => setTimeout(r, 200));
    expect(tab.messages.filter((m) => m.type === 'event').map((m) => m.type === 'event' && m.event.name === 'list.changed' && m.event.list)).toEqual(['casos']);
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

  it.runIf(!!process.env.DATABASE_URL)('live events resume after PostgreSQL drops the listening connection; pool connections dropped too', async () => {
    const { user, email } = await createUser(s.ctx, { cargo: 'Perito' });
    const cookie = await login(s.app, email);
    const tab = await connect(base, cookie);
    await tab.next((m) => m.type === 'ready');
    // What a database restart does to every session but ours (pg_terminate_backend skips the caller).
    await s.ctx.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
    await new Promise((r) => setTimeout(r, 1500));
    const res = await s.app.inject({ method: 'PUT', url: '/api/me/availability', payload: { disponibilidad: 'Fuera de su horario laboral' }, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    await tab.next((m) => m.type === 'event' && m.event.name === 'user.updated' && m.event.id === user.id, 5000);
    tab.ws.close();
  });

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
      await s.app.inject({ method: 'PUT', url: '/api/me/availability', payload: { disponibilidad: 'Fuera de su horario laboral' }, headers: { cookie } });
      await onSecond.next((m) => m.type === 'event' && m.event.name === 'user.updated' && m.event.id === user.id);
      onSecond.ws.close();
    } finally {
      await second.stop();
    }
  });
});
