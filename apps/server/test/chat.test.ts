import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  CARGOS,
  CHAT_FILE_READERS,
  CHAT_MESSAGE_MAX_LENGTH,
  GENERAL_CHAT_READ_ONLY,
  LABELS,
  MSG,
  WORKSPACE_TAB_RULES,
  chatPageResponse,
  chatSendResponse,
  type Cargo,
  type ChatKind,
  type ChatPage,
} from '@vialex/domain';
import { casos, chatUsuarios, chats, fotosdrone, mensajes, notificaciones, usuarios } from '../src/db/schema/index.js';
import { openLiveSocket } from './live-socket.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, signInEveryCargo } from './factories.js';
import { EVERY_AGENT, EVERY_ROOM_OPEN, staffedCase } from './case-factories.js';
import { EXE, PDF, PNG, multipart, type Part } from './multipart.js';

/**
 * The case chats over the API (spec 2 §2 "Chat screens", §4, §6, §8): who reads, sends and opens
 * files in each room (every row of the spec's tables), the block flag, repeated sends from the
 * offline outbox, paging and search, drone photos, and who hears of a message (live, notice).
 */
let s: TestServer;
let base: string;
let filesDir: string;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vialex-chat-'));
  s = await startTestServer({ FILES_DIR: filesDir, UPLOAD_MAX_MB: '2', LIVE_PING_MS: '0' });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => {
  await s?.close();
  await fs.rm(filesDir, { recursive: true, force: true });
});

const h = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const id = (cargo: Cargo) => viewers.get(cargo)!.id;
const setCase = (caseId: string, values: Partial<typeof casos.$inferInsert>) =>
  s.ctx.db.update(casos).set(values).where(eq(casos.id, caseId));

/** Every slot held by this file's viewers, a Perito and a Dibujante requested, both rooms open. */
const everybodysCase = (values: Partial<typeof casos.$inferInsert> = {}) =>
  staffedCase(s, viewers, EVERY_AGENT, { ...EVERY_ROOM_OPEN, ...values });

const url = (caseId: string, kind: ChatKind, rest = '') => `/api/casos/${caseId}/chats/${kind}${rest}`;
const read = (caseId: string, kind: ChatKind, who: Cargo, query = '') =>
  s.app.inject({ method: 'GET', url: url(caseId, kind, query), headers: h(who) });
const say = (caseId: string, kind: ChatKind, who: Cargo, content: string, clientId = randomUUID(), more = {}) =>
  s.app.inject({
    method: 'POST',
    url: url(caseId, kind, '/mensajes'),
    headers: h(who),
    payload: { clientId, content, ...more },
  });
const upload = (caseId: string, kind: ChatKind, who: Cargo, route: string, parts: Part[]) => {
  const form = multipart(parts);
  return s.app.inject({
    method: 'POST',
    url: url(caseId, kind, route),
    headers: { ...h(who), 'content-type': form.contentType },
    payload: form.payload,
  });
};
const messageCount = async (caseId: string) =>
  (
    await s.ctx.db
      .select({ n: count() })
      .from(mensajes)
      .innerJoin(chats, eq(chats.id, mensajes.roomId))
      .where(eq(chats.uidcaso, caseId))
  )[0].n;

/** Whether a cargo sees a room's tab on a case where every agent was requested (the workspace's rule). */
const seesRoom = (cargo: Cargo, kind: ChatKind) => {
  const rule = WORKSPACE_TAB_RULES[kind === 'general' ? 'chat' : kind === 'perito' ? 'chat_perito' : 'chat_dibujante'];
  return !rule.hiddenFor?.includes(cargo) && (!rule.onlyFor || rule.onlyFor.includes(cargo));
};

describe('sending, per cargo and room (spec 2 §6 "Chat sending")', () => {
  it('the general room: every cargo but the read-only ones; those get the spec message and nothing is saved', async () => {
    const c = await everybodysCase();
    for (const cargo of CARGOS) {
      const res = await say(c.id, 'general', cargo, `hola de ${cargo}`);
      if (GENERAL_CHAT_READ_ONLY.includes(cargo)) {
        expect(res.statusCode, cargo).toBe(403);
        expect(res.json().message).toBe('Su rol no está autorizado para esta acción');
      } else expect(res.statusCode, `${cargo} ${res.body}`).toBe(200);
    }
    expect(await messageCount(c.id)).toBe(CARGOS.length - GENERAL_CHAT_READ_ONLY.length);
  });

  it.each(['perito', 'dibujante'] as const)(
    'the %s room: only the cargos that see its tab, and only while it is open',
    async (kind) => {
      const c = await everybodysCase();
      for (const cargo of CARGOS) {
        const res = await say(c.id, kind, cargo, 'avance');
        expect(res.statusCode, `${cargo} ${res.body}`).toBe(seesRoom(cargo, kind) ? 200 : 403);
      }
      await setCase(c.id, kind === 'perito' ? { chat_perito: false } : { chat_dibujante: false });
      const before = await messageCount(c.id);
      for (const cargo of CARGOS.filter((k) => seesRoom(k, kind))) {
        const res = await say(c.id, kind, cargo, 'bloqueado');
        expect(res.statusCode, cargo).toBe(409);
        expect(res.json().message).toBe(
          kind === 'perito' ? 'El chat ha sido bloqueado por el investigador del caso' : 'El chat ha sido bloqueado',
        );
      }
      expect(await messageCount(c.id)).toBe(before);
    },
  );

  it('the room answers each viewer what it may do, as the server then does', async () => {
    const c = await everybodysCase({ chat_perito: false });
    const perito = chatPageResponse.parse((await read(c.id, 'perito', 'Investigador')).json());
    expect(perito.sala.abierto).toBe(false);
    expect(perito.sala.acciones.enviar).toEqual({ allowed: false, message: MSG.chatBloqueadoInvestigador });
    expect(perito.sala.acciones.bloquear).toBe(true);
    const general = (await read(c.id, 'general', 'Dibujante')).json() as ChatPage;
    expect(general.sala.acciones.enviar).toEqual({ allowed: false, message: MSG.chatRolNoAutorizado });
    expect(general.sala.soloArchivos).toBe(true);
    const investigador = (await read(c.id, 'general', 'Investigador')).json() as ChatPage;
    expect(investigador.sala.acciones).toMatchObject({ enviar: { allowed: true }, fotosDrone: true, bloquear: false });
    // Each room named for who is in it.
    expect(investigador.sala.nombre).toBe(LABELS.chat.salas.general);
    expect(perito.sala.nombre).toBe(LABELS.chat.salas.perito);
  });

  it('a room not requested yet, a case out of scope, an archived case', async () => {
    const c = await everybodysCase({ solicitud_perito: false, uidperito: null });
    expect((await read(c.id, 'perito', 'Investigador')).statusCode).toBe(403);
    expect((await read(c.id, 'general', 'Perito')).statusCode).toBe(404);
    await setCase(c.id, { archivado: true });
    const res = await say(c.id, 'general', 'Administrador', 'tarde');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.casoArchivadoNoEditable);
  });
});

describe('the message as sent and read', () => {
  it('carries the spec username, a running number, a quoted reply; the sender is a member who read it', async () => {
    const c = await everybodysCase();
    const first = (await say(c.id, 'general', 'Investigador', 'Llegué al sitio')).json().mensaje;
    expect(first.indexId).toBe(1);
    // Stored as the spec says (name, the identification's first 4, [role]); shown without the digits.
    const [stored] = await s.ctx.db.select().from(mensajes).where(eq(mensajes.id, first.id));
    expect(stored.username).toMatch(/^.+ \S{1,4} \[Investigador\]$/);
    const [who] = await s.ctx.db
      .select()
      .from(usuarios)
      .where(eq(usuarios.id, id('Investigador')));
    expect(first.username).toBe(`${who.nombres} ${who.apellidos} [Investigador]`);
    const shown = (cargo: Cargo) => expect.stringMatching(new RegExp(` \\[${cargo}\\]$`));
    const reply = await say(c.id, 'general', 'Abogado', 'Voy en camino', randomUUID(), { replyTo: first.id });
    expect(reply.json().mensaje).toMatchObject({ indexId: 2, reply: { id: first.id, content: 'Llegué al sitio' } });
    expect(reply.json().mensaje.reply.username).toBe(first.username);
    const page = (await read(c.id, 'general', 'Investigador')).json() as ChatPage;
    expect(page.mensajes.map((m) => m.content)).toEqual(['Llegué al sitio', 'Voy en camino']);
    // No identification digits anywhere a room names a person: senders, quotes, members.
    const stripped = (await s.ctx.db.select().from(mensajes).where(eq(mensajes.roomId, stored.roomId))).map((m) =>
      m.username.replace(/ \S{1,4} \[/, ' ['),
    );
    expect(page.mensajes.map((m) => m.username)).toEqual(stripped);
    expect(page.mensajes[1].reply?.username).toBe(first.username);
    expect(page.sala.miembros.map((m) => m.username)).toEqual(
      expect.arrayContaining([first.username, shown('Abogado')]),
    );
    for (const m of page.sala.miembros) expect(m.username).not.toMatch(/ (?=\S{0,3}\d)\S{1,4} \[[^\]]+\]$/);
    // The Abogado's device got both (their own send) and read them; the Investigador reads one unread.
    expect(page.sala).toMatchObject({ ultimo: 2, noLeidos: 1, entregadoHasta: 2, vistoHasta: 2 });
    // Both answers are written as built (plainJson): exactly the documented shapes, nothing more.
    expect(reply.json()).toEqual(chatSendResponse.parse(reply.json()));
    expect(page).toEqual(chatPageResponse.parse(page));
    const read2 = await s.app.inject({
      method: 'POST',
      url: url(c.id, 'general', '/leidos'),
      headers: h('Investigador'),
      payload: { hasta: 99 },
    });
    expect(read2.json()).toEqual({ noLeidos: 0 });
  });

  it("lists the case's team who read the room before anyone wrote in it; they are members once a message comes", async () => {
    const c = await everybodysCase();
    const cargosOf = (page: ChatPage) => page.sala.miembros.map((m) => /\[(.+)\]$/.exec(m.username)?.[1]).sort();
    const general = (await read(c.id, 'general', 'Administrador')).json() as ChatPage;
    // The team's agents who read the general room (the Perito and the Dibujante its files), away;
    // the Administrador who only looked is no member.
    expect(cargosOf(general)).toEqual([
      'Abogado',
      'Abogado CAIT',
      'Call Center',
      'Dibujante',
      'Investigador',
      'Perito',
    ]);
    expect(general.sala.miembros.every((m) => m.estado === 'offline')).toBe(true);
    expect(await s.ctx.db.select().from(chatUsuarios).where(eq(chatUsuarios.roomId, general.sala.id))).toEqual([]);
    const perito = (await read(c.id, 'perito', 'Perito')).json() as ChatPage;
    expect(cargosOf(perito)).toContain('Perito');
    expect(cargosOf(perito)).not.toContain('Dibujante');
    await say(c.id, 'general', 'Investigador', 'Llegué');
    const after = (await read(c.id, 'general', 'Administrador')).json() as ChatPage;
    expect(cargosOf(after)).toEqual(cargosOf(general));
    const rows = await s.ctx.db.select().from(chatUsuarios).where(eq(chatUsuarios.roomId, general.sala.id));
    expect(rows).toHaveLength(6);
  });

  it('a repeated client id answers the saved message and saves nothing, also when both arrive at once', async () => {
    const c = await everybodysCase();
    const clientId = randomUUID();
    const [a, b, again] = await Promise.all([
      say(c.id, 'general', 'Call Center', 'una vez', clientId),
      say(c.id, 'general', 'Call Center', 'una vez', clientId),
      say(c.id, 'general', 'Call Center', 'una vez', clientId),
    ]);
    const ids = new Set([a, b, again].map((r) => r.json().mensaje.id));
    expect(ids.size).toBe(1);
    expect([a, b, again].filter((r) => r.json().repetido)).toHaveLength(2);
    expect(await messageCount(c.id)).toBe(1);
    // The same client id of another user is another message, numbered next: a repeat took no number.
    const other = (await say(c.id, 'general', 'Abogado', 'otra', clientId)).json();
    expect(other.repetido).toBe(false);
    expect(other.mensaje.indexId).toBe(a.json().mensaje.indexId + 1);
  });

  it('pages back by number, catches up after a number, searches text and file names', async () => {
    const c = await everybodysCase();
    for (let i = 1; i <= 60; i++)
      expect(
        (await say(c.id, 'general', 'Administrador', i === 42 ? 'placa 50%_off' : `mensaje ${i}`)).statusCode,
      ).toBe(200);
    const first = (await read(c.id, 'general', 'Abogado')).json() as ChatPage;
    expect(first.mensajes).toHaveLength(50);
    expect(first.mensajes[0].indexId).toBe(11);
    expect(first.hayMas).toBe(true);
    const older = (await read(c.id, 'general', 'Abogado', '?antes=11')).json() as ChatPage;
    expect(older.mensajes.map((m) => m.indexId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(older.hayMas).toBe(false);
    const after = (await read(c.id, 'general', 'Abogado', '?despues=57')).json() as ChatPage;
    expect(after.mensajes.map((m) => m.indexId)).toEqual([58, 59, 60]);
    const found = (await read(c.id, 'general', 'Abogado', `?q=${encodeURIComponent('50%_')}`)).json() as ChatPage;
    expect(found.mensajes.map((m) => m.indexId)).toEqual([42]);
    const none = (await read(c.id, 'general', 'Abogado', '?q=%25')).json() as ChatPage;
    expect(none.mensajes.map((m) => m.indexId)).toEqual([42]);
  });

  it('refuses bad input with a Spanish 400 and saves nothing', async () => {
    const c = await everybodysCase();
    const other = await everybodysCase();
    const foreign = (await say(other.id, 'general', 'Administrador', 'de otro caso')).json().mensaje.id;
    const cases: [object, string][] = [
      [{ clientId: randomUUID(), content: '   ' }, MSG.mensajeRequerido],
      [{ clientId: randomUUID(), content: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }, 'El mensaje es demasiado largo'],
      [{ clientId: 'no-uuid', content: 'hola' }, MSG.idClienteNoValido],
      [{ clientId: randomUUID(), content: 'ho\u0000la' }, MSG.caracteresNoPermitidos],
      [{ clientId: randomUUID(), content: 12 }, MSG.mensajeRequerido],
      [{ clientId: randomUUID(), content: 'hola', replyTo: foreign }, MSG.respuestaNoValida],
    ];
    for (const [payload, message] of cases) {
      const res = await s.app.inject({
        method: 'POST',
        url: url(c.id, 'general', '/mensajes'),
        headers: h('Administrador'),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await read(c.id, 'chat' as ChatKind, 'Administrador')).json().message).toBe(MSG.salaNoValida);
    expect((await read(c.id, 'general', 'Administrador', '?antes=abc')).statusCode).toBe(400);
    expect(await messageCount(c.id)).toBe(0);
  });
});

describe('files (spec 2 §6 "Opening files")', () => {
  it('stores the files of a message, previews images, and serves them per cargo and room', async () => {
    const c = await everybodysCase();
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#4a7' } })
      .jpeg()
      .toBuffer();
    const res = await upload(c.id, 'general', 'Abogado', '/archivos', [
      { name: 'clientId', value: randomUUID() },
      { name: 'content', value: 'Croquis y foto' },
      { name: 'archivos', file: { filename: 'croquis.pdf', content: PDF } },
      { name: 'archivos', file: { filename: 'choque.jpg', content: photo } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { files } = res.json().mensaje as ChatPage['mensajes'][number];
    expect(files.map((f) => [f.nombre, f.tipo])).toEqual([
      ['croquis.pdf', 'documento'],
      ['choque.jpg', 'imagen'],
    ]);
    expect(files[0].preview).toBeNull();
    const preview = await s.app.inject({ method: 'GET', url: files[1].preview!, headers: h('Abogado') });
    expect(preview.headers['content-type']).toBe('image/webp');
    const meta = await sharp(preview.rawPayload).metadata();
    expect(meta.width).toBe(640);
    expect(preview.rawPayload.length).toBeLessThan(photo.length);

    for (const cargo of CARGOS) {
      const got = await s.app.inject({ method: 'GET', url: files[0].url, headers: h(cargo) });
      const reads = (CHAT_FILE_READERS.general as readonly string[]).includes(cargo);
      expect(got.statusCode, cargo).toBe(reads ? 200 : 403);
      if (reads) expect(got.rawPayload.equals(PDF)).toBe(true);
      else expect(got.json().message).toBe('Su rol no está autorizado para realizar esta acción');
    }
    // A file of this room asked for through another room of the case is not found there.
    const elsewhere = files[0].url.replace('/chats/general/', '/chats/perito/');
    expect((await s.app.inject({ method: 'GET', url: elsewhere, headers: h('Investigador') })).statusCode).toBe(404);
  });

  it('a file is kept by the browser only as long as access: private, no-cache, an ETag, 304 after the checks', async () => {
    const c = await everybodysCase();
    const sent = await upload(c.id, 'general', 'Abogado', '/archivos', [
      { name: 'clientId', value: randomUUID() },
      { name: 'archivos', file: { filename: 'croquis.pdf', content: PDF } },
    ]);
    const file = (sent.json() as { mensaje: ChatPage['mensajes'][number] }).mensaje.files[0];
    const get = (who: Cargo, ifNoneMatch?: string) =>
      s.app.inject({
        method: 'GET',
        url: file.url,
        headers: { ...h(who), ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
      });
    const first = await get('Perito');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBe(`"${file.id}"`);
    for (const asked of [etag, `W/${etag}`, `"otro", ${etag}`, '*']) {
      const again = await get('Perito', asked);
      expect(again.statusCode, asked).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers).toMatchObject({ etag, 'cache-control': 'private, no-cache' });
    }
    const changed = await get('Perito', '"otro"');
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(PDF)).toBe(true);
    // Whoever may not open the room's files is refused, whatever copy they say they hold.
    expect((await get('Abogado CAIT', etag)).statusCode).toBe(403);
    // The Perito taken off the case: no 304 for the copy they kept.
    await setCase(c.id, { uidperito: null });
    const lost = await get('Perito', etag);
    expect(lost.statusCode).toBe(404);
    expect(lost.headers.etag).toBeUndefined();
  });

  it.each(['perito', 'dibujante'] as const)('the %s room: its files only for its readers', async (kind) => {
    const c = await everybodysCase();
    const sent = await upload(c.id, kind, 'Investigador', '/archivos', [
      { name: 'clientId', value: randomUUID() },
      { name: 'archivos', file: { filename: 'informe.pdf', content: PDF } },
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    const file = sent.json().mensaje.files[0];
    for (const cargo of CARGOS) {
      const got = await s.app.inject({ method: 'GET', url: file.url, headers: h(cargo) });
      const expected = !seesRoom(cargo, kind)
        ? 403
        : (CHAT_FILE_READERS[kind] as readonly string[]).includes(cargo)
          ? 200
          : 403;
      expect(got.statusCode, cargo).toBe(expected);
    }
  });

  it('Perito and Dibujante read only the file messages of the general room', async () => {
    const c = await everybodysCase();
    await say(c.id, 'general', 'Administrador', 'solo texto');
    await upload(c.id, 'general', 'Administrador', '/archivos', [
      { name: 'clientId', value: randomUUID() },
      { name: 'archivos', file: { filename: 'a.pdf', content: PDF } },
    ]);
    for (const cargo of ['Perito', 'Dibujante'] as const) {
      const page = (await read(c.id, 'general', cargo)).json() as ChatPage;
      expect(page.mensajes.map((m) => m.files.length)).toEqual([1]);
      expect(page.sala.noLeidos).toBe(1);
    }
    expect(((await read(c.id, 'general', 'Abogado')).json() as ChatPage).mensajes).toHaveLength(2);
  });

  it('a file quoting a text: Perito and Dibujante get the file without the quoted words (page, catch-up, live, notice)', async () => {
    const c = await everybodysCase();
    const secret = 'Placa ABC123, el conductor confesó';
    const text = (await say(c.id, 'general', 'Abogado', secret)).json().mensaje;
    const room = (await read(c.id, 'general', 'Abogado')).json() as ChatPage;
    const perito = await connect('Perito');
    try {
      perito.ws.send(JSON.stringify({ action: 'subscribe', topic: room.sala.topic }));
      await perito.next((m) => m.type === 'subscribed');
      const sent = await upload(c.id, 'general', 'Abogado', '/archivos', [
        { name: 'clientId', value: randomUUID() },
        { name: 'content', value: 'Croquis' },
        { name: 'replyTo', value: text.id },
        { name: 'archivos', file: { filename: 'croquis.pdf', content: PDF } },
      ]);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().mensaje.reply).toMatchObject({ id: text.id, content: secret, archivos: 0 });
      await perito.next((m) => m.type === 'event' && m.event.name === 'chat.message');
      expect(JSON.stringify(perito.messages)).not.toContain('ABC123');
    } finally {
      perito.ws.close();
    }
    // A file quoting a file message keeps that message's caption: they read it.
    const withFile = await upload(c.id, 'general', 'Abogado', '/archivos', [
      { name: 'clientId', value: randomUUID() },
      { name: 'replyTo', value: (await read(c.id, 'general', 'Abogado')).json().mensajes[1].id },
      { name: 'archivos', file: { filename: 'b.pdf', content: PDF } },
    ]);
    expect(withFile.statusCode, withFile.body).toBe(200);

    for (const cargo of ['Perito', 'Dibujante'] as const) {
      for (const query of ['', '?despues=0', '?q=Croquis', '?q=croquis.pdf']) {
        const res = await read(c.id, 'general', cargo, query);
        expect(res.statusCode, `${cargo} ${query}`).toBe(200);
        expect(res.body, `${cargo} ${query}`).not.toContain('ABC123');
        const [file] = (res.json() as ChatPage).mensajes;
        expect(file.content).toBe('Croquis');
        expect(file.reply).toEqual({
          id: text.id,
          username: text.username,
          archivos: 0,
          content: MSG.citaTextoNoVisible,
        });
      }
      const all = (await read(c.id, 'general', cargo)).json() as ChatPage;
      expect(all.mensajes[1].reply).toMatchObject({ content: 'Croquis', archivos: 1 });
    }
    // Whoever reads the texts reads the quote.
    const reader = (await read(c.id, 'general', 'Investigador')).json() as ChatPage;
    expect(reader.mensajes[1].reply?.content).toBe(secret);
    // The notice of the file to the Dibujante (away) says the file's text, never the quote.
    const notices = await s.ctx.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.uidcaso, c.id), eq(notificaciones.momento, 'Mensaje Chat')));
    const toDibujante = notices.filter((n) => n.destinatarios.includes(id('Dibujante')));
    expect(toDibujante.length).toBeGreaterThan(0);
    expect(JSON.stringify(toDibujante)).not.toContain('ABC123');
  });

  it('refuses a disguised program, no files, too many, and a refused sender before reading the upload', async () => {
    const c = await everybodysCase();
    const stored = () => fs.readdir(path.join(filesDir, 'DocChat')).catch(() => [] as string[]);
    const before = await stored();
    const exe = await upload(c.id, 'general', 'Abogado', '/archivos', [
      { name: 'clientId', value: randomUUID() },
      { name: 'archivos', file: { filename: 'foto.jpg', content: EXE } },
    ]);
    expect(exe.statusCode).toBe(415);
    const none = await upload(c.id, 'general', 'Abogado', '/archivos', [{ name: 'clientId', value: randomUUID() }]);
    expect(none.json().message).toBe('Seleccione al menos un archivo');
    const many = await upload(c.id, 'general', 'Abogado', '/archivos', [
      { name: 'clientId', value: randomUUID() },
      ...Array.from({ length: 11 }, (_, i) => ({ name: 'archivos', file: { filename: `${i}.pdf`, content: PDF } })),
    ]);
    expect(many.statusCode).toBe(400);
    const refused = await upload(c.id, 'general', 'Perito', '/archivos', [
      { name: 'clientId', value: randomUUID() },
      { name: 'archivos', file: { filename: 'a.pdf', content: PDF } },
    ]);
    expect(refused.json().message).toBe(MSG.chatRolNoAutorizado);
    expect(await messageCount(c.id)).toBe(0);
    // Nothing refused stays in storage.
    expect(await stored()).toEqual(before);
  });
});

describe('drone photos (spec 2 §2, §5)', () => {
  const drone = (c: { id: string }, who: Cargo, parts: Part[], kind: ChatKind = 'general') =>
    upload(c.id, kind, who, '/fotos-drone', [
      { name: 'clientId', value: randomUUID() },
      { name: 'latitud', value: '4.6533' },
      { name: 'longitud', value: '-74.0836' },
      ...parts,
    ]);
  const photo = (name: string) => ({ name: 'archivos', file: { filename: name, content: PNG } });

  it('an Investigador uploads several: fotosdrone rows with the location, one chat message, the first notified', async () => {
    const c = await everybodysCase();
    const res = await drone(c, 'Investigador', [photo('1.png'), photo('2.png')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Fotos cargadas exitosamente');
    expect(res.json().mensaje).toMatchObject({ dron: { latitud: 4.6533, longitud: -74.0836 } });
    expect(res.json().mensaje.files).toHaveLength(2);
    const page = (await read(c.id, 'general', 'Investigador')).json();
    expect(page).toEqual(chatPageResponse.parse(page));
    expect(page.mensajes.at(-1).dron).toEqual({ latitud: 4.6533, longitud: -74.0836 });
    const [room] = await s.ctx.db
      .select()
      .from(chats)
      .where(and(eq(chats.uidcaso, c.id), eq(chats.tipo, 'general')));
    const rows = await s.ctx.db.select().from(fotosdrone).where(eq(fotosdrone.roomId, room.id));
    expect(rows.map((r) => [r.latitud, r.longitud])).toEqual([
      [4.6533, -74.0836],
      [4.6533, -74.0836],
    ]);
    await drone(c, 'Investigador', [photo('3.png')]);
    const notices = await s.ctx.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.uidcaso, c.id), eq(notificaciones.momento, 'Carga de primera foto')));
    expect(notices).toHaveLength(1);
    expect(notices[0].destinatarios).toEqual(expect.arrayContaining([id('Administrador'), id('Abogado')]));
  });

  it('only the Investigador, only images, at least one, and not in the other rooms', async () => {
    const c = await everybodysCase();
    for (const cargo of CARGOS.filter((k) => k !== 'Investigador'))
      expect((await drone(c, cargo, [photo('x.png')])).statusCode, cargo).toBe(403);
    expect((await drone(c, 'Investigador', [photo('x.png')], 'perito')).statusCode).toBe(403);
    const pdf = await drone(c, 'Investigador', [{ name: 'archivos', file: { filename: 'a.pdf', content: PDF } }]);
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe(MSG.soloImagenes);
    expect((await drone(c, 'Investigador', [])).json().message).toBe('Seleccione al menos un archivo');
    const badPlace = await upload(c.id, 'general', 'Investigador', '/fotos-drone', [
      { name: 'clientId', value: randomUUID() },
      { name: 'latitud', value: '123' },
      photo('x.png'),
    ]);
    expect(badPlace.statusCode).toBe(400);
    expect(await messageCount(c.id)).toBe(0);
  });

  it('without a position (the phone’s location off) they go with none; half a position or a wrong one is refused', async () => {
    const c = await everybodysCase();
    const place = (fields: Record<string, string>) =>
      upload(c.id, 'general', 'Investigador', '/fotos-drone', [
        { name: 'clientId', value: randomUUID() },
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        photo('x.png'),
      ]);
    for (const fields of [
      { latitud: '4.6533' } as Record<string, string>,
      { longitud: '-74.08' },
      { latitud: '91', longitud: '0' },
      { latitud: 'norte', longitud: '0' },
    ]) {
      const refused = await place(fields);
      expect(refused.statusCode, JSON.stringify(fields)).toBe(400);
      expect(refused.json().message).toBe(MSG.coordenadaNoValida);
    }
    expect(await messageCount(c.id)).toBe(0);

    const none = await place({});
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().mensaje.dron).toEqual({ latitud: null, longitud: null });
    const [room] = await s.ctx.db
      .select()
      .from(chats)
      .where(and(eq(chats.uidcaso, c.id), eq(chats.tipo, 'general')));
    const rows = await s.ctx.db.select().from(fotosdrone).where(eq(fotosdrone.roomId, room.id));
    expect(rows.map((r) => [r.latitud, r.longitud])).toEqual([[null, null]]);
  });
});

describe('Bloquear/Desbloquear Chat (spec 2 §4, §6)', () => {
  const block = (c: { id: string }, kind: ChatKind, who: Cargo, abierto: boolean) =>
    s.app.inject({ method: 'PUT', url: url(c.id, kind, '/bloqueo'), headers: h(who), payload: { abierto } });

  it('Coordinador Investigador, Investigador and Administrador (where they see the room); nobody else', async () => {
    const c = await everybodysCase();
    for (const kind of ['perito', 'dibujante'] as const)
      for (const cargo of CARGOS) {
        const may =
          ['Coordinador Investigador', 'Investigador', 'Administrador'].includes(cargo) && seesRoom(cargo, kind);
        const res = await block(c, kind, cargo, false);
        expect(res.statusCode, `${kind} ${cargo}`).toBe(may ? 200 : 403);
        await setCase(c.id, { chat_perito: true, chat_dibujante: true });
      }
    expect((await block(c, 'general', 'Administrador', false)).statusCode).toBe(403);
  });

  it('closes and opens the room for sending', async () => {
    const c = await everybodysCase();
    expect((await block(c, 'perito', 'Investigador', false)).json()).toEqual({
      abierto: false,
      message: MSG.chatBloqueado,
    });
    expect((await say(c.id, 'perito', 'Perito', 'hola')).statusCode).toBe(409);
    expect((await block(c, 'perito', 'Investigador', true)).json().abierto).toBe(true);
    expect((await say(c.id, 'perito', 'Perito', 'hola')).statusCode).toBe(200);
  });
});

/** A live socket of a user that collects its messages. */
const connect = (who: Cargo) => openLiveSocket(base, { cookie: h(who).cookie });

describe('who hears of a message', () => {
  it('members in the room get it live; members away get the notice; a foreign room is not followed', async () => {
    const c = await everybodysCase();
    const room = (await read(c.id, 'general', 'Abogado')).json() as ChatPage;
    const abogado = await connect('Abogado');
    const perito = await connect('Perito');
    try {
      abogado.ws.send(JSON.stringify({ action: 'subscribe', topic: room.sala.topic }));
      await abogado.next((m) => m.type === 'subscribed');
      // A Perito reads the general room but no other case's; a made-up room is nobody's.
      perito.ws.send(JSON.stringify({ action: 'subscribe', topic: `chat:${randomUUID()}` }));
      const header = (await read(c.id, 'general', 'Investigador')).json() as ChatPage;
      expect(header.sala.miembros.find((m) => m.id === id('Abogado'))?.estado).toBe('online');

      const sent = (await say(c.id, 'general', 'Investigador', 'Fotos en camino')).json().mensaje;
      const event = await abogado.next((m) => m.type === 'event' && m.event.name === 'chat.message');
      expect(event).toMatchObject({ topic: room.sala.topic, event: { indexId: sent.indexId } });
      // Their unread count changed, in the room it names: a screen of that room need not read the counts.
      const unread = await abogado.next((m) => m.type === 'event' && m.event.name === 'chat.unread');
      expect(unread).toMatchObject({ event: { name: 'chat.unread', caseId: c.id, tipo: 'general' } });

      const notice = await s.ctx.db
        .select()
        .from(notificaciones)
        .where(and(eq(notificaciones.uidcaso, c.id), eq(notificaciones.momento, 'Mensaje Chat')));
      expect(notice).toHaveLength(1);
      expect(notice[0]).toMatchObject({
        titulo: `Mensaje Chat · Caso # ${c.caso} · Chat con el cliente`,
        cuerpo: 'Fotos en camino',
      });
      expect(notice[0].url).toBe(`/gestionar-caso/${c.id}/chat`);
      // The case's agents who read the room and are away; not the sender, not the Abogado in the room,
      // not the Perito and Dibujante, who do not see a text in the general room.
      expect(new Set(notice[0].destinatarios)).toEqual(new Set([id('Call Center'), id('Abogado CAIT')]));
      expect(perito.messages.filter((m) => m.type === 'subscribed')).toEqual([]);
    } finally {
      abogado.ws.close();
      perito.ws.close();
    }
    // Leaving the room (the socket closed) makes the member offline again.
    await expect
      .poll(async () => {
        const [m] = await s.ctx.db
          .select({ estado: chatUsuarios.estado })
          .from(chatUsuarios)
          .where(and(eq(chatUsuarios.roomId, room.sala.id), eq(chatUsuarios.usuario, id('Abogado'))));
        return m.estado;
      })
      .toBe('offline');
  });

  it("a member's screen opening and their last closing are announced to the room's open screens with their presence, in one statement each", async () => {
    const c = await everybodysCase();
    const room = (await read(c.id, 'general', 'Abogado')).json() as ChatPage;
    const investigador = await connect('Investigador');
    const abogado = await connect('Abogado');
    const abogado2 = await connect('Abogado');
    const events = (roomId = room.sala.id) =>
      investigador.messages.flatMap((m) =>
        m.type === 'event' && m.event.name === 'chat.room' && m.event.roomId === roomId ? [m.event] : [],
      );
    const roomEvents = (roomId = room.sala.id) => events(roomId).length;
    try {
      investigador.ws.send(JSON.stringify({ action: 'subscribe', topic: room.sala.topic }));
      await investigador.next((m) => m.type === 'subscribed');
      // The investigator's own entry may reach them after 'subscribed' (PostgreSQL delivers
      // notifications on its own connection): a later notification on the topic fences it off.
      await s.ctx.hub.publish(s.ctx.db, room.sala.topic, { name: 'chat.room', roomId: 'fence' });
      await expect.poll(() => roomEvents('fence')).toBe(1);
      const before = roomEvents();
      abogado.ws.send(JSON.stringify({ action: 'subscribe', topic: room.sala.topic }));
      await abogado.next((m) => m.type === 'subscribed');
      await expect.poll(roomEvents).toBe(before + 1);
      const member = () =>
        s.ctx.db
          .select({ estado: chatUsuarios.estado, conexiones: chatUsuarios.conexiones })
          .from(chatUsuarios)
          .where(and(eq(chatUsuarios.roomId, room.sala.id), eq(chatUsuarios.usuario, id('Abogado'))));
      expect(await member()).toEqual([{ estado: 'online', conexiones: 1 }]);
      // A second screen of theirs (another device): announced; closing it leaves them online,
      // which changes no header: not announced (the fence below comes first).
      abogado2.ws.send(JSON.stringify({ action: 'subscribe', topic: room.sala.topic }));
      await abogado2.next((m) => m.type === 'subscribed');
      await expect.poll(roomEvents).toBe(before + 2);
      abogado2.ws.send(JSON.stringify({ action: 'unsubscribe', topic: room.sala.topic }));
      await expect.poll(async () => (await member())[0]?.conexiones).toBe(1);
      await s.ctx.hub.publish(s.ctx.db, room.sala.topic, { name: 'chat.room', roomId: 'fence-2' });
      await expect.poll(() => roomEvents('fence-2')).toBe(1);
      expect(roomEvents()).toBe(before + 2);
      abogado.ws.send(JSON.stringify({ action: 'unsubscribe', topic: room.sala.topic }));
      await expect.poll(roomEvents).toBe(before + 3);
      expect(await member()).toEqual([{ estado: 'offline', conexiones: 0 }]);
      const de = id('Abogado');
      expect(events().slice(before)).toEqual([
        { name: 'chat.room', roomId: room.sala.id, presencia: { de, estado: 'online' } },
        { name: 'chat.room', roomId: room.sala.id, presencia: { de, estado: 'online' } },
        { name: 'chat.room', roomId: room.sala.id, presencia: { de, estado: 'offline' } },
      ]);
    } finally {
      abogado.ws.close();
      abogado2.ws.close();
      investigador.ws.close();
    }
  });

  it("a member's receipt and read are announced to the room with their marks", async () => {
    const c = await everybodysCase();
    await say(c.id, 'general', 'Administrador', 'primero');
    const room = (await read(c.id, 'general', 'Abogado')).json() as ChatPage;
    const investigador = await connect('Investigador');
    const marks = () =>
      investigador.messages.flatMap((m) =>
        m.type === 'event' && m.event.name === 'chat.room' && m.event.roomId === room.sala.id ? [m.event] : [],
      );
    try {
      investigador.ws.send(JSON.stringify({ action: 'subscribe', topic: room.sala.topic }));
      await investigador.next((m) => m.type === 'subscribed');
      // The investigator's own entry may arrive after 'subscribed': a later notification fences it off.
      await s.ctx.hub.publish(s.ctx.db, room.sala.topic, { name: 'chat.room', roomId: 'fence' });
      await investigador.next((m) => m.type === 'event' && m.event.name === 'chat.room' && m.event.roomId === 'fence');
      const before = marks().length;
      await say(c.id, 'general', 'Administrador', 'segundo');
      // The Abogado's device receives it (their read of the room), then they read it.
      expect((await read(c.id, 'general', 'Abogado')).statusCode).toBe(200);
      await expect.poll(() => marks().length).toBe(before + 1);
      const leido = await s.app.inject({
        method: 'POST',
        url: url(c.id, 'general', '/leidos'),
        headers: h('Abogado'),
        payload: { hasta: 99 },
      });
      expect(leido.json()).toEqual({ noLeidos: 0 });
      await expect.poll(() => marks().length).toBe(before + 2);
      // The marks themselves: the room's open screens put them in without reading the room.
      const de = room.sala.yo;
      expect(marks().slice(before)).toEqual([
        { name: 'chat.room', roomId: room.sala.id, marcas: { de, recibidoHasta: 2, leidoHasta: 0 } },
        { name: 'chat.room', roomId: room.sala.id, marcas: { de, recibidoHasta: 2, leidoHasta: 2 } },
      ]);
      expect(room.sala.yo).toBe(id('Abogado'));
    } finally {
      investigador.ws.close();
    }
  });

  it('a read with leido=1 (the screen shows the newest message) also marks the room read; any other value is refused', async () => {
    const c = await everybodysCase();
    await say(c.id, 'general', 'Administrador', 'primero');
    await say(c.id, 'general', 'Administrador', 'segundo');
    const unread = async () => (await read(c.id, 'general', 'Abogado', '?limite=1')).json().sala.noLeidos;
    expect(await unread()).toBe(2);
    const marking = await read(c.id, 'general', 'Abogado', '?despues=1&leido=1');
    expect(marking.statusCode).toBe(200);
    expect(marking.json().sala.noLeidos).toBe(0);
    expect(await unread()).toBe(0);
    const [abogado] = await s.ctx.db
      .select({ leido: chatUsuarios.leidoHasta, recibido: chatUsuarios.recibidoHasta })
      .from(chatUsuarios)
      .innerJoin(chats, eq(chats.id, chatUsuarios.roomId))
      .where(and(eq(chats.uidcaso, c.id), eq(chats.tipo, 'general'), eq(chatUsuarios.usuario, id('Abogado'))));
    expect(abogado).toEqual({ leido: 2, recibido: 2 });
    // The Administrador's second message shows read to them.
    expect((await read(c.id, 'general', 'Administrador')).json().sala.vistoHasta).toBe(2);

    await say(c.id, 'general', 'Administrador', 'tercero');
    for (const [value, message] of [
      ['0', MSG.parametroNoValido],
      ['si', MSG.parametroNoValido],
      ['x'.repeat(5000), MSG.parametroNoValido],
      ['1\u0000', MSG.caracteresNoPermitidos],
    ]) {
      const res = await read(c.id, 'general', 'Abogado', `?leido=${encodeURIComponent(value)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await unread()).toBe(1);
  });

  it("a receipt or read that changes no member's ticks is not announced; one that passes the others' is", async () => {
    const c = await everybodysCase();
    await say(c.id, 'general', 'Administrador', 'primero');
    const room = (await read(c.id, 'general', 'Abogado')).json() as ChatPage;
    expect((await read(c.id, 'general', 'Investigador')).statusCode).toBe(200);
    const watcher = await connect('Investigador');
    const marks = () =>
      watcher.messages.flatMap((m) =>
        m.type === 'event' && m.event.name === 'chat.room' && m.event.roomId === room.sala.id && m.event.marcas
          ? [m.event.marcas]
          : [],
      );
    /** The marks announced by the time a notification published now arrives (all before it). */
    const announced = async (fence: string) => {
      await s.ctx.hub.publish(s.ctx.db, room.sala.topic, { name: 'chat.room', roomId: fence });
      await watcher.next((m) => m.type === 'event' && m.event.name === 'chat.room' && m.event.roomId === fence);
      return marks();
    };
    const read2 = (cargo: Cargo) =>
      s.app.inject({ method: 'POST', url: url(c.id, 'general', '/leidos'), headers: h(cargo), payload: { hasta: 99 } });
    try {
      watcher.ws.send(JSON.stringify({ action: 'subscribe', topic: room.sala.topic }));
      await watcher.next((m) => m.type === 'subscribed');
      const before = (await announced('fence-0')).length;
      await say(c.id, 'general', 'Administrador', 'segundo');
      // The Abogado receives and reads it first: the Administrador's ticks move, twice.
      expect((await read(c.id, 'general', 'Abogado')).statusCode).toBe(200);
      expect((await read2('Abogado')).statusCode).toBe(200);
      // The Investigador after them: every member's header already shows 2 (the Administrador's
      // own marks, the Abogado's), so nothing is announced — though their marks moved.
      expect((await read(c.id, 'general', 'Investigador')).statusCode).toBe(200);
      expect((await read2('Investigador')).statusCode).toBe(200);
      const de = id('Abogado');
      expect((await announced('fence-1')).slice(before)).toEqual([
        { de, recibidoHasta: 2, leidoHasta: 0 },
        { de, recibidoHasta: 2, leidoHasta: 2 },
      ]);
      const [investigador] = await s.ctx.db
        .select({ leido: chatUsuarios.leidoHasta, recibido: chatUsuarios.recibidoHasta })
        .from(chatUsuarios)
        .where(and(eq(chatUsuarios.roomId, room.sala.id), eq(chatUsuarios.usuario, id('Investigador'))));
      expect(investigador).toEqual({ leido: 2, recibido: 2 });
      // The Investigador's next message: the Abogado's receipt of it passes every other mark.
      await say(c.id, 'general', 'Investigador', 'tercero');
      expect((await read(c.id, 'general', 'Abogado')).statusCode).toBe(200);
      expect((await announced('fence-2')).slice(before)).toContainEqual({ de, recibidoHasta: 3, leidoHasta: 2 });
    } finally {
      watcher.ws.close();
    }
  });

  it('an agent put in the case after the room began joins it with the next message, and is told of it', async () => {
    const c = await everybodysCase();
    await say(c.id, 'general', 'Administrador', 'antes');
    const { user: newcomer } = await createUser(s.ctx, { cargo: 'Abogado' });
    const isMember = async () =>
      (
        await s.ctx.db
          .select({ id: chatUsuarios.id })
          .from(chatUsuarios)
          .innerJoin(chats, eq(chats.id, chatUsuarios.roomId))
          .where(and(eq(chats.uidcaso, c.id), eq(chats.tipo, 'general'), eq(chatUsuarios.usuario, newcomer.id)))
      ).length;
    // A slot filled by any path (here, by hand): the room has not heard of them yet.
    await s.ctx.db.update(casos).set({ uidabogado: newcomer.id }).where(eq(casos.id, c.id));
    expect(await isMember()).toBe(0);
    await say(c.id, 'general', 'Administrador', 'después');
    expect(await isMember()).toBe(1);
    const [notice] = await s.ctx.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.uidcaso, c.id), eq(notificaciones.momento, 'Mensaje Chat')));
    expect(notice.cuerpo).toBe('después');
    expect(notice.destinatarios).toContain(newcomer.id);
  });

  it('unread counts per case and room, for the rooms the viewer reads', async () => {
    const c = await everybodysCase();
    await say(c.id, 'general', 'Administrador', 'uno');
    await say(c.id, 'general', 'Administrador', 'dos');
    await say(c.id, 'perito', 'Investigador', 'tres');
    const unread = (who: Cargo) =>
      s.app.inject({ method: 'GET', url: `/api/chats/no-leidos?casos=${c.id}`, headers: h(who) }).then((r) => r.json());
    expect(await unread('Coordinador Investigador')).toEqual({ [c.id]: { general: 2, perito: 1 } });
    // The Administrador reads every room (D23), the general one too: their own messages are read.
    expect(await unread('Administrador')).toEqual({ [c.id]: { perito: 1 } });
    expect(await unread('Perito')).toEqual({ [c.id]: { perito: 1 } });
    const bad = await s.app.inject({ method: 'GET', url: '/api/chats/no-leidos?casos=x', headers: h('Perito') });
    expect(bad.statusCode).toBe(400);
  });
});
