// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { LABELS, MSG, type ChatSendResult } from '@vialex/domain';
import { ApiError } from '../../lib/api';
import { Outbox, memoryStore, type OutboxItem, type Sender } from './outbox';

/*
 * A message with files on a weak signal: its upload's progress, a failure that says so and keeps
 * the files, and Cancelar envío, which stops the upload and holds the message to send again.
 */

const network = () => new ApiError(0, { statusCode: 0, code: 'NETWORK', message: MSG.sinConexion });

const photoItem = (clientId: string) => ({
  clientId,
  userId: 'u1',
  caseId: 'c1',
  tipo: 'general' as const,
  kind: 'drone' as const,
  content: '',
  replyTo: null,
  reply: null,
  files: [{ name: 'dron-1.png', type: 'image/png', size: 3, blob: new Blob(['png']) }],
  latitud: 4.7,
  longitud: -74.07,
});

const answer = (item: OutboxItem): ChatSendResult => ({
  mensaje: {
    id: `m-${item.clientId}`,
    indexId: 1,
    senderId: item.userId,
    username: 'Ana',
    fecha: new Date().toISOString(),
    content: '',
    files: [],
    reply: null,
    clientId: item.clientId,
    system: false,
    dron: { latitud: item.latitud, longitud: item.longitud },
  },
  repetido: false,
});

/** A send the test finishes by hand; it hears the outbox's cancel through the signal. */
function slowServer() {
  const calls: { item: OutboxItem; progress: (p: number) => void; signal: AbortSignal; done: () => void }[] = [];
  const send: Sender = (item, progress, signal) =>
    new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
      calls.push({ item, progress, signal, done: () => resolve(answer(item)) });
    });
  return { calls, send: vi.fn(send) };
}

const entry = (box: Outbox, id: string) => box.entries().find((e) => e.clientId === id);
const until = async (check: () => boolean) => {
  for (let i = 0; i < 50 && !check(); i++) await new Promise((r) => setTimeout(r, 0));
  expect(check()).toBe(true);
};

describe('the outbox’s uploads', () => {
  it('follows an upload’s progress until the server has it', async () => {
    const server = slowServer();
    const box = new Outbox({ store: memoryStore(), send: server.send, retryDelay: () => 60_000 });
    await box.start('u1');
    await box.add(photoItem('a'));
    await until(() => server.calls.length === 1);
    expect(entry(box, 'a')).toMatchObject({ sending: true, progress: null });
    server.calls[0].progress(40);
    expect(entry(box, 'a')).toMatchObject({ sending: true, progress: 40 });
    server.calls[0].done();
    await until(() => !entry(box, 'a'));
  });

  it('Cancelar envío stops the upload and keeps the files, held until sent again or discarded', async () => {
    const server = slowServer();
    const store = memoryStore();
    const refused = vi.fn();
    const box = new Outbox({ store, send: server.send, retryDelay: () => 60_000 });
    box.onRefused(refused);
    await box.start('u1');
    await box.add(photoItem('a'));
    await box.add(photoItem('b'));
    await until(() => server.calls.length === 1);
    server.calls[0].progress(30);
    await box.cancel('a');
    expect(server.calls[0].signal.aborted).toBe(true);
    expect(entry(box, 'a')).toMatchObject({ sending: false, progress: null, error: LABELS.chat.envioCancelado });
    expect(entry(box, 'a')!.files.map((f) => f.name)).toEqual(['dron-1.png']);
    // Held in the store too (a reload finds it cancelled, not sending on its own); no refusal toast.
    expect((await store.all()).find((i) => i.clientId === 'a')?.error).toBe(LABELS.chat.envioCancelado);
    expect(refused).not.toHaveBeenCalled();
    // The next one goes meanwhile.
    await until(() => server.calls.length === 2);
    expect(server.calls[1].item.clientId).toBe('b');
    server.calls[1].done();
    await until(() => !entry(box, 'b'));
    // Sent again: the same clientId, the same files.
    void box.retry('a');
    await until(() => server.calls.length === 3);
    expect(server.calls[2].item).toMatchObject({
      clientId: 'a',
      files: [expect.objectContaining({ name: 'dron-1.png' })],
    });
    server.calls[2].done();
    await until(() => !entry(box, 'a'));
    expect(await store.all()).toEqual([]);
  });

  it('a message waiting behind another is cancelled before it goes', async () => {
    const server = slowServer();
    const box = new Outbox({ store: memoryStore(), send: server.send, retryDelay: () => 60_000 });
    // Both wait from an earlier visit: one round takes them in order.
    await box.add(photoItem('a'));
    await box.add(photoItem('b'));
    void box.start('u1');
    await until(() => server.calls.length === 1);
    await box.cancel('b');
    server.calls[0].done();
    await until(() => !entry(box, 'a'));
    await new Promise((r) => setTimeout(r, 10));
    expect(server.calls.map((c) => c.item.clientId)).toEqual(['a']);
    expect(entry(box, 'b')?.error).toBe(LABELS.chat.envioCancelado);
  });

  it('a failed upload says why and waits to try again, its files kept', async () => {
    let fail = true;
    const send = vi.fn<Sender>(async (item) => {
      if (fail) throw network();
      return answer(item);
    });
    const box = new Outbox({ store: memoryStore(), send, retryDelay: () => 60_000 });
    await box.start('u1');
    await box.add(photoItem('a'));
    await until(() => entry(box, 'a')?.failure === MSG.sinConexion);
    expect(entry(box, 'a')).toMatchObject({ sending: false, error: null });
    expect(entry(box, 'a')!.files).toHaveLength(1);
    // Reintentar ahora: at once, whatever the timer said.
    fail = false;
    box.wake();
    await until(() => !entry(box, 'a'));
    expect(send).toHaveBeenCalledTimes(2);
  });
});
