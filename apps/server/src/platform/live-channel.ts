import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  LIVE_CLOSE,
  LIVE_MAX_SOCKETS_PER_SESSION,
  MSG,
  type ApiErrorBody,
  type ChatSendResult,
  type LiveClientMessage,
  type LiveEvent,
  type LiveServerMessage,
  type SessionEndReason,
} from '@vialex/domain';
import { heartbeat } from './heartbeat.js';
import type { AppContext } from './context.js';
import { body, knownFailure } from './errors.js';
import { SESSION_TOPIC, type EventView } from './live-hub.js';

/**
 * A topic the database must allow, and what following it records: a chat room (the member's
 * presence there), an agent's position (a watched position, so its updates are announced).
 */
export interface TopicGate<W> {
  /** Whether `who` may follow it now. */
  allows(ctx: AppContext, who: W): Promise<boolean>;
  enter(ctx: AppContext, who: W): Promise<void>;
  leave(ctx: AppContext, who: W): Promise<void>;
  /** What the socket gets of the topic's events, when not all of them; asked once `allows` passed. */
  view?(who: W): EventView | undefined;
  /**
   * The socket's screen got the topic's events up to `hasta` and shows them (`leido`): a chat
   * room's marks move. Only a topic the socket follows.
   */
  mark?(ctx: AppContext, who: W, hasta: number, leido: boolean): Promise<void>;
}

/** What a socket keeps and takes up after its re-check. */
export interface LivePlan<W> {
  /** Whether a topic it asked for itself (a list) is still allowed. */
  keepsTopic(topic: string): boolean;
  /** Whether a gated topic it follows is still allowed. */
  keepsGated(topic: string, gate: TopicGate<W>): Promise<boolean>;
  /** Gated topics to follow now, besides those kept. */
  follow: string[];
}

/**
 * One audience of the live channel: staff (/api/live) or the client of one case
 * (/api/cliente/live). The channel's mechanics are the same for both — the session's end closes
 * the socket, the per-session cap, the ping, gated topics followed in order — and the audience
 * says who the socket is and what it may follow.
 */
export interface LiveAccess<W> {
  /** Logged with the socket's refusals and failures. */
  name: string;
  /** Who the socket is: the scope's hook authenticated the upgrade. */
  who(ctx: AppContext, request: FastifyRequest): Promise<W>;
  /**
   * The session's topic: its `session.ended` closes the socket (LiveHub), and at most
   * LIVE_MAX_SOCKETS_PER_SESSION sockets of one session follow it on an instance.
   */
  sessionTopic(who: W): string;
  /** When the session's time is up: the socket is ended then, whether or not a sweep has run. */
  expiresAt(who: W): Date;
  /** Topics followed from the start and for as long as the socket lives. */
  ownTopics(who: W): string[];
  /** Gated topics followed from the start (the client's room and their case's agents). */
  initialGated(ctx: AppContext, who: W): Promise<string[]>;
  /** The gate of a gated topic; undefined for any other topic. */
  gateOf(topic: string, who: W): TopicGate<W> | undefined;
  /** Whether the socket may ask for a topic itself (a gated one must also pass its gate). */
  mayAsk(topic: string, who: W): boolean;
  /**
   * A text sent on the socket (LiveClientMessage 'send', its fields unchecked): saved as POST
   * …/mensajes saves it, or refused with the AppError that route would answer. An audience
   * without it refuses every such text.
   */
  send?(ctx: AppContext, who: W, fields: Record<string, unknown>): Promise<ChatSendResult>;
  /**
   * The event of one of its own topics after which the socket re-checks everything it follows
   * (its user changed; its case's agents changed). The hub holds the socket's later events until
   * the re-check has run, so nothing it just lost still reaches it.
   */
  recheck: {
    topic(who: W): string;
    event: LiveEvent['name'];
    plan(ctx: AppContext, who: W): Promise<LivePlan<W>>;
  };
}

/** Gated topics one socket follows at most at a time. */
const MAX_GATED_PER_SOCKET = 12;
/**
 * Texts one socket may have on their way at a time. The app sends one at a time (its outbox); a
 * socket that sends more is refused the rest (429), which the app's POST would then carry.
 */
const MAX_SENDS_IN_FLIGHT = 4;
/** The longest clientId a text's answer names (a UUID: 36; the text's own check refuses others). */
const MAX_CLIENT_ID = 64;
/** The highest message number a mark may name (a chat room's numbers are PostgreSQL integers). */
const MAX_MARK = 2 ** 31 - 1;
/** setTimeout's longest delay; a later end is re-armed when it comes nearer. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A text sent on the socket: the clientId its answer names, and its fields as they came. */
type SendMessage = { action: 'send'; clientId: string; fields: Record<string, unknown> };

function parseClientMessage(raw: unknown): Exclude<LiveClientMessage, { action: 'send' }> | SendMessage | undefined {
  let msg: unknown;
  try {
    msg = JSON.parse(String(raw));
  } catch {
    return undefined;
  }
  if (!msg || typeof msg !== 'object') return undefined;
  const { action, topic, since, hasta, leido } = msg as Record<string, unknown>;
  if (action === 'send') {
    const { clientId } = msg as Record<string, unknown>;
    return typeof clientId === 'string' && clientId.length > 0 && clientId.length <= MAX_CLIENT_ID
      ? { action, clientId, fields: msg as Record<string, unknown> }
      : undefined;
  }
  if (action === 'mark')
    return typeof topic === 'string' &&
      Number.isInteger(hasta) &&
      (hasta as number) > 0 &&
      (hasta as number) <= MAX_MARK &&
      typeof leido === 'boolean'
      ? { action, topic, hasta: hasta as number, leido }
      : undefined;
  if ((action !== 'subscribe' && action !== 'unsubscribe') || typeof topic !== 'string') return undefined;
  // A `since` that is no count of ms asks for no replay; it does not spoil the subscription.
  return typeof since === 'number' && since >= 0 && Number.isFinite(since)
    ? { action, topic, since }
    : { action, topic };
}

/** What a failed text answers, as the route's error handler would; a failure of ours is logged. */
function refusalOf(err: unknown, request: FastifyRequest): ApiErrorBody {
  const known = knownFailure(err);
  if (known?.unvalidated) request.log.warn({ err, route: 'live: send' }, 'input refused by the database');
  if (known) return known.body;
  request.log.error({ err, route: 'live: send' }, 'unexpected error');
  return body(500, 'INTERNAL', MSG.errorServidor);
}

/** The socket's `?since=` (whole ms); anything else asks for no replay. */
function sinceOf(query: unknown): number | undefined {
  const since = (query as Record<string, unknown> | undefined)?.since;
  return typeof since === 'string' && /^\d{1,9}$/.test(since) ? Number(since) : undefined;
}

/**
 * The live channel's WebSocket route (`GET /live` under the scope's prefix) for one audience.
 * An upgrade from a page of another site was refused before it (request-guards.ts), and the
 * scope's hook checked the session. The server pings every socket each LIVE_PING_MS and drops
 * one that did not answer the previous ping (a phone that lost its network leaves no close).
 */
export function liveChannel<W>(access: LiveAccess<W>): FastifyPluginAsync {
  return async (app) => {
    const { hub, config } = app.ctx;
    const ctx = app.ctx;
    // LIVE_PING_MS=0 turns the heartbeat off.
    const pings = heartbeat<WebSocket>(config.livePingMs, (socket) => hub.remove(socket));
    app.addHook('onClose', async () => pings.stop());
    /**
     * Each socket's way to leave its gated topics. A server stopping leaves them all while its
     * database is still open, so no member stays online and no position stays watched here.
     */
    const leaving = new Set<() => Promise<void>>();
    app.addHook('preClose', async () => {
      await Promise.allSettled([...leaving].map((leave) => leave()));
    });

    app.get('/live', { websocket: true }, async (socket, request) => {
      // Frames that come while the socket's user and first topics are read (database round trips
      // for the driver's) are kept and handled, in order, once it listens: ws drops what no
      // listener hears.
      const early: RawData[] = [];
      const keepEarly = (raw: RawData) => early.push(raw);
      socket.on('message', keepEarly);
      // `?since=` (ms): the app's first socket says how long ago its screens read, so the topics
      // it follows from the start replay what they had since (LiveHub.subscribe).
      const since = sinceOf(request.query);
      const replayFrom = since === undefined ? undefined : hub.replayFrom(since);
      let who: W;
      let initial: string[];
      try {
        who = await access.who(ctx, request);
        initial = await access.initialGated(ctx, who);
      } catch (err) {
        request.log.warn({ err, audience: access.name }, 'live: could not open the socket');
        socket.close(1011, 'unavailable');
        return;
      }
      // Gone while it was being read: nothing to follow, nothing to undo.
      if (socket.readyState !== socket.OPEN) return;
      const ownSession = access.sessionTopic(who);
      if (hub.subscriberCount(ownSession) >= LIVE_MAX_SOCKETS_PER_SESSION) {
        request.log.info({ code: 'LIVE_TOO_MANY_SOCKETS', audience: access.name }, 'live socket refused: too many');
        socket.close(LIVE_CLOSE.tooManySockets, 'too many sockets for this session');
        return;
      }
      for (const topic of [ownSession, ...access.ownTopics(who)]) hub.subscribe(socket, topic, replayFrom);
      const own = new Set(hub.topicsOf(socket));
      pings.add(socket);

      /** Ends the socket as the session's end does: the event the app understands, then 4001. */
      const end = (reason: SessionEndReason) => {
        if (socket.readyState !== socket.OPEN) return;
        const event: LiveEvent = { name: 'session.ended', reason };
        socket.send(JSON.stringify({ type: 'event', topic: ownSession, event } satisfies LiveServerMessage));
        socket.close(LIVE_CLOSE.sessionEnded, reason);
      };
      let expiry: ReturnType<typeof setTimeout> | undefined;
      const armExpiry = () => {
        clearTimeout(expiry);
        const left = access.expiresAt(who).getTime() - Date.now();
        if (left <= 0) return end('expired');
        expiry = setTimeout(() => (left > MAX_TIMER_MS ? armExpiry() : end('expired')), Math.min(left, MAX_TIMER_MS));
        expiry.unref();
      };

      /** Gated topics followed (at most MAX_GATED_PER_SOCKET); their gates undo them on leaving. */
      const followed = new Map<string, TopicGate<W>>();
      let queue = Promise.resolve();
      /** A socket's messages and re-checks run in order. */
      const inOrder = (work: () => Promise<void>) => {
        queue = queue
          .then(work)
          .catch((err) => request.log.warn({ err, audience: access.name }, 'live: gated topic failed'));
        return queue;
      };
      let gone = false;
      /** `replayFrom`: see LiveHub.subscribe; only a subscription the screen asked for replays. */
      const follow = async (topic: string, gate: TopicGate<W>, announce: boolean, replayFrom?: number) => {
        if (gone || followed.has(topic) || followed.size >= MAX_GATED_PER_SOCKET) return;
        if (!(await gate.allows(ctx, who))) {
          request.log.debug({ code: 'LIVE_TOPIC_REFUSED' }, 'live: topic not allowed');
          return;
        }
        if (gone) return;
        await gate.enter(ctx, who);
        // Recorded once entered: leaving (below, or the socket's end, queued after this) undoes it.
        followed.set(topic, gate);
        if (socket.readyState !== socket.OPEN) return;
        hub.subscribe(socket, topic, replayFrom, gate.view?.(who));
        if (announce) socket.send(JSON.stringify({ type: 'subscribed', topic } satisfies LiveServerMessage));
      };
      const unfollow = async (topic: string) => {
        const gate = followed.get(topic);
        if (!gate) return;
        followed.delete(topic);
        hub.unsubscribe(socket, topic);
        await gate.leave(ctx, who);
      };

      hub.watch(socket, access.recheck.topic(who), access.recheck.event, () =>
        inOrder(async () => {
          let plan: LivePlan<W>;
          try {
            plan = await access.recheck.plan(ctx, who);
          } catch (err) {
            // Unknown state: follow nothing but the socket's own topics until the next change.
            request.log.warn({ err, audience: access.name }, 'live: could not re-check the socket');
            plan = { keepsTopic: () => false, keepsGated: async () => false, follow: [] };
          }
          for (const topic of hub.topicsOf(socket))
            if (!own.has(topic) && !followed.has(topic) && !plan.keepsTopic(topic)) hub.unsubscribe(socket, topic);
          for (const [topic, gate] of [...followed]) if (!(await plan.keepsGated(topic, gate))) await unfollow(topic);
          for (const topic of plan.follow) {
            const gate = access.gateOf(topic, who);
            if (gate) await follow(topic, gate, false);
          }
          armExpiry();
        }),
      );

      const leaveAll = () => {
        leaving.delete(leaveAll);
        gone = true;
        return inOrder(async () => {
          for (const topic of [...followed.keys()]) await unfollow(topic);
        });
      };
      leaving.add(leaveAll);
      socket.on('close', () => {
        clearTimeout(expiry);
        pings.remove(socket);
        hub.remove(socket);
        if (leaving.has(leaveAll)) void leaveAll();
      });

      /** A mark of a topic the socket follows (and whose gate takes marks), in order with the rest. */
      const markFollowed = (topic: string, hasta: number, leido: boolean) => {
        const gate = followed.get(topic);
        if (!gate?.mark) {
          request.log.debug({ code: 'LIVE_TOPIC_REFUSED' }, 'live: mark of a topic not followed');
          return;
        }
        void inOrder(async () => {
          // Left meanwhile: nothing to mark.
          if (followed.get(topic) === gate) await gate.mark!(ctx, who, hasta, leido);
        });
      };

      /**
       * A text sent on the socket: answered 'sent' or 'refused' with its clientId, while the
       * socket is open. Not in order with the rest: a send waits for nothing the socket asked
       * before it, and the app sends the next text only once this one is answered.
       */
      let sending = 0;
      const sendText = async ({ clientId, fields }: SendMessage) => {
        const started = performance.now();
        const answer = (message: Extract<LiveServerMessage, { type: 'sent' | 'refused' }>) => {
          const status = message.type === 'sent' ? 200 : message.error.statusCode;
          ctx.observeLiveSend?.((performance.now() - started) / 1000, status);
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        };
        if (!access.send) return answer({ type: 'refused', clientId, error: body(403, 'FORBIDDEN', MSG.noAutorizado) });
        if (sending >= MAX_SENDS_IN_FLIGHT)
          return answer({ type: 'refused', clientId, error: body(429, 'TOO_MANY', MSG.demasiadasSolicitudes) });
        sending++;
        try {
          answer({ type: 'sent', clientId, result: await access.send(ctx, who, fields) });
        } catch (err) {
          answer({ type: 'refused', clientId, error: refusalOf(err, request) });
        } finally {
          sending--;
        }
      };

      const onMessage = (raw: RawData) => {
        const msg = parseClientMessage(raw);
        if (!msg) {
          request.log.debug({ code: 'LIVE_BAD_MESSAGE' }, 'live: malformed client message ignored');
          return;
        }
        if (msg.action === 'send') return void sendText(msg);
        if (msg.action === 'mark') return markFollowed(msg.topic, msg.hasta, msg.leido);
        if (!access.mayAsk(msg.topic, who)) {
          request.log.debug({ code: 'LIVE_TOPIC_REFUSED' }, 'live: topic not allowed');
          return;
        }
        const gate = access.gateOf(msg.topic, who);
        // Only a client that says since when it reads gets a replay. Taken on arrival: a gated
        // topic's checks may take a while, and its events meanwhile count.
        const replayFrom =
          msg.action === 'subscribe' && msg.since !== undefined ? hub.replayFrom(msg.since) : undefined;
        if (gate) {
          void inOrder(() =>
            msg.action === 'subscribe' ? follow(msg.topic, gate, true, replayFrom) : unfollow(msg.topic),
          );
          return;
        }
        // Ungated topics (lists) follow in this turn; a socket's own topics are never left.
        if (msg.action === 'subscribe') hub.subscribe(socket, msg.topic, replayFrom);
        else if (!own.has(msg.topic)) hub.unsubscribe(socket, msg.topic);
      };
      socket.off('message', keepEarly);
      socket.on('message', onMessage);
      for (const raw of early.splice(0)) onMessage(raw);

      armExpiry();
      const ready = () => {
        const visible = hub.topicsOf(socket).filter((t) => !t.startsWith(SESSION_TOPIC));
        if (socket.readyState === socket.OPEN)
          socket.send(JSON.stringify({ type: 'ready', topics: visible } satisfies LiveServerMessage));
      };
      if (initial.length === 0) return ready();
      void inOrder(async () => {
        for (const topic of initial) {
          const gate = access.gateOf(topic, who);
          if (gate) await follow(topic, gate, false, replayFrom);
        }
        ready();
      });
    });
  };
}
