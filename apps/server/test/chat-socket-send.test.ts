import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  LIVE_CLOSE,
  MSG,
  type Cargo,
  type ChatPage,
  type LiveServerMessage,
} from '@vialex/domain';
import { mensajes, sesiones, usuarios } from '../src/db/schema/index.js';
import { openLiveSocket, type LiveSocket } from './live-socket.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login, signInEveryCargo } from './factories.js';
import { staffedCase } from './case-factories.js';

/**
 * A staff text sent on the live socket (LiveClientMessage 'send') is POST …/mensajes without the
 * request: saved, announced and repeated alike, refused with the same answer for the same reason,
 * the session checked again whatever happened to it since the socket opened. Nothing refused is
 * saved. (chat.test.ts and chat-send.test.ts hold the rules themselves, by POST.)
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

const cookieOf = (cargo: Cargo) => viewers.get(cargo)!.cookie;
const post = (cookie: string, caseId: string, tipo: string, payload: Record<string, unknown>) =>
  s.app.inject({ method: 'POST', url: `/api/casos/${caseId}/chats/${tipo}/mensajes`, headers: { cookie }, payload });
const saved = async (caseId: string) => {
  const page = (
    await s.app.inject({
      method: 'GET',
      url: `/api/casos/${caseId}/chats/general`,
      headers: { cookie: cookieOf('Administrador') },
    })
  ).json() as ChatPage;
  return page.mensajes.map((m) => m.content);
};

/** Runs `work` with sockets of the cargos given, closed afterwards. */
async function withSockets(cargos: Cargo[], work: (sockets: LiveSocket[]) => Promise<void>) {
  const sockets = await Promise.all(cargos.map((cargo) => openLiveSocket(base, { cookie: cookieOf(cargo) })));
  try {
    await work(sockets);
  } finally {
    for (const socket of sockets) socket.ws.close();
  }
}

describe('a text on the live socket', () => {
  it("is saved as POST saves it: the same answer, every member's event, and a repeat answered as saved", async () => {
    const c = await staffedCase(s, viewers, ['Abogado', 'Investigador']);
    await withSockets(['Abogado', 'Investigador'], async ([abogado, investigador]) => {
      const room = (
        await s.app.inject({
          method: 'GET',
          url: `/api/casos/${c.id}/chats/general`,
          headers: { cookie: cookieOf('Investigador') },
        })
      ).json() as ChatPage;
      await investigador.follow(room.sala.topic);
      const clientId = randomUUID();
      const answer = await abogado.say({ clientId, caseId: c.id, tipo: 'general', content: '  Voy en camino  ' });
      expect(answer.type).toBe('sent');
      const { mensaje, repetido } = (answer as Extract<LiveServerMessage, { type: 'sent' }>).result;
      expect(repetido).toBe(false);
      expect(mensaje).toMatchObject({ content: 'Voy en camino', clientId, senderId: viewers.get('Abogado')!.id });
      // The other member's room hears of it with the message in it, as after a POST.
      const heard = await investigador.next((m) => m.type === 'event' && m.event.name === 'chat.message');
      expect(heard).toMatchObject({ event: { indexId: mensaje.indexId, mensaje: { id: mensaje.id } } });
      // Sent again (its answer lost): the same message, no second one — on the socket and by POST.
      const again = await abogado.say({ clientId, caseId: c.id, tipo: 'general', content: 'Voy en camino' });
      expect(again).toMatchObject({ type: 'sent', result: { repetido: true, mensaje: { id: mensaje.id } } });
      const byPost = await post(cookieOf('Abogado'), c.id, 'general', { clientId, content: 'Voy en camino' });
      expect(byPost.json()).toMatchObject({ repetido: true, mensaje: { id: mensaje.id } });
      expect(await saved(c.id)).toEqual(['Voy en camino']);
    });
  });

  it('is refused with what POST answers for the same text, and nothing is saved', async () => {
    const c = await staffedCase(s, viewers, ['Abogado']);
    const general = { caseId: c.id, tipo: 'general' };
    const refusals: [Cargo, Record<string, unknown>][] = [
      ['Abogado', { ...general, content: '   ' }],
      ['Abogado', { ...general, content: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }],
      ['Abogado', { ...general, content: 42 }],
      ['Abogado', { ...general, content: 'con \u0000 en medio' }],
      ['Abogado', { ...general, content: 'hola', replyTo: 'no-es-un-id' }],
      ['Abogado', { ...general, content: 'hola', replyTo: randomUUID() }],
      ['Abogado', { ...general, clientId: 'no-es-un-id', content: 'hola' }],
      ['Abogado', { caseId: c.id, tipo: 'otra', content: 'hola' }],
      // A room whose tab the Abogado does not have (the draftsperson's, not requested).
      ['Abogado', { caseId: c.id, tipo: 'dibujante', content: 'hola' }],
      // A case outside the Investigador's list (not theirs), and one that does not exist.
      ['Investigador', { ...general, content: 'hola' }],
      ['Abogado', { caseId: randomUUID(), tipo: 'general', content: 'hola' }],
    ];
    await withSockets(['Abogado', 'Investigador'], async ([abogado, investigador]) => {
      for (const [cargo, fields] of refusals) {
        const clientId = typeof fields.clientId === 'string' ? fields.clientId : randomUUID();
        const socket = cargo === 'Abogado' ? abogado : investigador;
        const answer = await socket.say({ ...fields, clientId });
        const { caseId, tipo, ...body }: Record<string, unknown> = { ...fields, clientId };
        const byPost = await post(cookieOf(cargo), String(caseId), String(tipo), body);
        expect(byPost.statusCode, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
        expect(answer, JSON.stringify(fields)).toEqual({ type: 'refused', clientId, error: byPost.json() });
      }
    });
    expect(await saved(c.id)).toEqual([]);
  });

  it('checks the session again: one over since the socket opened saves nothing, and the socket hears why', async () => {
    const c = await staffedCase(s, viewers, []);
    const text = (socket: LiveSocket, content: string, clientId = randomUUID()) => {
      socket.ws.send(JSON.stringify({ action: 'send', clientId, caseId: c.id, tipo: 'general', content }));
      return clientId;
    };
    const mine = async (userId: string) =>
      (await s.ctx.db.select({ content: mensajes.content }).from(mensajes).where(eq(mensajes.senderId, userId))).map(
        (m) => m.content,
      );
    // Signed out behind the socket's back (no event reached it) after a text to the room: the
    // next one is checked in its statement, then in full, which ends the session and its socket.
    const a = await createUser(s.ctx, { cargo: 'Administrador' });
    const first = await openLiveSocket(base, { cookie: await login(s.app, a.email) });
    expect((await first.say({ clientId: randomUUID(), caseId: c.id, tipo: 'general', content: 'primero' })).type).toBe(
      'sent',
    );
    await s.ctx.db.update(usuarios).set({ login: false }).where(eq(usuarios.id, a.user.id));
    const late = text(first, 'después de salir');
    expect(await first.closedWithin()).toBe(LIVE_CLOSE.sessionEnded);
    expect(first.messages.some((m) => m.type === 'sent' && m.clientId === late)).toBe(false);
    expect(await mine(a.user.id)).toEqual(['primero']);
    // A session row gone, on a socket that never sent: refused as a request without a session.
    const b = await createUser(s.ctx, { cargo: 'Administrador' });
    const second = await openLiveSocket(base, { cookie: await login(s.app, b.email) });
    try {
      await s.ctx.db.delete(sesiones).where(eq(sesiones.usuario, b.user.id));
      const answer = await second.say({ clientId: randomUUID(), caseId: c.id, tipo: 'general', content: 'sin sesión' });
      expect(answer).toMatchObject({ type: 'refused', error: { statusCode: 401, code: 'NO_SESSION' } });
      expect(await mine(b.user.id)).toEqual([]);
    } finally {
      second.ws.close();
    }
  });

  it('without a clientId it is no text: no answer, nothing saved', async () => {
    const c = await staffedCase(s, viewers, ['Abogado']);
    await withSockets(['Abogado'], async ([abogado]) => {
      for (const clientId of [undefined, 7, '', 'x'.repeat(65)])
        abogado.ws.send(JSON.stringify({ action: 'send', clientId, caseId: c.id, tipo: 'general', content: 'hola' }));
      await abogado.sync();
      expect(abogado.messages.filter((m) => m.type === 'sent' || m.type === 'refused')).toEqual([]);
    });
    expect(await saved(c.id)).toEqual([]);
  });

  it('at most four on their way from one socket: the rest are refused (429) and not saved', async () => {
    const c = await staffedCase(s, viewers, ['Abogado']);
    await withSockets(['Abogado'], async ([abogado]) => {
      const ids = Array.from({ length: 10 }, () => randomUUID());
      // One write: the server takes the ten frames before any text is saved.
      const connection = (abogado.ws as unknown as { _socket: import('node:net').Socket })._socket;
      connection.cork();
      const answers = ids.map((clientId, i) =>
        abogado.say({ clientId, caseId: c.id, tipo: 'general', content: `texto ${i}` }),
      );
      connection.uncork();
      const got = await Promise.all(answers);
      const sent = got.filter((a) => a.type === 'sent');
      expect(sent).toHaveLength(4);
      for (const a of got.filter((a) => a.type === 'refused'))
        expect(a).toMatchObject({ error: { statusCode: 429, message: MSG.demasiadasSolicitudes } });
      expect((await saved(c.id)).sort()).toEqual(['texto 0', 'texto 1', 'texto 2', 'texto 3']);
    });
  });
});
