import type { AddressInfo, Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveServerMessage } from '@vialex/domain';
import type { Database } from '../src/db/client.js';
import { LiveHub } from '../src/platform/live-hub.js';

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
  const received: LiveServerMessage[] = [];

  beforeAll(async () => {
    const database = {
      listen: async (_channel: string, onPayload: (payload: string) => void) => {
        notify = onPayload;
        return async () => undefined;
      },
    } as unknown as Database;
    hub = new LiveHub(database);
    await hub.start();
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const connected = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
    client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    client.on('message', (raw) => received.push(JSON.parse(String(raw)) as LiveServerMessage));
    serverSide = await connected;
    hub.subscribe(serverSide, 'chat:r1');
    hub.subscribe(serverSide, 'user:u1');
  });

  afterAll(async () => {
    client?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("a commit's events to one socket leave in one write, in order, and the connection is released after the turn", async () => {
    const connection = (serverSide as unknown as { _socket: Socket })._socket;
    const arrived = new Promise<void>((resolve) => {
      const check = () => (received.length >= 2 ? resolve() : setImmediate(check));
      check();
    });
    notify(JSON.stringify({ topic: 'chat:r1', event: { name: 'chat.message', roomId: 'r1', indexId: 7 } }));
    notify(JSON.stringify({ topics: ['user:u1', 'user:u2'], event: { name: 'chat.unread', caseId: 'c1' } }));
    // Held through the turn that delivered both…
    expect(connection.writableCorked).toBe(1);
    expect(connection.writableLength).toBeGreaterThan(0);
    await new Promise((resolve) => process.nextTick(resolve));
    // …and released at its end.
    expect(connection.writableCorked).toBe(0);
    await arrived;
    expect(received.map((m) => (m.type === 'event' ? m.event.name : m.type))).toEqual(['chat.message', 'chat.unread']);
    expect(hub.eventsSent).toBe(2);
  });
});
