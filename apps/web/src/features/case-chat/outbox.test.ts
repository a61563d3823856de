// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type ChatMessage, type ChatSendResult } from '@vialex/domain';
import { ApiError } from '../../lib/api';
import { Outbox, indexedDbStore, memoryStore, type OutboxItem, type OutboxStore } from './outbox';

const network = () => new ApiError(0, { statusCode: 0, code: 'NETWORK', message: MSG.sinConexion });
const refused = (message: string, status = 403) => new ApiError(status, { statusCode: status, code: 'X', message });

/** A fake server that keeps each clientId once, as the real one does (the idempotency key). */
function fakeServer() {
  const stored = new Map<string, ChatMessage>();
  const calls: string[] = [];
  let fail: (() => Error) | null = null;
  const send = vi.fn(async (item: OutboxItem): Promise<ChatSendResult> => {
    calls.push(item.clientId);
    if (fail) throw fail();
    const repetido = stored.has(item.clientId);
    if (!repetido)
      stored.set(item.clientId, {
        id: `m-${item.clientId}`,
        indexId: stored.size + 1,
        senderId: item.userId,
        username: 'Ana 1020 [Investigador]',
        fecha: new Date().toISOString(),
        content: item.content,
        files: [],
        reply: null,
        clientId: item.clientId,
        system: false,
        dron: null,
      });
    return { mensaje: stored.get(item.clientId)!, repetido };
  });
  return {
    send,
    calls,
    stored,
    failWith: (f: (() => Error) | null) => (fail = f),
  };
}

let n = 0;
const item = (content: string, over: Partial<OutboxItem> = {}) => ({
  clientId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  userId: 'u1',
  caseId: 'c1',
  tipo: 'general' as const,
  kind: 'texto' as const,
  content,
  replyTo: null,
  reply: null,
  files: [],
  latitud: null,
  longitud: null,
  ...over,
});

let online: boolean;
beforeEach(() => {
  online = true;
});
afterEach(() => vi.useRealTimers());

function outbox(server: ReturnType<typeof fakeServer>, store: OutboxStore = memoryStore(), retryDelay = () => 60_000) {
  return new Outbox({ store, send: server.send, isOnline: () => online, retryDelay });
}

describe('the chat outbox', () => {
  it('stores a message, sends it, and forgets it once the server has it', async () => {
    const server = fakeServer();
    const store = memoryStore();
    const box = outbox(server, store);
    const sent = vi.fn();
    box.onSent(sent);
    await box.start('u1');
    const a = await box.add(item('hola'));
    await box.flush();
    expect(server.calls).toEqual([a.clientId]);
    expect(sent).toHaveBeenCalledWith(expect.objectContaining({ clientId: a.clientId }), expect.anything());
    expect(box.entries()).toEqual([]);
    expect(await store.all()).toEqual([]);
  });

  it('keeps what is written offline, pending, and sends it in order, each once, when the connection returns', async () => {
    const server = fakeServer();
    const box = outbox(server);
    await box.start('u1');
    online = false;
    const written = [await box.add(item('uno')), await box.add(item('dos')), await box.add(item('tres'))];
    await box.flush();
    expect(server.calls).toEqual([]);
    expect(box.entries().map((e) => e.content)).toEqual(['uno', 'dos', 'tres']);
    expect(box.entries().every((e) => !e.sending && !e.error)).toBe(true);

    online = true;
    box.wake();
    await box.flush();
    expect(server.calls).toEqual(written.map((w) => w.clientId));
    expect([...server.stored.values()].map((m) => m.content)).toEqual(['uno', 'dos', 'tres']);
    expect(box.entries()).toEqual([]);
  });

  it('a network failure stops the round (order kept) and retries later with the same clientId; a lost answer is not sent twice', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const box = outbox(server, memoryStore(), () => 1000);
    await box.start('u1');
    // The first send reaches the server but its answer is lost on the way back.
    server.send.mockImplementationOnce(async (i: OutboxItem) => {
      server.calls.push(i.clientId);
      server.stored.set(i.clientId, { ...({} as ChatMessage), clientId: i.clientId, content: i.content, indexId: 1 });
      throw network();
    });
    const a = await box.add(item('uno'));
    server.failWith(network);
    const b = await box.add(item('dos'));
    await box.flush();
    // Only the oldest was tried (perhaps again, for the newer message's sake): the newer one waits behind it.
    expect(new Set(server.calls)).toEqual(new Set([a.clientId]));
    expect(box.entries().map((e) => e.clientId)).toEqual([a.clientId, b.clientId]);

    server.failWith(null);
    await vi.advanceTimersByTimeAsync(1000);
    await box.flush();
    expect(server.calls.at(-1)).toBe(b.clientId);
    expect(server.calls.filter((c) => c === b.clientId)).toHaveLength(1);
    // The first send's answer was lost: it went again with the same clientId, and is stored once.
    expect([...server.stored.values()].map((m) => m.content)).toEqual(['uno', 'dos']);
    expect(box.entries()).toEqual([]);
  });

  it("a refusal keeps the message with the server's reason, goes on with the next, and may be retried or discarded", async () => {
    const server = fakeServer();
    const box = outbox(server);
    const onRefused = vi.fn();
    box.onRefused(onRefused);
    await box.start('u1');
    server.send.mockRejectedValueOnce(refused(MSG.chatBloqueadoInvestigador, 409));
    const a = await box.add(item('uno', { tipo: 'perito' }));
    const b = await box.add(item('dos'));
    await box.flush();
    expect(onRefused).toHaveBeenCalledWith(
      expect.objectContaining({ clientId: a.clientId }),
      MSG.chatBloqueadoInvestigador,
    );
    expect(box.entries()).toEqual([
      expect.objectContaining({ clientId: a.clientId, error: MSG.chatBloqueadoInvestigador }),
    ]);
    expect(server.stored.has(b.clientId)).toBe(true);

    await box.retry(a.clientId);
    expect(server.stored.has(a.clientId)).toBe(true);
    expect(box.entries()).toEqual([]);

    server.send.mockRejectedValueOnce(refused(MSG.chatRolNoAutorizado));
    const c = await box.add(item('tres'));
    await box.flush();
    expect(box.entries()[0]).toMatchObject({ clientId: c.clientId, error: MSG.chatRolNoAutorizado });
    await box.discard(c.clientId);
    expect(box.entries()).toEqual([]);
  });

  it('a lost session (401) or a server error (5xx) is no refusal: the message waits', async () => {
    const server = fakeServer();
    const box = outbox(server);
    await box.start('u1');
    server.failWith(() => refused('Sesión terminada', 401));
    await box.add(item('uno'));
    await box.flush();
    server.failWith(() => refused(MSG.errorServidor, 503));
    await box.flush();
    expect(box.entries()).toEqual([expect.objectContaining({ content: 'uno', error: null, sending: false })]);
    server.failWith(null);
    box.wake();
    await box.flush();
    expect(box.entries()).toEqual([]);
  });

  it("sends only the signed-in user's messages (another user on the same phone)", async () => {
    const server = fakeServer();
    const store = memoryStore();
    const box = outbox(server, store);
    online = false;
    await box.start('u2');
    const other = await box.add(item('de u2', { userId: 'u2' }));
    online = true;
    box.stop();
    await box.start('u1');
    const mine = await box.add(item('de u1'));
    await box.flush();
    expect(server.calls).toEqual([mine.clientId]);
    expect((await store.all()).map((i) => i.clientId)).toEqual([other.clientId]);
  });

  it('survives a reload: IndexedDB keeps the pending messages and their files, and the next page sends them', async () => {
    const server = fakeServer();
    const name = `outbox-test-${Date.now()}`;
    online = false;
    const before = outbox(server, indexedDbStore(name));
    await before.start('u1');
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
    const a = await before.add(
      item('', {
        kind: 'drone',
        files: [{ name: 'dron.jpg', type: 'image/jpeg', size: 4, blob: photo }],
        latitud: 4.65,
        longitud: -74.08,
      }),
    );
    const b = await before.add(item('después de la foto'));
    before.stop();

    // A new page: a new outbox on the same database.
    const after = outbox(server, indexedDbStore(name));
    await after.load();
    const entries = after.entries();
    expect(entries.map((e) => e.clientId)).toEqual([a.clientId, b.clientId]);
    expect(entries[0]).toMatchObject({ kind: 'drone', latitud: 4.65, longitud: -74.08 });
    expect(entries[0].files[0]).toMatchObject({ name: 'dron.jpg', size: 4 });

    online = true;
    await after.start('u1');
    expect(server.calls).toEqual([a.clientId, b.clientId]);
    expect(after.entries()).toEqual([]);
    expect(await indexedDbStore(name).all()).toEqual([]);
  });
});
