import type { AddressInfo, Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REPLAY_MAX_MS, type LiveServerMessage } from '@vialex/domain';
import type { Database } from '../src/db/client.js';
import {
  LIVE_GAP,
  LIVE_REPLAY_SLACK_MS,
  LiveHub,
  LOST_CLOSE_MS,
  NEWEST_ONLY_MS,
  SERVICE_RESTART,
} from '../src/platform/live-hub.js';

/** What the hub's LISTEN is handed: the payload callback and the connection's loss and return. */
interface Listened {
  onPayload: (payload: string) => void;
  on: { onLost: () => void; onResumed: () => void };
}

/** A database whose LISTEN hands the test its callbacks. */
function fakeDatabase(listened: (l: Listened) => void): Database {
  return {
    listen: async (_channel: string, onPayload: Listened['onPayload'], on: Listened['on']) => {
      listened({ onPayload, on });
      return async () => undefined;
    },
  } as unknown as Database;
}

/**
 * The hub's fan-out without a database: its LISTEN callback is the test's, so a commit's
 * notifications (delivered by node-postgres in one turn of the event loop) are replayed exactly.
 */
describe('live hub', () => {
  let server: WebSocketServer;
  let hub: LiveHub;
  let notify: (payload: string) => void = () => undefined;
  let serverSide: WebSocket;
  let client: WebSocket;
  let received: LiveServerMessage[];
  let arrived: (n: number) => Promise<void>;
  /** The hub's clock (ms), moved by the replay tests. */
  let now = 1_000_000;

  /** A connection to the test's server: its server side (for the hub), its client and what that received. */
  async function socketPair() {
    const connected = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
    const peer = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const got: LiveServerMessage[] = [];
    peer.on('message', (raw) => got.push(JSON.parse(String(raw)) as LiveServerMessage));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      peer.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    const side = await connected;
    /** Resolves once `n` messages arrived (the server side's writes are in order). */
    const arrived = (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => (got.length >= n ? resolve() : setImmediate(check));
        check();
      });
    return { side, peer, got, closed, arrived };
  }

  beforeAll(async () => {
    hub = new LiveHub(
      fakeDatabase((l) => (notify = l.onPayload)),
      () => now,
    );
    await hub.start();
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    ({ side: serverSide, peer: client, got: received, arrived } = await socketPair());
    hub.subscribe(serverSide, 'chat:r1');
    hub.subscribe(serverSide, 'user:u1');
  });

  afterAll(async () => {
    client?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("a commit's events to one socket leave in one write, in order, and the connection is released after the turn", async () => {
    const connection = (serverSide as unknown as { _socket: Socket })._socket;
    const both = arrived(2);
    notify(JSON.stringify({ topic: 'chat:r1', event: { name: 'chat.message', roomId: 'r1', indexId: 7 } }));
    notify(
      JSON.stringify({ topics: ['user:u1', 'user:u2'], event: { name: 'chat.unread', caseId: 'c1', tipo: 'general' } }),
    );
    // Held through the turn that delivered both…
    expect(connection.writableCorked).toBe(1);
    expect(connection.writableLength).toBeGreaterThan(0);
    await new Promise((resolve) => process.nextTick(resolve));
    // …and released at its end.
    expect(connection.writableCorked).toBe(0);
    await both;
    expect(received.map((m) => (m.type === 'event' ? m.event.name : m.type))).toEqual(['chat.message', 'chat.unread']);
    expect(hub.eventsSent).toBe(2);
  });

  describe('replay to a new subscriber', () => {
    const listChanged = (id: string) => ({ name: 'list.changed', list: 'casos', id }) as const;
    const heard = (topic: string, id: string) => notify(JSON.stringify({ topic, event: listChanged(id) }));

    it("sends the topic's events heard since the window opened, in order, before the later ones", async () => {
      const topic = 'list:replay-window';
      heard(topic, 'too-old');
      now += 5_000;
      heard(topic, 'a');
      now += 1_000;
      heard(topic, 'b');
      now += 1_000;
      const { side, peer, got, arrived } = await socketPair();
      // The window opens between 'too-old' and 'a'.
      hub.subscribe(side, topic, now - 2_500);
      heard(topic, 'c');
      await arrived(3);
      expect(got.map((m) => m.type === 'event' && m.event.name === 'list.changed' && m.event.id)).toEqual([
        'a',
        'b',
        'c',
      ]);
      expect(hub.replayFrom(2_000)).toBe(now - 2_000 - LIVE_REPLAY_SLACK_MS);
      expect(hub.replayFrom(10 * LIVE_REPLAY_MAX_MS)).toBe(now - LIVE_REPLAY_MAX_MS - LIVE_REPLAY_SLACK_MS);
      peer.close();
    });

    it("replays nothing of a socket's own topics, nor without a replayFrom", async () => {
      heard('user:u9', 'own');
      heard('list:replay-none', 'x');
      const { side, peer, got } = await socketPair();
      hub.subscribe(side, 'user:u9', now - 1_000);
      hub.subscribe(side, 'list:replay-none');
      heard('list:replay-none', 'after');
      const marker = new Promise<void>((resolve) => peer.once('message', () => resolve()));
      await marker;
      expect(got.map((m) => m.type === 'event' && m.event.name === 'list.changed' && m.event.id)).toEqual(['after']);
      peer.close();
    });

    it('a socket with a view of the topic gets every event through it, replayed and live; the others get them as they are', async () => {
      const topic = 'chat:viewed';
      const said = (indexId: number) =>
        notify(
          JSON.stringify({
            topic,
            event: { name: 'chat.message', roomId: 'viewed', indexId, mensaje: { content: 'secreto' } },
          }),
        );
      said(1);
      now += 1_000;
      const viewed = await socketPair();
      const plain = await socketPair();
      hub.subscribe(viewed.side, topic, now - 2_000, (event) =>
        event.name === 'chat.message' ? { name: event.name, roomId: event.roomId, indexId: event.indexId } : event,
      );
      hub.subscribe(plain.side, topic);
      said(2);
      await Promise.all([viewed.arrived(2), plain.arrived(1)]);
      expect(viewed.got.map((m) => m.type === 'event' && m.event)).toEqual([
        { name: 'chat.message', roomId: 'viewed', indexId: 1 },
        { name: 'chat.message', roomId: 'viewed', indexId: 2 },
      ]);
      expect(plain.got.map((m) => m.type === 'event' && m.event.name === 'chat.message' && m.event.mensaje)).toEqual([
        { content: 'secreto' },
      ]);
      // Left and followed again without a view: as they are.
      hub.unsubscribe(viewed.side, topic);
      hub.subscribe(viewed.side, topic);
      said(3);
      await viewed.arrived(3);
      expect(viewed.got[2]).toMatchObject({ event: { indexId: 3, mensaje: { content: 'secreto' } } });
      viewed.peer.close();
      plain.peer.close();
    });

    it('more events in the window than it remembers: the socket is sent to reconnect (and read again)', async () => {
      const topic = 'list:replay-busy';
      for (let i = 0; i < 40; i++) heard(topic, `e${i}`);
      const { side, closed, got } = await socketPair();
      hub.subscribe(side, topic, now - 1_000);
      expect(await closed).toEqual({ code: SERVICE_RESTART, reason: LIVE_GAP.replay });
      expect(got).toEqual([]);
    });
  });

  it("a user's new notices within the window: the first at once, then only the newest once it ends; other events are not held", async () => {
    const noticed = (topics: string[], id: string) =>
      notify(JSON.stringify({ topics, event: { name: 'notification.created', id } }));
    const busy = await socketPair();
    const away = await socketPair();
    hub.subscribe(busy.side, 'user:busy');
    hub.subscribe(busy.side, 'chat:busy');
    hub.subscribe(away.side, 'user:away');
    const names = () => busy.got.map((m) => m.type === 'event' && ('id' in m.event ? m.event.id : m.event.name));
    noticed(['user:busy', 'user:away'], 'n1');
    noticed(['user:busy', 'user:away'], 'n2');
    noticed(['user:busy', 'user:away'], 'n3');
    notify(JSON.stringify({ topic: 'chat:busy', event: { name: 'chat.message', roomId: 'busy', indexId: 1 } }));
    await busy.arrived(2);
    expect(names()).toEqual(['n1', 'chat.message']);
    // The socket that left keeps nothing for later: its kept notice is dropped with it.
    hub.remove(away.side);
    await busy.arrived(3);
    expect(names()).toEqual(['n1', 'chat.message', 'n3']);
    // Once a window passes with nothing kept, the next is sent at once again.
    await vi.waitFor(() => expect(hub['windowed'].has(busy.side)).toBe(false), { timeout: 5 * NEWEST_ONLY_MS });
    noticed(['user:busy'], 'n4');
    await busy.arrived(4);
    expect(names()[3]).toBe('n4');
    expect(away.got.map((m) => m.type === 'event' && 'id' in m.event && m.event.id)).toEqual(['n1']);
    busy.peer.close();
    away.peer.close();
  });

  describe('sending every socket to reconnect', () => {
    /** A hub of its own whose LISTEN losses the test makes, with sockets that record their close. */
    async function hubWith(count: number) {
      let events: Listened['on'] | undefined;
      const own = new LiveHub(
        fakeDatabase((l) => (events = l.on)),
        () => now,
      );
      await own.start();
      const closes: { socket: number; reason: string }[] = [];
      for (let i = 0; i < count; i++) {
        const socket = { close: (_code: number, reason: string) => closes.push({ socket: i, reason }) };
        own.subscribe(socket as unknown as WebSocket, `user:${i}`);
      }
      return { own, closes, events: events! };
    }

    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('a database back within LOST_CLOSE_MS: the sockets are sent once, when it listens again, in slices', async () => {
      const { own, closes, events } = await hubWith(120);
      events.onLost();
      await vi.advanceTimersByTimeAsync(LOST_CLOSE_MS - 1);
      expect(closes).toEqual([]);
      expect(own.listening).toBe(false);
      events.onResumed();
      // The first slice at once (after the give-back), the rest 25 every 100 ms.
      await vi.advanceTimersByTimeAsync(0);
      expect(own.listening).toBe(true);
      expect(closes).toHaveLength(25);
      await vi.advanceTimersByTimeAsync(100);
      expect(closes).toHaveLength(50);
      await vi.advanceTimersByTimeAsync(300);
      expect(closes).toHaveLength(120);
      expect(new Set(closes.map((c) => c.socket)).size).toBe(120);
      // Nothing more: the loss's own close was called off.
      await vi.advanceTimersByTimeAsync(2 * LOST_CLOSE_MS);
      expect(closes.map((c) => c.reason)).toEqual(Array<string>(120).fill(LIVE_GAP.resumed));
      await own.stop();
    });

    it('a loss that lasts: the sockets are told at LOST_CLOSE_MS, again at the resume, and a stop closes what is left at once', async () => {
      const { own, closes, events } = await hubWith(60);
      events.onLost();
      await vi.advanceTimersByTimeAsync(LOST_CLOSE_MS);
      expect(closes.map((c) => c.reason)).toEqual(Array<string>(25).fill(LIVE_GAP.lost));
      events.onResumed();
      // The resume takes over from the loss's slices, from the first socket.
      await vi.advanceTimersByTimeAsync(0);
      expect(closes.slice(25).map((c) => c.reason)).toEqual(Array<string>(25).fill(LIVE_GAP.resumed));
      await vi.advanceTimersByTimeAsync(100);
      expect(closes.filter((c) => c.reason === LIVE_GAP.resumed)).toHaveLength(50);
      await own.stop();
      expect(closes.slice(-60).map((c) => c.reason)).toEqual(Array<string>(60).fill('server restarting'));
      await vi.advanceTimersByTimeAsync(1_000);
      expect(closes.filter((c) => c.reason === LIVE_GAP.lost)).toHaveLength(25);
      expect(closes.filter((c) => c.reason === LIVE_GAP.resumed)).toHaveLength(50);
    });
  });
});
