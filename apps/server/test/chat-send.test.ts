import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG, type Cargo, type ChatPage } from '@vialex/domain';
import { casos, chatUsuarios, chats, mensajes, notificaciones, sesiones, usuarios } from '../src/db/schema/index.js';
import { forgetSession } from '../src/modules/auth/live-session.js';
import { hashSessionToken } from '../src/modules/auth/tokens.js';
import { sendMessage } from '../src/modules/chat/send-service.js';
import { forgetRoom } from '../src/modules/chat/sent-rooms.js';
import { openRoomForClient } from '../src/modules/chat/service.js';
import { openLiveSocket } from './live-socket.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login, signInEveryCargo } from './factories.js';
import { staffedCase } from './case-factories.js';
import { statementsOf } from './statement-log.js';

/**
 * What a chat message costs the database, and the guarantees its one-statement send keeps: a text
 * where nobody is away is one statement after the room's, which checks the session too (one the
 * process saw before); whatever ends or changes the session is still seen at once; a case changed since
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
  it('a text where every member is in the room: the room with the session, the send — and each member hears of it', async () => {
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
      expect(statements, statements.join('\n')).toHaveLength(2);
      expect(statements[0]).toContain('from sesiones s join usuarios u');
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
    // room with the session; begin, send, client's identification, the earlier notice given way
    // and removed, the notice, commit; the notice's live event, the push's devices
    expect(statements, statements.join('\n')).toHaveLength(10);
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

describe("a message after the sender's session changed", () => {
  /** A user of their own (their session is ended here), who has sent once: this process saw the session. */
  async function sender(cargo: Cargo = 'Administrador') {
    const { user, email } = await createUser(s.ctx, { cargo });
    const cookie = await login(s.app, email);
    const c = await staffedCase(s, viewers, []);
    const send = (content: string, clientId: string = randomUUID()) =>
      s.app.inject({
        method: 'POST',
        url: `/api/casos/${c.id}/chats/general/mensajes`,
        headers: { cookie },
        payload: { clientId, content },
      });
    expect((await send('primero')).statusCode).toBe(200);
    const saved = async () =>
      (await s.ctx.db.select({ content: mensajes.content }).from(mensajes).where(eq(mensajes.senderId, user.id))).map(
        (m) => m.content,
      );
    return { user, cookie, send, saved, caseId: c.id };
  }

  it('is refused at once once they were signed out, and nothing is saved', async () => {
    const a = await sender();
    await s.ctx.db.update(usuarios).set({ login: false }).where(eq(usuarios.id, a.user.id));
    const res = await a.send('después de salir');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_ENDED');
    expect(await a.saved()).toEqual(['primero']);
  });

  it('is refused once the session row is gone, the user deactivated or the time passed', async () => {
    const gone = await sender();
    await s.ctx.db.delete(sesiones).where(eq(sesiones.usuario, gone.user.id));
    expect((await gone.send('sin sesión')).statusCode).toBe(401);
    const off = await sender();
    await s.ctx.db.update(usuarios).set({ estado: false }).where(eq(usuarios.id, off.user.id));
    expect((await off.send('desactivado')).statusCode).toBe(401);
    const late = await sender();
    await s.ctx.db
      .update(sesiones)
      .set({ creado: sql`now() - interval '2 days'` })
      .where(eq(sesiones.usuario, late.user.id));
    const res = await late.send('tarde');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_ENDED');
    for (const u of [gone, off, late]) expect(await u.saved()).toEqual(['primero']);
  });

  it('follows a changed cargo: the new cargo’s scope, never the old one’s', async () => {
    const a = await sender('Administrador');
    // An Investigador reads only their own cases: this one is not.
    await s.ctx.db.update(usuarios).set({ cargo: 'Investigador' }).where(eq(usuarios.id, a.user.id));
    const res = await a.send('otro cargo');
    expect(res.statusCode).toBe(404);
    expect(await a.saved()).toEqual(['primero']);
  });

  it('a second text to the room it opened moments ago is one statement, the session checked inside it', async () => {
    const a = await sender();
    let res: Awaited<ReturnType<typeof a.send>> | undefined;
    const second = await statementsOf(s.ctx, async () => {
      res = await a.send('dos');
    });
    expect(second, second.join('\n')).toHaveLength(1);
    expect(second[0]).toContain('from sesiones s join usuarios u');
    expect(second[0]).toContain('insert into mensajes');
    expect(res!.json()).toMatchObject({
      repetido: false,
      mensaje: { content: 'dos', indexId: 2, senderId: a.user.id },
    });
    // Without the remembered room: the room's statement with the session, then the send.
    forgetRoom(s.ctx, hashSessionToken(a.cookie.replace('vialex_sid=', '')), a.caseId, 'general');
    const third = await statementsOf(s.ctx, async () => expect((await a.send('tres')).statusCode).toBe(200));
    expect(third, third.join('\n')).toHaveLength(2);
  });

  it("a page read and a read mark go the same way: the session checked in the room's statement, refused once it ended", async () => {
    const a = await sender();
    const b = await sender();
    const read = (who: typeof a) =>
      s.app.inject({
        method: 'GET',
        url: `/api/casos/${who.caseId}/chats/general?despues=0`,
        headers: { cookie: who.cookie },
      });
    const mark = (who: typeof a) =>
      s.app.inject({
        method: 'POST',
        url: `/api/casos/${who.caseId}/chats/general/leidos`,
        headers: { cookie: who.cookie },
        payload: { hasta: 1 },
      });
    // The room this session opened moments ago (its send): the header, the page and the marks in
    // one statement, the session checked inside it.
    let page: Awaited<ReturnType<typeof read>> | undefined;
    const quick = await statementsOf(s.ctx, async () => {
      page = await read(a);
    });
    expect(quick, quick.join('\n')).toHaveLength(1);
    expect(quick[0]).toContain('from sesiones s join usuarios u');
    expect(quick[0]).toContain('with page as');
    expect(page!.json().mensajes.map((m: { content: string }) => m.content)).toEqual(['primero']);
    // Without it: the room with the session, then that statement.
    forgetRoom(s.ctx, hashSessionToken(a.cookie.replace('vialex_sid=', '')), a.caseId, 'general');
    const statements = await statementsOf(s.ctx, async () => {
      page = await read(a);
    });
    expect(statements, statements.join('\n')).toHaveLength(2);
    expect(statements[0]).toContain('from sesiones s join usuarios u');
    expect(page!.json().mensajes.map((m: { content: string }) => m.content)).toEqual(['primero']);
    expect((await mark(a)).json()).toEqual({ noLeidos: 0 });

    await s.ctx.db
      .update(sesiones)
      .set({ creado: sql`now() - interval '2 days'` })
      .where(eq(sesiones.usuario, a.user.id));
    // The first request finds it over and ends it; the next has none.
    const [late, after] = [await read(a), await mark(a)];
    expect([late.statusCode, late.json().code]).toEqual([401, 'SESSION_ENDED']);
    expect([after.statusCode, after.json().code]).toEqual([401, 'NO_SESSION']);
    // A changed cargo reads by the new cargo's scope: an Investigador's own cases, not this one.
    await s.ctx.db.update(usuarios).set({ cargo: 'Investigador' }).where(eq(usuarios.id, b.user.id));
    for (const res of [await read(b), await mark(b)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.casoNoExiste);
    }
  });

  it("the remembered room: a page read after the case changed goes the full way, by the case's rules now", async () => {
    const a = await sender();
    await s.ctx.db.update(casos).set({ solicitud_perito: true, chat_perito: true }).where(eq(casos.id, a.caseId));
    const perito = () =>
      s.app.inject({
        method: 'GET',
        url: `/api/casos/${a.caseId}/chats/perito?despues=0`,
        headers: { cookie: a.cookie },
      });
    expect((await perito()).statusCode).toBe(200);
    // Read once: remembered, one statement.
    expect(await statementsOf(s.ctx, async () => expect((await perito()).statusCode).toBe(200))).toHaveLength(1);
    // The expert no longer requested: the room's tab is gone (spec 2 §2).
    await s.ctx.db.update(casos).set({ solicitud_perito: false, uidperito: null }).where(eq(casos.id, a.caseId));
    const refused = await perito();
    expect(refused.statusCode).toBe(403);
  });

  it('the remembered room: a case archived since is refused, a repeat answered as saved', async () => {
    const a = await sender();
    const clientId = randomUUID();
    const send = (content: string) =>
      s.app.inject({
        method: 'POST',
        url: `/api/casos/${a.caseId}/chats/general/mensajes`,
        headers: { cookie: a.cookie },
        payload: { clientId, content },
      });
    const second = (await send('segundo')).json();
    const again = await send('segundo');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ repetido: true, mensaje: { id: second.mensaje.id, indexId: 2 } });
    await s.ctx.db.update(casos).set({ archivado: true }).where(eq(casos.id, a.caseId));
    const res = await a.send('archivado');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.casoArchivadoNoEditable);
    expect(await a.saved()).toEqual(['primero', 'segundo']);
  });

  it('the remembered room: the same text sent twice at once is stored once, one answer a repeat', async () => {
    const a = await sender();
    const clientId = randomUUID();
    const answers = await Promise.all([a.send('a la vez', clientId), a.send('a la vez', clientId)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const bodies = answers.map((r) => r.json());
    expect(bodies.map((b) => b.repetido).sort()).toEqual([false, true]);
    expect(bodies[0].mensaje.id).toBe(bodies[1].mensaje.id);
    expect(await a.saved()).toEqual(['primero', 'a la vez']);
  });

  it('is checked in full when this process has not seen the session (another instance)', async () => {
    const a = await sender();
    forgetSession(hashSessionToken(a.cookie.replace('vialex_sid=', '')));
    const res = await a.send('segundo');
    expect(res.statusCode).toBe(200);
    expect(res.json().mensaje).toMatchObject({ content: 'segundo', senderId: a.user.id });
    expect(await a.saved()).toEqual(['primero', 'segundo']);
  });
});
