import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  LIVE_CLOSE,
  LIVE_MAX_SOCKETS_PER_SESSION,
  MSG,
  topics,
  type Cargo,
  type ChatPage,
  type LiveEvent,
  type LiveServerMessage,
} from '@vialex/domain';
import {
  casos,
  chatUsuarios,
  chats,
  mensajes,
  sesionesCliente,
  ubicacionesVigiladas,
  usuarios,
} from '../src/db/schema/index.js';
import { issueClientLink } from '../src/modules/client-links/service.js';
import { expireClientSessions } from '../src/modules/client-links/client-session.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login, signInEveryCargo, userRow } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';
import { openLiveSocket, type LiveSocket } from './live-socket.js';

/**
 * The client's live channel (/api/cliente/live) and the re-checks of what a socket follows: it
 * ends the moment the client's session ends, for any reason, with the reason; it follows only
 * the agents the case has now; it has the staff channel's ping, cap and origin check. And a staff
 * socket leaves the rooms and positions its user may no longer follow when their cargo changes.
 */
let s: TestServer;
let base: string;
let viewers: Map<Cargo, { id: string; cookie: string }>;
const APP_ORIGIN = 'https://app.vialex.test';
// Short, so a silent socket is dropped within a test; every other socket answers pings.
const PING_MS = 400;
beforeAll(async () => {
  s = await startTestServer({ LIVE_PING_MS: String(PING_MS), APP_ORIGINS: APP_ORIGIN });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => s?.close());

const h = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const id = (cargo: Cargo) => viewers.get(cargo)!.id;
const accident = { lat: 4.6865, lng: -74.0469 };

/** A Recibido case with its lawyer and investigator, entered by its client through a link. */
async function enteredCase() {
  const c = await createCaseAs(s.app, h('Administrador').cookie, await caseBody(s.ctx, accident));
  await s.ctx.db
    .update(casos)
    .set({ uidinvestigador: id('Investigador'), uidabogado: id('Abogado') })
    .where(eq(casos.id, c.id));
  const link = await issueClientLink(s.ctx, s.ctx.db, c.id, id('Administrador'));
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/cliente/entrada',
    payload: { token: link.token, ...accident, autorizacion: s.ctx.config.privacy.version },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = String([res.headers['set-cookie']].flat().find((x) => String(x).startsWith('vialex_cid='))).split(
    ';',
  )[0];
  return { id: c.id as string, caso: c.caso as number, linkId: link.id, cookie };
}

const clientSocket = (cookie: string, opts: { origin?: string; autoPong?: boolean } = {}) =>
  openLiveSocket(base, { cookie }, { path: '/api/cliente/live', ...opts });
const staffSocket = (cookie: string) => openLiveSocket(base, { cookie });

const watchers = async (userId: string) =>
  Number(
    (
      await s.ctx.db
        .select({ n: sql<number>`coalesce(sum(${ubicacionesVigiladas.mapas}), 0)` })
        .from(ubicacionesVigiladas)
        .where(eq(ubicacionesVigiladas.usuario, userId))
    )[0].n,
  );
const place = (cookie: string, lat: number, long: number) =>
  s.app.inject({ method: 'PUT', url: '/api/me/location', headers: { cookie }, payload: { lat, long } });
const positionOf = (socket: LiveSocket, userId: string) =>
  socket.messages.filter((m) => m.type === 'event' && m.event.name === 'location.changed' && m.event.id === userId);

/** The socket ended as a session's end ends it: the event with the reason, then 4001. */
async function expectEnded(socket: LiveSocket, reason: string) {
  expect(await socket.closedWithin()).toBe(LIVE_CLOSE.sessionEnded);
  expect(socket.closeReason()).toBe(reason);
  expect(socket.events('session.ended').map((m) => m.type === 'event' && m.event)).toEqual([
    { name: 'session.ended', reason },
  ]);
}

describe("the client's live channel", () => {
  it("follows its room and its case's agents from the start and hears the investigator's position", async () => {
    const c = await enteredCase();
    const socket = await clientSocket(c.cookie);
    const ready = await socket.next((m) => m.type === 'ready');
    const room = (await s.app.inject({ method: 'GET', url: '/api/cliente/chat', headers: { cookie: c.cookie } })).json()
      .sala as ChatPage['sala'];
    expect(ready.type === 'ready' && new Set(ready.topics)).toEqual(
      new Set([topics.case(c.id), room.topic, topics.location(id('Investigador')), topics.location(id('Abogado'))]),
    );
    expect(await watchers(id('Investigador'))).toBeGreaterThanOrEqual(1);
    expect((await place(h('Investigador').cookie, 4.68, -74.05)).statusCode).toBe(204);
    await socket.next((m) => positionOf(socket, id('Investigador')).includes(m));
    socket.ws.close();
    await socket.closed;
  });

  /**
   * A case the client entered, their socket in its room and the Administrador's socket following
   * it; the Administrador's message `text` sent there (its number `n`), and the room's ticks as
   * the Administrador reads them.
   */
  async function staffWritesToClient(text: string) {
    const c = await enteredCase();
    const client = await clientSocket(c.cookie);
    await client.next((m) => m.type === 'ready');
    const staffRoom = `/api/casos/${c.id}/chats/general`;
    const admin = h('Administrador');
    const staffSala = async () =>
      (await s.app.inject({ method: 'GET', url: staffRoom, headers: admin })).json().sala as ChatPage['sala'];
    const { topic } = await staffSala();
    const staff = await staffSocket(admin.cookie);
    await staff.follow(topic);
    const sent = await s.app.inject({
      method: 'POST',
      url: `${staffRoom}/mensajes`,
      headers: admin,
      payload: { content: text, clientId: crypto.randomUUID() },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const n = sent.json().mensaje.indexId as number;
    const event = await client.next(
      (m) => m.type === 'event' && m.event.name === 'chat.message' && m.event.indexId === n,
    );
    const close = () => [client, staff].forEach((socket) => socket.ws.close());
    return { c, client, staff, topic, n, event, staffSala, close };
  }

  it("the client's read of a staff message reaches the staff's open room as the client's marks (their ticks)", async () => {
    const { c, staff, n, staffSala, close } = await staffWritesToClient('Vamos en camino');
    const read = await s.app.inject({
      method: 'GET',
      url: `/api/cliente/chat?despues=${n - 1}&leido=1`,
      headers: { cookie: c.cookie },
    });
    expect(read.statusCode, read.body).toBe(200);
    const clientId = (read.json() as ChatPage).sala.yo;
    const marks = await staff.next(
      (m) => m.type === 'event' && m.event.name === 'chat.room' && !!m.event.marcas && m.event.marcas.de === clientId,
    );
    expect(marks.type === 'event' && marks.event.name === 'chat.room' && marks.event.marcas).toMatchObject({
      leidoHasta: n,
      recibidoHasta: n,
    });
    expect((await staffSala()).vistoHasta).toBe(n);
    close();
  });

  it("the client's room screen shows a staff message from its event and marks it over its socket: the staff's ticks", async () => {
    const { client, staff, topic, n, event, staffSala, close } = await staffWritesToClient('Llegamos en diez minutos');
    expect(event).toMatchObject({ event: { mensaje: { content: 'Llegamos en diez minutos', clientId: null } } });
    client.ws.send(JSON.stringify({ action: 'mark', topic, hasta: n, leido: true }));
    const marks = await staff.next(
      (m) => m.type === 'event' && m.event.name === 'chat.room' && !!m.event.marcas && m.event.marcas.leidoHasta === n,
    );
    expect(marks).toMatchObject({ event: { marcas: { recibidoHasta: n, leidoHasta: n } } });
    expect((await staffSala()).vistoHasta).toBe(n);
    close();
  });

  it('a first socket that says since when the page read (?since=) hears what the case had meanwhile; one that does not, nothing of it', async () => {
    const entered = await enteredCase();
    const changed = (m: LiveServerMessage) =>
      m.type === 'event' && m.event.name === 'list.changed' && m.event.id === entered.id;
    const publish = (event: LiveEvent) =>
      s.ctx.db.transaction((tx) => s.ctx.hub.publish(tx, topics.case(entered.id), event));
    const listening = await clientSocket(entered.cookie);
    await listening.next((m) => m.type === 'ready');
    // The case changes after the driver's page read it and before their socket is up.
    await publish({ name: 'list.changed', list: 'casos', id: entered.id });
    await listening.next(changed); // this instance has heard it
    const page = await openLiveSocket(base, { cookie: entered.cookie }, { path: '/api/cliente/live?since=1500' });
    const legacy = await clientSocket(entered.cookie);
    await page.next(changed);
    await Promise.all([page.next((m) => m.type === 'ready'), legacy.next((m) => m.type === 'ready')]);
    await publish({ name: 'list.changed', list: 'casos' });
    const marker = (m: LiveServerMessage) => m.type === 'event' && m.event.name === 'list.changed' && !m.event.id;
    await legacy.next(marker);
    expect(legacy.messages.filter(changed)).toEqual([]);
    for (const socket of [listening, page, legacy]) socket.ws.close();
  });

  it("a text on the client's socket is refused (403): the driver's texts go by POST /api/cliente/chat/mensajes", async () => {
    const entered = await enteredCase();
    const page = await clientSocket(entered.cookie);
    try {
      const answer = await page.say({ clientId: randomUUID(), caseId: entered.id, tipo: 'general', content: 'hola' });
      expect(answer).toMatchObject({ type: 'refused', error: { statusCode: 403, message: MSG.noAutorizado } });
      const [room] = await s.ctx.db.select().from(chats).where(eq(chats.uidcaso, entered.id));
      expect(await s.ctx.db.$count(mensajes, eq(mensajes.roomId, room.id))).toBe(0);
    } finally {
      page.ws.close();
    }
  });

  it('Salir ends it at once with the reason; the positions are no longer watched for it', async () => {
    const c = await enteredCase();
    const before = await watchers(id('Investigador'));
    const socket = await clientSocket(c.cookie);
    await socket.next((m) => m.type === 'ready');
    expect(await watchers(id('Investigador'))).toBe(before + 1);
    const res = await s.app.inject({ method: 'POST', url: '/api/cliente/salir', headers: { cookie: c.cookie } });
    expect(res.statusCode).toBe(200);
    await expectEnded(socket, 'logout');
    await expect.poll(() => watchers(id('Investigador'))).toBe(before);
    // And it cannot come back with the ended session.
    await expect(clientSocket(c.cookie)).rejects.toThrow('HTTP 401');
  });

  it('its time: the sweep ends the session and the socket with it', async () => {
    const c = await enteredCase();
    const socket = await clientSocket(c.cookie);
    await socket.next((m) => m.type === 'ready');
    await s.ctx.db
      .update(sesionesCliente)
      .set({ expira: sql`now() - interval '1 second'` })
      .where(eq(sesionesCliente.uidcaso, c.id));
    expect(await expireClientSessions(s.ctx)).toBe(1);
    await expectEnded(socket, 'expired');
    expect((await s.ctx.db.select().from(casos).where(eq(casos.id, c.id)))[0].login).toBe(false);
  });

  it("its time: the socket ends when the session's time is up, before any sweep", async () => {
    const c = await enteredCase();
    // The socket reads the end when it opens: a second from now (the sweep runs every 15 s).
    await s.ctx.db
      .update(sesionesCliente)
      .set({ expira: sql`now() + interval '1 second'` })
      .where(eq(sesionesCliente.uidcaso, c.id));
    const socket = await clientSocket(c.cookie);
    await expectEnded(socket, 'expired');
  });

  it('staff revoke the link it entered with: the socket ends, the session is gone, nothing more is read or posted', async () => {
    const c = await enteredCase();
    const socket = await clientSocket(c.cookie);
    await socket.next((m) => m.type === 'ready');
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/casos/${c.id}/enlaces/${c.linkId}/revocar`,
      headers: h('Coordinador Contact Center'),
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(socket, 'revoked');
    expect(await s.ctx.db.select().from(sesionesCliente).where(eq(sesionesCliente.uidcaso, c.id))).toEqual([]);
    const read = await s.app.inject({ method: 'GET', url: '/api/cliente/caso', headers: { cookie: c.cookie } });
    expect(read.statusCode).toBe(401);
    const post = await s.app.inject({
      method: 'POST',
      url: '/api/cliente/chat/mensajes',
      headers: { cookie: c.cookie },
      payload: { clientId: crypto.randomUUID(), content: 'sigo aquí' },
    });
    expect(post.statusCode).toBe(401);
  });

  it("staff who may revoke end the client's session from the case; others may not", async () => {
    const c = await enteredCase();
    const socket = await clientSocket(c.cookie);
    await socket.next((m) => m.type === 'ready');
    const end = (cargo: Cargo, caseId = c.id) =>
      s.app.inject({ method: 'POST', url: `/api/casos/${caseId}/sesion-cliente/terminar`, headers: h(cargo) });
    const panel = async () =>
      (await s.app.inject({ method: 'GET', url: `/api/casos/${c.id}/sms`, headers: h('Administrador') })).json()
        .sesionCliente;
    expect(await panel()).toMatchObject({ expira: expect.any(String) });
    // A Perito may not send SMS nor revoke: not this either, and nothing changes.
    expect((await end('Perito')).statusCode).toBe(403);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    const res = await end('Coordinador Contact Center');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.sesionClienteFinalizada);
    await expectEnded(socket, 'forced');
    expect(await panel()).toBeNull();
    // Nobody in the case any more.
    const again = await end('Coordinador Contact Center');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.clienteSinSesion);
    expect((await end('Coordinador Contact Center', crypto.randomUUID())).statusCode).toBe(404);
    // A Call Center user may send SMS, but this case is not in their list (not theirs).
    expect((await end('Call Center')).statusCode).toBe(404);
  });

  it("an agent taken off the case: their position stops at once, the new agent's starts", async () => {
    const c = await enteredCase();
    const other = await createUser(s.ctx, { cargo: 'Investigador' });
    const otherCookie = await login(s.app, other.email);
    await s.ctx.db.update(usuarios).set({ disponibilidad: 'Activo en espera' }).where(eq(usuarios.id, other.user.id));
    const socket = await clientSocket(c.cookie);
    await socket.next((m) => m.type === 'ready');
    const watchedBefore = await watchers(id('Investigador'));

    const res = await s.app.inject({
      method: 'POST',
      url: `/api/casos/${c.id}/asignar`,
      headers: h('Administrador'),
      payload: { tipo: 'Investigador', usuario: other.user.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    await socket.next((m) => m.type === 'event' && m.topic === topics.case(c.id));
    await expect.poll(() => watchers(other.user.id)).toBe(1);
    expect(await watchers(id('Investigador'))).toBe(watchedBefore - 1);

    // The old investigator moves first, then the new one: only the new one's position arrives.
    expect((await place(h('Investigador').cookie, 4.61, -74.08)).statusCode).toBe(204);
    expect((await place(otherCookie, 4.62, -74.07)).statusCode).toBe(204);
    await socket.next((m) => positionOf(socket, other.user.id).includes(m));
    expect(positionOf(socket, id('Investigador'))).toEqual([]);
    socket.ws.close();
    await socket.closed;
    await expect.poll(() => watchers(other.user.id)).toBe(0);
  });

  describe('the staff channel’s hardening', () => {
    it('refuses an upgrade from another origin; the app’s own origin and clients without Origin connect', async () => {
      const c = await enteredCase();
      await expect(clientSocket(c.cookie, { origin: 'https://evil.example.com' })).rejects.toThrow('HTTP 403');
      const own = await clientSocket(c.cookie, { origin: APP_ORIGIN });
      await own.next((m) => m.type === 'ready');
      own.ws.close();
      await own.closed;
    });

    it(`a session holds at most ${LIVE_MAX_SOCKETS_PER_SESSION} sockets: the next is closed with ${LIVE_CLOSE.tooManySockets}`, async () => {
      const c = await enteredCase();
      const tabs: LiveSocket[] = [];
      for (let i = 0; i < LIVE_MAX_SOCKETS_PER_SESSION; i++) {
        const tab = await clientSocket(c.cookie);
        await tab.next((m) => m.type === 'ready');
        tabs.push(tab);
      }
      const extra = await clientSocket(c.cookie);
      expect(await extra.closedWithin()).toBe(LIVE_CLOSE.tooManySockets);
      for (const tab of tabs) tab.ws.close();
      await Promise.all(tabs.map((tab) => tab.closed));
    });

    it('pings every socket and drops one that does not answer', async () => {
      const c = await enteredCase();
      const silent = await clientSocket(c.cookie, { autoPong: false });
      await silent.next((m) => m.type === 'ready');
      // Dropped (terminated: 1006) within two ping intervals.
      expect(await silent.closedWithin()).toBe(1006);
    });
  });
});

describe('a staff socket whose cargo changes', () => {
  it('leaves the rooms and the positions the new cargo may not follow', async () => {
    const c = await enteredCase();
    const coord = await createUser(s.ctx, { cargo: 'Coordinador Contact Center' });
    const tab = await staffSocket(await login(s.app, coord.email));
    await tab.next((m) => m.type === 'ready');
    const room = (
      await s.app.inject({ method: 'GET', url: `/api/casos/${c.id}/chats/general`, headers: h('Administrador') })
    ).json() as ChatPage;
    await tab.follow(room.sala.topic);
    await tab.follow(topics.location(id('Investigador')));
    const member = async () =>
      (
        await s.ctx.db
          .select({ estado: chatUsuarios.estado })
          .from(chatUsuarios)
          .where(and(eq(chatUsuarios.roomId, room.sala.id), eq(chatUsuarios.usuario, coord.user.id)))
      )[0]?.estado;
    expect(await member()).toBe('online');
    const watched = await watchers(id('Investigador'));

    // Demoted to an investigator who is not on the case: neither its room nor its map is theirs.
    const row = await userRow(s.ctx, coord.user.id);
    const res = await s.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${coord.user.id}`,
      headers: h('Administrador'),
      payload: {
        nombres: row.nombres,
        apellidos: row.apellidos,
        identificacion: String(row.identificacion),
        telefono: row.telefono,
        email: row.email,
        cargo: 'Investigador',
        area: row.area,
        estado: row.estado,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await tab.next((m) => m.type === 'event' && m.event.name === 'user.updated' && m.event.id === coord.user.id);
    // The socket leaves what it followed one after the other: the room, then the position.
    await expect.poll(member).toBe('offline');
    await expect.poll(() => watchers(id('Investigador'))).toBe(watched - 1);
    tab.ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:casos' }));
    await tab.sync();
    const seen = tab.messages.length;

    // A position, then a message: neither reaches the demoted user; the list they keep, published
    // after both (PostgreSQL delivers notifications in commit order), does.
    expect((await place(h('Investigador').cookie, 4.6, -74.1)).statusCode).toBe(204);
    const said = await s.app.inject({
      method: 'POST',
      url: `/api/casos/${c.id}/chats/general/mensajes`,
      headers: h('Administrador'),
      payload: { clientId: crypto.randomUUID(), content: 'Reunión a las 3' },
    });
    expect(said.statusCode, said.body).toBe(200);
    await s.ctx.hub.publish(s.ctx.db, topics.list('casos'), { name: 'list.changed', list: 'casos' });
    await tab.next((m) => tab.messages.indexOf(m) >= seen && m.type === 'event' && m.event.name === 'list.changed');
    const heard = tab.messages.slice(seen);
    expect(heard.filter((m) => m.type === 'event' && m.event.name === 'location.changed')).toEqual([]);
    expect(heard.filter((m) => m.type === 'event' && m.event.name === 'chat.message')).toEqual([]);
    // Asking for them again is refused.
    tab.ws.send(JSON.stringify({ action: 'subscribe', topic: room.sala.topic }));
    await tab.sync();
    expect(tab.messages.slice(seen).filter((m) => m.type === 'subscribed')).toEqual([]);
    tab.ws.close();
    await tab.closed;
  });
});
