import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, type Cargo, type ChatPage } from '@vialex/domain';
import { casos, chatUsuarios, chats, mensajes, notificaciones } from '../src/db/schema/index.js';
import { sendMessage } from '../src/modules/chat/send-service.js';
import { openRoomForClient } from '../src/modules/chat/service.js';
import { openLiveSocket } from './live-socket.js';
import { startTestServer, type TestServer } from './helper.js';
import { signInEveryCargo } from './factories.js';
import { staffedCase } from './case-factories.js';
import { statementsOf } from './statement-log.js';

/**
 * What a chat message costs the database, and the guarantees its one-statement send keeps: a text
 * where nobody is away is one statement after the session's and the room's; a case changed since
 * the room was read is checked again; a member who left meanwhile is still told; a repeat takes
 * no number. (chat.test.ts holds who may send and who hears of it.)
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
const say = (caseId: string, who: Cargo, content: string, clientId = randomUUID()) =>
  s.app.inject({
    method: 'POST',
    url: `/api/casos/${caseId}/chats/general/mensajes`,
    headers: h(who),
    payload: { clientId, content },
  });
const roomOf = async (caseId: string) => (await s.ctx.db.select().from(chats).where(eq(chats.uidcaso, caseId)))[0];
const setPresence = (roomId: string, userId: string, conexiones: number) =>
  s.ctx.db
    .update(chatUsuarios)
    .set({ conexiones })
    .where(and(eq(chatUsuarios.roomId, roomId), eq(chatUsuarios.usuario, userId)));
const chatNotices = (caseId: string) =>
  s.ctx.db
    .select()
    .from(notificaciones)
    .where(and(eq(notificaciones.uidcaso, caseId), eq(notificaciones.momento, 'Mensaje Chat')));
/** The case's client as the chat service opens their room (the link's session is not needed here). */
const clientOpens = async (caseId: string) => {
  const [c] = await s.ctx.db.select({ cliente: casos.uidcliente }).from(casos).where(eq(casos.id, caseId));
  return openRoomForClient(s.ctx, { id: c.cliente!, caseId, username: 'CLIENTE PRUEBA [Cliente]' });
};

describe('statements of a message', () => {
  it('a text where every member is in the room: the session, the room, the send — and each member hears of it', async () => {
    const c = await staffedCase(s, viewers, ['Abogado']);
    await say(c.id, 'Administrador', 'primero');
    const room = (
      await s.app.inject({ method: 'GET', url: `/api/casos/${c.id}/chats/general`, headers: h('Abogado') })
    ).json() as ChatPage;
    const abogado = await openLiveSocket(base, h('Abogado'));
    try {
      abogado.ws.send(JSON.stringify({ action: 'subscribe', topic: room.sala.topic }));
      await abogado.next((m) => m.type === 'subscribed');
      let sent: { indexId: number } | undefined;
      const statements = await statementsOf(s.ctx, async () => {
        const res = await say(c.id, 'Administrador', 'segundo');
        expect(res.statusCode).toBe(200);
        sent = res.json().mensaje;
      });
      expect(statements, statements.join('\n')).toHaveLength(3);
      const event = await abogado.next((m) => m.type === 'event' && m.event.name === 'chat.message');
      expect(event).toMatchObject({ topic: room.sala.topic, event: { indexId: sent!.indexId } });
      await abogado.next(
        (m) => m.type === 'event' && m.event.name === 'chat.unread' && m.topic === `user:${id('Abogado')}`,
      );
      // The Abogado was told of the first message by notice (away then), not of the second.
      expect((await chatNotices(c.id)).map((n) => n.cuerpo)).toEqual(['primero']);
    } finally {
      abogado.ws.close();
    }
  });

  it('a member away: one transaction records the message and their notice, then the push is looked up', async () => {
    const c = await staffedCase(s, viewers, ['Abogado']);
    await say(c.id, 'Administrador', 'primero');
    const statements = await statementsOf(s.ctx, () => say(c.id, 'Administrador', 'segundo'));
    // session, room; begin, send, client's identification, the earlier notice given way and
    // removed, the notice, commit; the notice's live event, the push's devices
    expect(statements, statements.join('\n')).toHaveLength(11);
    const [notice] = await chatNotices(c.id);
    expect(notice).toMatchObject({ cuerpo: 'segundo', destinatarios: [id('Abogado')] });
  });
});

describe('what was read before the send', () => {
  it('a case archived after the room was read: the send is refused, nothing saved, no number taken', async () => {
    const c = await staffedCase(s, viewers, []);
    const open = await clientOpens(c.id);
    await s.ctx.db.update(casos).set({ archivado: true }).where(eq(casos.id, c.id));
    await expect(sendMessage(s.ctx, open, { clientId: randomUUID(), content: 'hola' })).rejects.toMatchObject({
      statusCode: 409,
      message: MSG.casoArchivadoNoEditable,
    });
    expect(await s.ctx.db.select().from(mensajes).where(eq(mensajes.roomId, open.room.id))).toEqual([]);
    expect((await roomOf(c.id)).ultimoIndex).toBe(0);
  });

  it('a case changed in another way is sent all the same, checked again in a transaction', async () => {
    const c = await staffedCase(s, viewers, []);
    const open = await clientOpens(c.id);
    await s.ctx.db.update(casos).set({ prioridad: 'alta' }).where(eq(casos.id, c.id));
    const { row, repetido } = await sendMessage(s.ctx, open, { clientId: randomUUID(), content: 'hola' });
    expect({ indexId: row.indexId, repetido }).toEqual({ indexId: 1, repetido: false });
  });

  it('a member who left the room after it was read is told by notice all the same', async () => {
    const c = await staffedCase(s, viewers, ['Abogado']);
    await say(c.id, 'Administrador', 'primero');
    const room = await roomOf(c.id);
    await setPresence(room.id, id('Abogado'), 1);
    await setPresence(room.id, id('Administrador'), 1);
    const open = await clientOpens(c.id);
    expect(open.away).toBe(0);
    await setPresence(room.id, id('Abogado'), 0);
    await sendMessage(s.ctx, open, { clientId: randomUUID(), content: 'mientras salía' });
    const notices = await chatNotices(c.id);
    expect(notices.map((n) => [n.cuerpo, n.destinatarios])).toEqual([['mientras salía', [id('Abogado')]]]);
  });

  it('a repeat answers the saved message and takes no number: the next message follows it', async () => {
    const c = await staffedCase(s, viewers, []);
    const clientId = randomUUID();
    const first = (await say(c.id, 'Administrador', 'uno', clientId)).json();
    const again = (await say(c.id, 'Administrador', 'uno', clientId)).json();
    expect(again).toMatchObject({ repetido: true, mensaje: { id: first.mensaje.id, indexId: 1 } });
    expect((await say(c.id, 'Administrador', 'dos')).json().mensaje.indexId).toBe(2);
    expect((await roomOf(c.id)).ultimoIndex).toBe(2);
  });
});
