import pg from 'pg';

/** What a channel's subscriber hears when the listening connection is lost, and when it is back. */
export interface ListenGaps {
  onLost?: () => void;
  onResumed?: () => void;
}

export interface PgListener {
  /** Subscribes to a channel; the answer unsubscribes. */
  listen(channel: string, onPayload: (payload: string) => void, gaps?: ListenGaps): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

interface Subscriber {
  onPayload: (payload: string) => void;
  gaps: ListenGaps;
}

/** How long after a lost connection the next one is tried. */
const RECONNECT_MS = 1000;

const command = (verb: 'LISTEN' | 'UNLISTEN', channel: string) => `${verb} ${pg.escapeIdentifier(channel)}`;

/**
 * Every channel a server listens to, on one PostgreSQL connection of its own. PostgreSQL keeps
 * one queue of notifications, and each listening connection's backend reads all of it, waking at
 * every commit that notifies, whatever its channels: a second connection for the jobs' channel
 * (a few notifications a minute) read every live event again, 2 % of a core under the soak.
 *
 * PostgreSQL dropping the connection (a restart, a terminated backend) is heard by every
 * subscriber at once (`onLost`: what was notified meanwhile never arrives); the connection is
 * made again every second until it holds, and once it listens to every channel again each
 * subscriber hears `onResumed`.
 */
export function pgListener(url: string, onError: (err: Error, source: string) => void): PgListener {
  const channels = new Map<string, Set<Subscriber>>();
  /** The connection listening now: undefined before the first, and while it is made again. */
  let client: pg.Client | undefined;
  /** The channels asked for on `client`. */
  let listening = new Set<string>();
  /** The first connection, made by the first subscriber. */
  let first: Promise<void> | undefined;
  let established = false;
  let closed = false;

  const subscribers = () => [...channels.values()].flatMap((set) => [...set]);

  const connect = async (again: boolean): Promise<void> => {
    if (closed) return; // a retry that comes after the close
    const c = new pg.Client({ connectionString: url });
    c.on('error', (err) => onError(err, 'listen'));
    c.on('notification', (n) => {
      if (n.payload === undefined) return;
      for (const s of channels.get(n.channel) ?? []) s.onPayload(n.payload);
    });
    c.once('end', () => {
      // A first connection that failed is the first subscriber's error, not retried here.
      if (closed || !established) return;
      // Only the connection that was listening reports a loss, not a reconnection that failed.
      if (client === c) {
        client = undefined;
        for (const s of subscribers()) s.gaps.onLost?.();
      }
      setTimeout(() => void connect(true).catch((err: Error) => onError(err, 'listen')), RECONNECT_MS).unref();
    });
    await c.connect();
    const asked = new Set<string>();
    // A channel subscribed while this runs is in the map by the time the loop reaches its end.
    for (const channel of channels.keys()) {
      asked.add(channel);
      await c.query(command('LISTEN', channel));
    }
    if (closed) {
      await c.end(); // closed while this connection was being made
      return;
    }
    client = c;
    listening = asked;
    established = true;
    if (again) for (const s of subscribers()) s.gaps.onResumed?.();
  };

  return {
    async listen(channel, onPayload, gaps = {}) {
      const subscriber: Subscriber = { onPayload, gaps };
      let set = channels.get(channel);
      if (!set) channels.set(channel, (set = new Set()));
      set.add(subscriber);
      const unsubscribe = async () => {
        if (!set.delete(subscriber) || set.size > 0) return;
        channels.delete(channel);
        if (client && listening.delete(channel))
          await client.query(command('UNLISTEN', channel)).catch(() => undefined);
      };
      try {
        first ??= connect(false).catch((err: unknown) => {
          first = undefined;
          throw err;
        });
        await first;
        // A connection being made again asks for it itself.
        if (client && !listening.has(channel)) {
          listening.add(channel);
          await client.query(command('LISTEN', channel));
        }
      } catch (err) {
        await unsubscribe();
        throw err;
      }
      return unsubscribe;
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}
