import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Cargo, ChatMessage, ChatPage, LiveServerMessage } from '@vialex/domain';
import { chatUsuarios } from '../src/db/schema/index.js';
import { markScreen } from '../src/modules/chat/presence.js';
import { openLiveSocket, type LiveSocket } from './live-socket.js';
import { startTestServer, type TestServer } from './helper.js';
import { signInEveryCargo } from './factories.js';
import { staffedCase } from './case-factories.js';

/**
 * A room screen needs no read to show a message: its live event carries it, as a read would give
 * it to that member, and the screen's marks go back over the same socket. A viewer who reads only
 * the room's files never gets the words of a text that way; a mark moves only the marks of a room
 * the socket follows, never past the room's last number, and never back.
 */
let s: TestServer;
let base: string;
let viewers: Awaited<ReturnType<typeof signInEveryCargo>>;
beforeAll(async () => {
  s = await startTestServer({ LIVE_PING_MS: '0' });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => {
  await s?.close();
});

const h = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const id = (cargo: Cargo) => viewers.get(cargo)!.id;
const roomPath = (caseId: string) => `/api/casos/${caseId}/chats/general`;
const say = (caseId: string, who: Cargo, content: string) =>
  s.app.inject({
    method: 'POST',
    url: `${roomPath(caseId)}/mensajes`,
    headers: h(who),
    payload: { clientId: randomUUID(), content },
  });
const read = async (caseId: string, who: Cargo, query = '') =>
  (await s.app.inject({ method: 'GET', url: `${roomPath(caseId)}${query}`, headers: h(who) })).json() as ChatPage;
const marksOf = async (roomId: string, who: Cargo) => {
  const [row] = await s.ctx.db
    .select({ leido: chatUsuarios.leidoHasta, recibido: chatUsuarios.recibidoHasta })
    .from(chatUsuarios)
    .where(and(eq(chatUsuarios.roomId, roomId), eq(chatUsuarios.usuario, id(who))));
  return row;
};
const roomIdOf = (topic: string) => topic.slice('chat:'.length);
/** Waits until the member's marks read so (a mark is written after its frame was taken). */
const marksReach = (topic: string, who: Cargo, marks: { recibido: number; leido: number }) =>
  expect.poll(() => marksOf(roomIdOf(topic), who), { timeout: 10_000 }).toEqual(marks);

/** A case with the Abogado and the Perito on it, and each one's socket in its general room. */
async function roomOnScreen(...who: Cargo[]) {
  const c = await staffedCase(s, viewers, ['Abogado', 'Perito']);
  const { topic } = (await read(c.id, 'Administrador')).sala;
  const sockets = new Map<Cargo, LiveSocket>();
  for (const cargo of who) {
    const socket = await openLiveSocket(base, h(cargo));
    await socket.follow(topic);
    sockets.set(cargo, socket);
  }
  const close = () => {
    for (const socket of sockets.values()) socket.ws.close();
  };
  return { c, topic, sockets, close };
}

const messageEvent = (socket: LiveSocket, indexId: number) =>
  socket.next((m) => m.type === 'event' && m.event.name === 'chat.message' && m.event.indexId === indexId);
const carried = (m: LiveServerMessage): ChatMessage | undefined =>
  m.type === 'event' && m.event.name === 'chat.message' ? m.event.mensaje : undefined;

describe("a message's event carries the message", () => {
  it('as a read gives it to another member, word for word, whatever the text says', async () => {
    const { c, sockets, close } = await roomOnScreen('Abogado');
    try {
      // Texts the statement could take for its own markers, accents and quotes: all kept.
      for (const text of ['Vamos en camino', '__id__', '"__fecha__"', '"__indexId__" ñandú “comillas”']) {
        const sent = await say(c.id, 'Administrador', text);
        expect(sent.statusCode, sent.body).toBe(200);
        const n = sent.json().mensaje.indexId as number;
        const mensaje = carried(await messageEvent(sockets.get('Abogado')!, n));
        const [asRead] = (await read(c.id, 'Abogado', `?despues=${n - 1}`)).mensajes;
        expect(mensaje).toEqual(asRead);
        expect(mensaje).toMatchObject({ content: text, clientId: null, indexId: n });
      }
    } finally {
      close();
    }
  });

  it('a message too large for one notification: the event says only its number, and the read gives it', async () => {
    const { c, sockets, close } = await roomOnScreen('Abogado');
    try {
      // 4,000 characters of two bytes each: over PostgreSQL's 8,000 bytes with the rest.
      const long = 'ñ'.repeat(4000);
      const sent = await say(c.id, 'Administrador', long);
      expect(sent.statusCode, sent.body).toBe(200);
      const event = await messageEvent(sockets.get('Abogado')!, 1);
      expect(event).toMatchObject({ event: { name: 'chat.message', indexId: 1 } });
      expect(carried(event)).toBeUndefined();
      expect((await read(c.id, 'Abogado')).mensajes[0].content).toBe(long);
    } finally {
      close();
    }
  });

  it("a Perito, who reads only the room's files, gets a text's event without it; the Abogado with it", async () => {
    const { c, sockets, close } = await roomOnScreen('Abogado', 'Perito');
    try {
      const sent = await say(c.id, 'Administrador', 'Placa XYZ987 según el testigo');
      expect(sent.statusCode, sent.body).toBe(200);
      expect(carried(await messageEvent(sockets.get('Abogado')!, 1))?.content).toBe('Placa XYZ987 según el testigo');
      const perito = sockets.get('Perito')!;
      expect(carried(await messageEvent(perito, 1))).toBeUndefined();
      expect(JSON.stringify(perito.messages)).not.toContain('XYZ987');
    } finally {
      close();
    }
  });
});

describe("a room screen's marks over its socket", () => {
  const mark = (socket: LiveSocket, frame: Record<string, unknown>) => socket.ws.send(JSON.stringify(frame));

  it("move the member's marks as a read would, and the sender's screen hears them (its ticks)", async () => {
    const { c, topic, sockets, close } = await roomOnScreen('Abogado', 'Administrador');
    try {
      for (const text of ['uno', 'dos', 'tres']) expect((await say(c.id, 'Administrador', text)).statusCode).toBe(200);
      const abogado = sockets.get('Abogado')!;
      // Received up to 2 (the screen holds it, not in view); a number past the room's last
      // message moves it to the last; then read up to 3.
      mark(abogado, { action: 'mark', topic, hasta: 2, leido: false });
      await marksReach(topic, 'Abogado', { recibido: 2, leido: 0 });
      mark(abogado, { action: 'mark', topic, hasta: 999, leido: false });
      await marksReach(topic, 'Abogado', { recibido: 3, leido: 0 });
      mark(abogado, { action: 'mark', topic, hasta: 3, leido: true });
      await marksReach(topic, 'Abogado', { recibido: 3, leido: 3 });
      const ticks = await sockets
        .get('Administrador')!
        .next(
          (m) =>
            m.type === 'event' &&
            m.event.name === 'chat.room' &&
            m.event.marcas?.de === id('Abogado') &&
            m.event.marcas.leidoHasta === 3,
        );
      expect(ticks).toMatchObject({ event: { marcas: { recibidoHasta: 3, leidoHasta: 3 } } });
      expect((await read(c.id, 'Administrador')).sala.vistoHasta).toBe(3);
      // Never back (marks are taken in order: the last one moving them shows the earlier one done).
      mark(abogado, { action: 'mark', topic, hasta: 1, leido: true });
      expect((await say(c.id, 'Administrador', 'cuatro')).statusCode).toBe(200);
      mark(abogado, { action: 'mark', topic, hasta: 4, leido: false });
      await marksReach(topic, 'Abogado', { recibido: 4, leido: 3 });
    } finally {
      close();
    }
  });

  it("marks that come together are written together: each member's moves, and a member's highest counts", async () => {
    const { c, topic, close } = await roomOnScreen('Abogado', 'Perito');
    try {
      for (const text of ['uno', 'dos', 'tres']) expect((await say(c.id, 'Administrador', text)).statusCode).toBe(200);
      const room = roomIdOf(topic);
      // The first goes at once; the rest wait for it and go in one statement, the Abogado's two
      // marks as one (the higher of each).
      await Promise.all([
        markScreen(s.ctx, room, id('Perito'), 1, false),
        markScreen(s.ctx, room, id('Abogado'), 3, false),
        markScreen(s.ctx, room, id('Abogado'), 2, true),
        markScreen(s.ctx, room, id('Perito'), 3, true),
      ]);
      expect(await marksOf(room, 'Abogado')).toEqual({ recibido: 3, leido: 2 });
      expect(await marksOf(room, 'Perito')).toEqual({ recibido: 3, leido: 3 });
      expect((await read(c.id, 'Administrador')).sala).toMatchObject({ entregadoHasta: 3, vistoHasta: 3 });
    } finally {
      close();
    }
  });

  it('a room the socket does not follow, or a malformed mark, moves nothing; the socket stays open', async () => {
    const { c, topic, close } = await roomOnScreen();
    const abogado = await openLiveSocket(base, h('Abogado'), { ignoreErrors: true });
    try {
      for (const text of ['uno', 'dos']) expect((await say(c.id, 'Administrador', text)).statusCode).toBe(200);
      // The Abogado's socket does not follow the room yet: the mark is not theirs to send.
      mark(abogado, { action: 'mark', topic, hasta: 2, leido: true });
      await abogado.follow(topic);
      for (const frame of [
        { action: 'mark', topic, hasta: '2', leido: true },
        { action: 'mark', topic, hasta: 1.5, leido: true },
        { action: 'mark', topic, hasta: -2, leido: true },
        { action: 'mark', topic, hasta: 2 ** 31, leido: true },
        { action: 'mark', topic, hasta: 2, leido: 'sí' },
        { action: 'mark', topic, hasta: 2 },
        { action: 'mark', topic: `${topic}\u0000`, hasta: 2, leido: true },
        { action: 'mark', topic: 'list:casos', hasta: 2, leido: true },
        { action: 'mark', topic: 'x'.repeat(60_000), hasta: 2, leido: true },
      ])
        mark(abogado, frame);
      // Marks are taken in order: once this one shows, none before it moved anything further.
      mark(abogado, { action: 'mark', topic, hasta: 1, leido: false });
      await marksReach(topic, 'Abogado', { recibido: 1, leido: 0 });
      expect(abogado.ws.readyState).toBe(abogado.ws.OPEN);
    } finally {
      abogado.ws.close();
      close();
    }
  });
});
