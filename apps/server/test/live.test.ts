import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LIVE_CLOSE, LIVE_MAX_SOCKETS_PER_SESSION, type LiveServerMessage } from '@vialex/domain';
import { usuarios } from '../src/db/schema/index.js';
import { startSecondInstance, startTestServer, type TestServer } from './helper.js';
import { createUser, login, userRow } from './factories.js';
import type { RunningServer } from '../src/server.js';
import { LIVE_GAP } from '../src/platform/live-hub.js';
import { openLiveSocket } from './live-socket.js';
import WebSocket from 'ws';

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

/** Opens /api/live (test/live-socket.ts) with the session cookie, if any. */
const connect = (url: string, cookie?: string, opts: { origin?: string; autoPong?: boolean } = {}) =>
  openLiveSocket(url, cookie ? { cookie } : {}, opts);

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
    await tab.sync();
    const offShift = { disponibilidad: 'Fuera de su horario laboral' };
    await s.app.inject({ method: 'PUT', url: '/api/me/availability', payload: offShift, headers: { cookie: cookieB } });
    // A's own change is published after B's: once A hears it, B's would have come before it.
    await s.app.inject({ method: 'PUT', url: '/api/me/availability', payload: offShift, headers: { cookie: cookieA } });
    await tab.next((m) => m.type === 'event' && m.event.name === 'user.updated' && m.event.id === a.user.id);
    // Only B's topic is asserted: A's own sign-in publishes to A's topic too, and that NOTIFY may
    // reach this instance after the socket opened.
    expect(tab.messages.filter((m) => m.type === 'event' && m.topic !== `user:${a.user.id}`)).toEqual([]);
    tab.ws.close();
  });

  it('follows only the lists the cargo may open: a Perito hears cases change, not users', async () => {
    const perito = await createUser(s.ctx, { cargo: 'Perito' });
    const tab = await connect(base, await login(s.app, perito.email));
    await tab.next((m) => m.type === 'ready');
    for (const topic of ['list:usuarios', 'list:casos', 'list:inventada'])
      tab.ws.send(JSON.stringify({ action: 'subscribe', topic }));
    await tab.sync();
    await s.ctx.db.transaction(async (tx) => {
      await s.ctx.hub.publish(tx, 'list:usuarios', { name: 'list.changed', list: 'usuarios' });
      await s.ctx.hub.publish(tx, 'list:inventada', { name: 'list.changed', list: 'inventada' });
      await s.ctx.hub.publish(tx, 'list:casos', { name: 'list.changed', list: 'casos' });
    });
    // Published last in one transaction, so delivered last: the other two would have come first.
    await tab.next((m) => m.type === 'event' && m.event.name === 'list.changed' && m.event.list === 'casos');
    // Lists only: the Perito's sign-in publishes to its own user topic, which may arrive late.
    expect(tab.messages.flatMap((m) => (m.type === 'event' && m.topic.startsWith('list:') ? [m.topic] : []))).toEqual([
      'list:casos',
    ]);
    tab.ws.close();
  });

  it('replays to a screen that says since when it read the events its list had meanwhile; one that does not say gets none', async () => {
    const perito = await createUser(s.ctx, { cargo: 'Perito' });
    const cookie = await login(s.app, perito.email);
    const listening = await connect(base, cookie);
    await listening.next((m) => m.type === 'ready');
    listening.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:casos' }));
    await listening.sync();
    const changed = (id: string) => (m: LiveServerMessage) =>
      m.type === 'event' && m.event.name === 'list.changed' && m.event.id === id;
    const publish = (id: string) =>
      s.ctx.db.transaction((tx) => s.ctx.hub.publish(tx, 'list:casos', { name: 'list.changed', list: 'casos', id }));
    // A case changes after a screen read the list and before its subscription reaches the server.
    const between = randomUUID();
    await publish(between);
    await listening.next(changed(between)); // this instance has heard it
    const screen = await connect(base, cookie);
    const legacy = await connect(base, cookie);
    for (const tab of [screen, legacy]) await tab.next((m) => m.type === 'ready');
    screen.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:casos', since: 1_000 }));
    legacy.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:casos' }));
    await Promise.all([screen.sync(), legacy.sync()]);
    const after = randomUUID();
    await publish(after);
    await screen.next(changed(after));
    await legacy.next(changed(after));
    const ids = (tab: typeof screen) =>
      tab.messages.flatMap((m) => (m.type === 'event' && m.event.name === 'list.changed' ? [m.event.id] : []));
    expect(ids(screen).slice(-2)).toEqual([between, after]);
    expect(ids(legacy)).toEqual([after]);
    for (const tab of [listening, screen, legacy]) tab.ws.close();
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
    'after PostgreSQL drops the listening connection, sockets are told to reconnect (events were missed) and live events resume',
    async () => {
      const { user, email } = await createUser(s.ctx, { cargo: 'Perito' });
      const cookie = await login(s.app, email);
      const tab = await connect(base, cookie);
      await tab.next((m) => m.type === 'ready');
      const givenBack: boolean[] = [];
      const giveBack = s.ctx.hub.beforeResume;
      s.ctx.hub.beforeResume = async () => {
        givenBack.push(s.ctx.hub.listening);
        await giveBack?.();
      };
      // What a database restart does to every session but ours (pg_terminate_backend skips the caller).
      await s.ctx.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      // The hub closes its sockets with 1012 once it listens again (the database back within
      // LOST_CLOSE_MS): what was committed and not yet delivered to it never arrived, and a
      // reconnecting app refetches what it shows. What the sockets held was given back first.
      expect(await tab.closed).toBe(1012);
      expect(tab.closeReason()).toBe(LIVE_GAP.resumed);
      expect(givenBack).toEqual([false]);
      // Listening again, a new socket hears events.
      await vi.waitFor(() => expect(s.ctx.hub.listening).toBe(true), { timeout: 10_000, interval: 20 });
      const again = await connect(base, cookie);
      await again.next((m) => m.type === 'ready');
      expect(givenBack).toEqual([false]);
      s.ctx.hub.beforeResume = giveBack;
      const res = await s.app.inject({
        method: 'PUT',
        url: '/api/me/availability',
        payload: { disponibilidad: 'Fuera de su horario laboral' },
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      await again.next((m) => m.type === 'event' && m.event.name === 'user.updated' && m.event.id === user.id, 5000);
      again.ws.close();
    },
  );

  it('sends several notifications in one statement, in order, a long topic list in chunks', async () => {
    const { user, email } = await createUser(s.ctx);
    const tab = await connect(base, await login(s.app, email));
    await tab.next((m) => m.type === 'ready');
    const mine = `user:${user.id}`;
    const others = Array.from({ length: 230 }, (_, i) => `user:${randomUUID()}-${i}`);
    const unread = (caseId: string) => ({ name: 'chat.unread' as const, caseId, tipo: 'general' as const });
    await s.ctx.db.transaction((tx) =>
      s.ctx.hub.publishAll(tx, [
        { topic: mine, event: unread('uno') },
        // Past the first chunk of a hundred topics: this user's topic is in the third.
        { topics: [...others, mine], event: unread('dos') },
        { topic: mine, event: unread('tres') },
      ]),
    );
    await tab.next((m) => m.type === 'event' && m.event.name === 'chat.unread' && m.event.caseId === 'tres');
    expect(
      tab.messages.flatMap((m) => (m.type === 'event' && m.event.name === 'chat.unread' ? [m.event.caseId] : [])),
    ).toEqual(['uno', 'dos', 'tres']);
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
      await publishListHeard([...tabs, other], 'casos');
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
      // A coordinator hears the users list. Heard, it also says that the sign-in's own user.updated,
      // committed before it, has arrived if it ever does (the socket may open after its NOTIFY).
      await publishListHeard([tab], 'usuarios');
      const beforeChange = tab.messages.length;

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
      await tab.next(
        (m) =>
          tab.messages.indexOf(m) >= beforeChange &&
          m.type === 'event' &&
          m.event.name === 'user.updated' &&
          m.event.id === coord.user.id,
      );
      const seen = tab.messages.length;

      await publishLists('usuarios', 'casos');
      await tab.next((m) => tab.messages.indexOf(m) >= seen && isList(m, 'casos'));
      expect(tab.messages.slice(seen).filter((m) => isList(m, 'usuarios'))).toEqual([]);
      // And it may not follow the users list again.
      tab.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:usuarios' }));
      await publishListHeard([tab], 'casos');
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
      await publishListHeard([tab], 'casos');
      expect(tab.ws.readyState).toBe(WebSocket.OPEN);
      tab.ws.close();
    });

    it('a `since` that is no count of ms asks for no replay and spoils nothing; a huge one reaches back a minute at most; a `?since=` that is no whole number is ignored, a NUL byte refused', async () => {
      const { email } = await createUser(s.ctx, { cargo: 'Perito' });
      const cookie = await login(s.app, email);
      const listening = await connect(base, cookie);
      await listening.next((m) => m.type === 'ready');
      listening.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:casos' }));
      await listening.sync();
      const earlier = randomUUID();
      await s.ctx.db.transaction((tx) =>
        s.ctx.hub.publish(tx, 'list:casos', { name: 'list.changed', list: 'casos', id: earlier }),
      );
      const heardEarlier = (m: LiveServerMessage) =>
        m.type === 'event' && m.event.name === 'list.changed' && m.event.id === earlier;
      await listening.next(heardEarlier);
      listening.ws.close();

      // A NUL byte is refused before the upgrade, as on every route; letters and 10 digits are no
      // count, and the socket opens as without them.
      await expect(openLiveSocket(base, { cookie }, { path: '/api/live?since=%00' })).rejects.toThrow('HTTP 400');
      const tabs = await Promise.all(
        ['abc', '9999999999'].map((since) => openLiveSocket(base, { cookie }, { path: `/api/live?since=${since}` })),
      );
      // Subscriptions whose since is a string, negative, null, an object, and one far too large.
      const sinces: unknown[] = ['5000', -1, null, { ms: 5 }];
      // Another session: one holds at most LIVE_MAX_SOCKETS_PER_SESSION sockets.
      const other = await login(s.app, (await createUser(s.ctx, { cargo: 'Perito' })).email);
      const odd = await Promise.all(sinces.map(() => connect(base, other)));
      for (const tab of [...tabs, ...odd]) await tab.next((m) => m.type === 'ready');
      odd.forEach((tab, i) =>
        tab.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:casos', since: sinces[i] })),
      );
      for (const tab of tabs) tab.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:casos' }));
      await publishListHeard([...tabs, ...odd], 'casos');
      for (const tab of [...tabs, ...odd]) {
        expect(tab.ws.readyState).toBe(WebSocket.OPEN);
        expect(tab.messages.filter(heardEarlier)).toEqual([]);
      }
      for (const tab of [...tabs, ...odd]) tab.ws.close();

      const huge = await connect(base, other);
      await huge.next((m) => m.type === 'ready');
      huge.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:casos', since: 1e15 }));
      await huge.next(heardEarlier);
      huge.ws.close();
    });

    /** Once each tab's earlier frames are handled (sync), one publish of the list that every tab hears. */
    async function publishListHeard(tabs: Awaited<ReturnType<typeof connect>>[], list: string) {
      await Promise.all(tabs.map((tab) => tab.sync()));
      const starts = tabs.map((tab) => tab.messages.length);
      await publishLists(list);
      await Promise.all(tabs.map((tab, i) => tab.next((m) => tab.messages.indexOf(m) >= starts[i] && isList(m, list))));
    }
  });
});
