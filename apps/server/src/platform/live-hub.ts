import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import {
  LIVE_CLOSE,
  LIVE_REPLAY_MAX_MS,
  topics as liveTopics,
  type LiveEvent,
  type LiveServerMessage,
} from '@vialex/domain';
import type { Database, Executor } from '../db/client.js';
import { runPrepared } from '../db/prepared.js';

/** The notification channel of live events; a statement may notify it itself (users' positions). */
export const LIVE_CHANNEL = 'vialex_live';
const CHANNEL = LIVE_CHANNEL;
/** The close code of a stopping server (RFC 6455's 1012, service restart): the client reconnects. */
export const SERVICE_RESTART = 1012;
/** The reasons of a 1012 sent because live events may have been missed. */
export const LIVE_GAP = {
  lost: 'live events lost',
  resumed: 'live events missed',
  /** More events of a topic than the hub remembers fell in a new subscriber's replay window. */
  replay: 'live events too many to replay',
} as const;

/**
 * Added to the client's `since`: its read may reach the server before its subscribe message, and a
 * chat room's topic is known only from the room's read, so the screen subscribes after it.
 */
export const LIVE_REPLAY_SLACK_MS = 10_000;
/**
 * How fast `closeAll` sends an instance's sockets to reconnect: a slice every GAP_SLICE_MS. Each
 * socket that comes back resubscribes and its screen reads again: sent in one loop, a thousand
 * screens came back and read in the same second the database was back. At 250 a second an
 * instance's 500 are sent in 2 s, on top of the app's own first dial anywhere in the first second.
 */
const GAP_CLOSES_PER_SLICE = 25;
const GAP_SLICE_MS = 100;
/**
 * How long the listening connection may be lost before the sockets are told (a restart of the
 * database is back sooner; see `start`). Until then they stay open and hear nothing.
 */
export const LOST_CLOSE_MS = 10_000;

/** Events remembered per topic for replay; see `subscribe`. */
const REPLAY_DEPTH = 32;

/**
 * Events of which a socket needs only the newest: a tab hearing of a new notice reads its bell
 * again and toasts the notice named, so of several within `newestOnlyMs` it gets the first at once
 * and then only the newest, once the window ends. An Administrador is told of every case's
 * creation and status change: on a busy day that is many a second per tab, each a frame to send
 * and a bell to read again, where one a window shows the same.
 */
const NEWEST_ONLY: ReadonlySet<LiveEvent['name']> = new Set(['notification.created']);
/** See NEWEST_ONLY. */
export const NEWEST_ONLY_MS = 500;

const USER_TOPIC = liveTopics.user('');
/** Every session's topic begins so (staff's and clients'); its `session.ended` closes the socket. */
export const SESSION_TOPIC = liveTopics.session('');
/** A socket's own topics are followed from its connection on: nothing of them is replayed. */
const remembered = (topic: string) => !topic.startsWith(USER_TOPIC) && !topic.startsWith(SESSION_TOPIC);

/** Queues a notification of the live channel on the executor's transaction. */
const notify = (executor: Executor, payload: string) =>
  runPrepared(executor, 'live_notify', () => sql`select pg_notify(${CHANNEL}, ${sql.placeholder('payload')})`, {
    payload,
  });

/**
 * Queues several notifications in one statement, in the order given. They go as one JSON array,
 * each element's text its notification's payload: an array of strings would be written out by
 * the driver in JavaScript, a string at a time with its quotes escaped (most of what announcing a
 * notice to many users allocated).
 */
const notifyAll = (executor: Executor, payloads: readonly object[]) =>
  runPrepared(
    executor,
    'live_notify_all',
    () => sql`select pg_notify(${CHANNEL}, p.payload::text)
      from json_array_elements(${sql.placeholder('payloads')}::json) with ordinality as p(payload, n) order by p.n`,
    { payloads: JSON.stringify(payloads) },
  );

/** The frame that sends a socket an event of a topic. */
const frame = (topic: string, event: LiveEvent) =>
  JSON.stringify({ type: 'event', topic, event } satisfies LiveServerMessage);

/** The notification of one event to one topic, as `publish` sends it. */
export const livePayload = (topic: string, event: LiveEvent) => JSON.stringify({ topic, event });

/**
 * What one socket gets of an event of a topic it follows, where that is not the event itself (a
 * chat room's message, for a member who reads only the room's files); see `subscribe`.
 */
export type EventView = (event: LiveEvent) => LiveEvent;

/** Runs when an event of the watched topic reaches the socket; see `watch`. */
export type TopicWatcher = (event: LiveEvent) => Promise<void>;

/**
 * The live-event hub. Services publish with pg_notify on their transaction, so PostgreSQL
 * delivers the event only after commit, and to every server instance listening on the channel;
 * each instance relays it to its own subscribed sockets.
 */
export class LiveHub {
  private readonly byTopic = new Map<string, Set<WebSocket>>();
  private readonly bySocket = new Map<WebSocket, Set<string>>();
  /** The sockets of a topic that see its events through a view of their own. */
  private readonly views = new Map<string, Map<WebSocket, EventView>>();
  private readonly watchers = new Map<WebSocket, { topic: string; name: LiveEvent['name']; onEvent: TopicWatcher }>();
  /** Sockets whose watcher is still running: their next events wait for it, in order. */
  private readonly held = new Map<WebSocket, Promise<void>>();
  /**
   * The events each topic had in the last LIVE_REPLAY_MAX_MS (at most REPLAY_DEPTH), and when the
   * newest one pushed out was heard; swept each LIVE_REPLAY_MAX_MS.
   */
  private readonly heard = new Map<string, { events: { at: number; event: LiveEvent }[]; droppedAt: number }>();
  private sweeper?: ReturnType<typeof setInterval>;
  private stopListening?: () => Promise<void>;
  /** Events sent to sockets of this instance since it started (the metrics' fan-out counter). */
  eventsSent = 0;
  /** Connections written to in this turn of the event loop, held (corked) until it ends. */
  private readonly corked = new Set<Socket>();
  /**
   * Sockets sent a NEWEST_ONLY event in the current window, with the newest one heard since, if
   * any, to send when the window ends; see `keep`.
   */
  private readonly windowed = new Map<WebSocket, { topic: string; event: LiveEvent } | null>();
  private windowTimer?: ReturnType<typeof setInterval>;
  /** The next slice of a `closeAll` under way. */
  private closing?: ReturnType<typeof setTimeout>;
  /** Tells the sockets of a loss that lasts (LOST_CLOSE_MS). */
  private lostTimer?: ReturnType<typeof setTimeout>;

  private heardAll = true;
  /** False while the listening connection is lost: events committed meanwhile never reach this instance. */
  get listening(): boolean {
    return this.heardAll;
  }
  /**
   * Runs when the listening connection is back, before `listening` is true again: the sockets
   * closed while the database was away could not give back what they held, and those still open
   * are about to be sent to reconnect (server.ts: the instance's presence, InstanceRegistry.giveBack).
   */
  beforeResume?: () => Promise<void>;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly clock: () => number = Date.now,
    private readonly newestOnlyMs = NEWEST_ONLY_MS,
  ) {}

  async start(): Promise<void> {
    this.sweeper = setInterval(() => this.forget(), LIVE_REPLAY_MAX_MS);
    this.sweeper.unref();
    this.stopListening = await this.database.listen(
      CHANNEL,
      (payload) => {
        try {
          const parsed = JSON.parse(payload) as { topic?: string; topics?: string[]; event: LiveEvent };
          const at = this.clock();
          for (const topic of parsed.topics ?? [parsed.topic ?? '']) {
            if (remembered(topic)) this.remember(topic, parsed.event, at);
            this.deliver(topic, parsed.event);
          }
        } catch {
          // A malformed payload is not ours; ignore it.
        }
      },
      // The listening connection was lost (a database restart): what was committed but not yet
      // delivered to it, and whatever is notified until it listens again, never arrives. Once it
      // listens again every socket is told to reconnect (1012, within seconds: closeAll), and a
      // reconnecting app resubscribes and refetches what it shows, so nobody keeps a screen that
      // silently missed a change. Not at the loss itself as well: a restart is back within
      // seconds, and the screens that came back during it (their gates and reads failing on the
      // absent database) came back again after it, twice the work at the moment the database
      // was busiest. A loss that lasts past LOST_CLOSE_MS is told at once, so the apps show they
      // are not connected. (Refusing sockets with 503 instead made nginx take every instance
      // out: a 503 counts as a failed try there.)
      {
        onLost: () => {
          this.heardAll = false;
          clearTimeout(this.lostTimer);
          this.lostTimer = setTimeout(() => this.closeAll(LIVE_GAP.lost), LOST_CLOSE_MS).unref();
        },
        onResumed: () => void this.resume(),
      },
    );
  }

  /**
   * Listening again: what the sockets held in the database, which those closed meanwhile could not
   * give back, is given back (`beforeResume`, tried again each second until it succeeds), then
   * every socket is told to reconnect.
   */
  private async resume(): Promise<void> {
    for (;;) {
      try {
        await this.beforeResume?.();
        break;
      } catch {
        if (this.stopped) return;
        await new Promise((resolve) => setTimeout(resolve, 1000).unref());
      }
    }
    clearTimeout(this.lostTimer);
    this.heardAll = true;
    this.closeAll(LIVE_GAP.resumed);
  }

  /**
   * Sends every socket of this instance to reconnect (1012): the app resubscribes and refetches.
   * Also when what the sockets held in the database was given back (platform/instances.ts). The
   * sockets go a slice at a time (GAP_CLOSES_PER_SLICE), the first at once; a later call takes over
   * from one under way, with every socket open then.
   */
  closeAll(reason: string): void {
    clearTimeout(this.closing);
    this.closing = undefined;
    const sockets = [...this.bySocket.keys()];
    const slice = (from: number) => {
      for (const socket of sockets.slice(from, from + GAP_CLOSES_PER_SLICE)) socket.close(SERVICE_RESTART, reason);
      const next = from + GAP_CLOSES_PER_SLICE;
      this.closing = next < sockets.length ? setTimeout(() => slice(next), GAP_SLICE_MS).unref() : undefined;
    };
    slice(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeper);
    clearInterval(this.windowTimer);
    clearTimeout(this.closing);
    clearTimeout(this.lostTimer);
    await this.stopListening?.();
    // A stopping server has no time to spread: every socket goes now.
    for (const socket of this.bySocket.keys()) socket.close(SERVICE_RESTART, 'server restarting');
  }

  /** Queues an event on the executor's transaction (or sends it now outside one). */
  async publish(executor: Executor, topic: string, event: LiveEvent): Promise<void> {
    await notify(executor, livePayload(topic, event));
  }

  /**
   * One event for several topics (a chat message's unread counts, one per member) in one
   * notification. PostgreSQL's payload limit (8,000 bytes) holds about a hundred user topics, so
   * longer lists go in chunks.
   */
  async publishToMany(executor: Executor, topics: readonly string[], event: LiveEvent): Promise<void> {
    await this.publishAll(executor, [{ topics, event }]);
  }

  /** Several notifications (each to a topic or to many) in one round trip, in this order. */
  async publishAll(
    executor: Executor,
    notices: readonly ({ topic: string; event: LiveEvent } | { topics: readonly string[]; event: LiveEvent })[],
  ): Promise<void> {
    const CHUNK = 100;
    const payloads: object[] = [];
    for (const n of notices) {
      if ('topic' in n) payloads.push({ topic: n.topic, event: n.event });
      else
        for (let i = 0; i < n.topics.length; i += CHUNK)
          payloads.push({ topics: n.topics.slice(i, i + CHUNK), event: n.event });
    }
    if (payloads.length === 1) await notify(executor, JSON.stringify(payloads[0]));
    else if (payloads.length > 1) await notifyAll(executor, payloads);
  }

  /**
   * Follows a topic from now on; with `replayFrom` (see `replayFrom`), the topic's events this
   * instance heard since then are sent first, in order, so a change committed between a screen's
   * read and its subscription still reaches it (an event the read already saw only costs the
   * screen a read). More than the hub remembers in that time: the socket is sent to reconnect, and
   * a reconnected app reads again what it shows. With `view`, the socket gets each event as the
   * view gives it, replayed ones too.
   */
  subscribe(socket: WebSocket, topic: string, replayFrom?: number, view?: EventView): void {
    let sockets = this.byTopic.get(topic);
    if (!sockets) this.byTopic.set(topic, (sockets = new Set()));
    sockets.add(socket);
    let topics = this.bySocket.get(socket);
    if (!topics) this.bySocket.set(socket, (topics = new Set()));
    topics.add(topic);
    if (view) {
      let views = this.views.get(topic);
      if (!views) this.views.set(topic, (views = new Map()));
      views.set(socket, view);
    }
    if (replayFrom === undefined) return;
    const memory = this.heard.get(topic);
    if (!memory) return;
    if (memory.droppedAt >= replayFrom) {
      socket.close(SERVICE_RESTART, LIVE_GAP.replay);
      return;
    }
    for (const { at, event } of memory.events) {
      if (at < replayFrom) continue;
      const seen = view ? view(event) : event;
      this.deliverTo(socket, topic, seen, frame(topic, seen));
    }
  }

  /** Where a subscription asked now, with the client's `since` (LiveClientMessage), replays from. */
  replayFrom(since: number): number {
    return this.clock() - Math.min(since, LIVE_REPLAY_MAX_MS) - LIVE_REPLAY_SLACK_MS;
  }

  private remember(topic: string, event: LiveEvent, at: number): void {
    let memory = this.heard.get(topic);
    if (!memory) this.heard.set(topic, (memory = { events: [], droppedAt: 0 }));
    memory.events.push({ at, event });
    if (memory.events.length > REPLAY_DEPTH) memory.droppedAt = memory.events.shift()!.at;
  }

  /** Drops what no replay can reach any more. */
  private forget(): void {
    const before = this.clock() - LIVE_REPLAY_MAX_MS - LIVE_REPLAY_SLACK_MS;
    for (const [topic, memory] of this.heard) {
      while (memory.events.length && memory.events[0].at < before) memory.events.shift();
      if (memory.events.length === 0) this.heard.delete(topic);
    }
  }

  unsubscribe(socket: WebSocket, topic: string): void {
    this.byTopic.get(topic)?.delete(socket);
    if (this.byTopic.get(topic)?.size === 0) this.byTopic.delete(topic);
    this.bySocket.get(socket)?.delete(topic);
    const views = this.views.get(topic);
    if (views?.delete(socket) && views.size === 0) this.views.delete(topic);
  }

  remove(socket: WebSocket): void {
    for (const topic of this.bySocket.get(socket) ?? []) this.unsubscribe(socket, topic);
    this.bySocket.delete(socket);
    this.watchers.delete(socket);
    this.held.delete(socket);
    this.windowed.delete(socket);
  }

  /**
   * After an event `name` of `topic` is sent to this socket, `onEvent` runs, and the socket's later
   * events wait until it has finished; an event whose topic the socket left meanwhile is not
   * sent. The live route uses it to re-check what a socket may follow when its own user changes,
   * with no window in which a list it just lost still reaches it. One watcher per socket.
   */
  watch(socket: WebSocket, topic: string, name: LiveEvent['name'], onEvent: TopicWatcher): void {
    this.watchers.set(socket, { topic, name, onEvent });
  }

  topicsOf(socket: WebSocket): string[] {
    return [...(this.bySocket.get(socket) ?? [])];
  }

  /** Sockets of this instance subscribed to the topic. */
  subscriberCount(topic: string): number {
    return this.byTopic.get(topic)?.size ?? 0;
  }

  get socketCount(): number {
    return this.bySocket.size;
  }

  private deliver(topic: string, event: LiveEvent): void {
    const sockets = this.byTopic.get(topic);
    if (!sockets) return;
    const views = this.views.get(topic);
    const newestOnly = NEWEST_ONLY.has(event.name);
    // Built once, for the sockets that are sent the event itself now (a kept one is built when sent).
    let message: string | undefined;
    for (const socket of sockets) {
      const view = views?.get(socket);
      const seen = view ? view(event) : event;
      if (newestOnly && this.keep(socket, topic, seen)) continue;
      const seenMessage = seen === event ? (message ??= frame(topic, event)) : frame(topic, seen);
      this.deliverTo(socket, topic, seen, seenMessage);
    }
  }

  /**
   * A NEWEST_ONLY event: sent now when the socket had none in this window (answers false), else
   * kept in place of any kept before it until the window ends (answers true). One timer ends every
   * socket's window: a socket waits at most `newestOnlyMs` for its newest, and gets at most two
   * such frames in that time.
   */
  private keep(socket: WebSocket, topic: string, event: LiveEvent): boolean {
    if (this.windowed.has(socket)) {
      this.windowed.set(socket, { topic, event });
      return true;
    }
    this.windowed.set(socket, null);
    if (!this.windowTimer) {
      this.windowTimer = setInterval(() => this.endWindow(), this.newestOnlyMs);
      this.windowTimer.unref();
    }
    return false;
  }

  /** Sends each socket the newest event kept in the window; a socket with none kept is free again. */
  private endWindow(): void {
    for (const [socket, kept] of this.windowed) {
      if (!kept) {
        this.windowed.delete(socket);
        continue;
      }
      this.windowed.set(socket, null);
      if (this.bySocket.get(socket)?.has(kept.topic))
        this.deliverTo(socket, kept.topic, kept.event, frame(kept.topic, kept.event));
    }
    if (this.windowed.size === 0) {
      clearInterval(this.windowTimer);
      this.windowTimer = undefined;
    }
  }

  /** Sends now, or after the socket's running watcher, if the socket still follows the topic then. */
  private deliverTo(socket: WebSocket, topic: string, event: LiveEvent, message: string): void {
    const waiting = this.held.get(socket);
    if (waiting) {
      this.hold(
        socket,
        waiting.then(() =>
          this.bySocket.get(socket)?.has(topic) ? this.send(socket, topic, event, message) : undefined,
        ),
      );
    } else {
      const work = this.send(socket, topic, event, message);
      if (work) this.hold(socket, work);
    }
  }

  /** Sends one event; answers the watcher's work when the event is of the watched topic. */
  private send(socket: WebSocket, topic: string, event: LiveEvent, message: string): Promise<void> | undefined {
    if (socket.readyState === socket.OPEN) {
      this.cork(socket);
      socket.send(message);
      this.eventsSent++;
    }
    if (event.name === 'session.ended' && topic.startsWith(SESSION_TOPIC))
      socket.close(LIVE_CLOSE.sessionEnded, event.reason);
    const watcher = this.watchers.get(socket);
    // Only the watched event holds the socket (a chat's unread count on the same topic does not).
    return watcher?.topic === topic && watcher.name === event.name ? watcher.onEvent(event) : undefined;
  }

  /**
   * A commit's notifications arrive together (a chat message's event and its unread count reach
   * the same member): the frames a socket gets in one turn leave in one write, not one system call
   * each, which on a busy machine is where an instance spent most of its time (README, soak).
   * ws corks its own writes the same way; `_socket` is its connection.
   */
  private cork(socket: WebSocket): void {
    const connection = (socket as unknown as { _socket?: Socket })._socket;
    if (!connection || this.corked.has(connection)) return;
    connection.cork();
    this.corked.add(connection);
    if (this.corked.size === 1)
      process.nextTick(() => {
        for (const c of this.corked) c.uncork();
        this.corked.clear();
      });
  }

  private hold(socket: WebSocket, work: Promise<void>): void {
    const done: Promise<void> = work
      .catch(() => undefined) // the watcher reports its own failures; later events still flow
      .finally(() => {
        if (this.held.get(socket) === done) this.held.delete(socket);
      });
    this.held.set(socket, done);
  }
}
