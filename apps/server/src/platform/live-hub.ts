import { sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { LiveEvent, LiveServerMessage } from '@vialex/domain';
import type { Database, Executor } from '../db/client.js';

const CHANNEL = 'vialex_live';

/**
 * The live-event hub. Services publish with pg_notify on their transaction, so PostgreSQL
 * delivers the event only after commit, and to every server instance listening on the channel;
 * each instance relays it to its own subscribed sockets.
 */
export class LiveHub {
  private readonly byTopic = new Map<string, Set<WebSocket>>();
  private readonly bySocket = new Map<WebSocket, Set<string>>();
  private stopListening?: () => Promise<void>;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(CHANNEL, (payload) => {
      try {
        const { topic, event } = JSON.parse(payload) as { topic: string; event: LiveEvent };
        this.deliver(topic, event);
      } catch {
        // A malformed payload is not ours; ignore it.
      }
    });
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    for (const socket of this.bySocket.keys()) socket.close(1001, 'server stopping');
  }

  /** Queues an event on the executor's transaction (or sends it now outside one). */
  async publish(executor: Executor, topic: string, event: LiveEvent): Promise<void> {
    await executor.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ topic, event })})`);
  }

  subscribe(socket: WebSocket, topic: string): void {
    let sockets = this.byTopic.get(topic);
    if (!sockets) this.byTopic.set(topic, (sockets = new Set()));
    sockets.add(socket);
    let topics = this.bySocket.get(socket);
    if (!topics) this.bySocket.set(socket, (topics = new Set()));
    topics.add(topic);
  }

  unsubscribe(socket: WebSocket, topic: string): void {
    this.byTopic.get(topic)?.delete(socket);
    if (this.byTopic.get(topic)?.size === 0) this.byTopic.delete(topic);
    this.bySocket.get(socket)?.delete(topic);
  }

  remove(socket: WebSocket): void {
    for (const topic of this.bySocket.get(socket) ?? []) this.unsubscribe(socket, topic);
    this.bySocket.delete(socket);
  }

  topicsOf(socket: WebSocket): string[] {
    return [...(this.bySocket.get(socket) ?? [])];
  }

  get socketCount(): number {
    return this.bySocket.size;
  }

  private deliver(topic: string, event: LiveEvent): void {
    const sockets = this.byTopic.get(topic);
    if (!sockets) return;
    const message = JSON.stringify({ type: 'event', topic, event } satisfies LiveServerMessage);
    for (const socket of sockets) {
      if (socket.readyState === socket.OPEN) socket.send(message);
      if (event.name === 'session.ended' && topic.startsWith('session:')) socket.close(4001, event.reason);
    }
  }
}
