import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import {
  LIVE_CLOSE,
  LIVE_MAX_SOCKETS_PER_SESSION,
  USER_STATUS_VISIBLE,
  isCargo,
  topics,
  visibleUserCargos,
  type Cargo,
  type LiveClientMessage,
  type LiveServerMessage,
} from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { sessionTopic } from '../auth/tokens.js';
import { findUser } from '../users/queries.js';
import { enterRoom, leaveRoom, roomOfTopic } from '../chat/presence.js';
import { followAgent, unfollowAgent, agentOfTopic } from '../case-map/watchers.js';
import type { AppContext } from '../../platform/context.js';
import type { Viewer } from '../auth/session.js';

/**
 * The lists a cargo may follow: those it may open. Events carry only ids, but a Perito has no
 * business hearing which staff users change. Every cargo has a cases list and the clients list.
 */
const LISTS: Record<string, (cargo: Cargo) => boolean> = {
  casos: () => true,
  clientes: () => true,
  usuarios: (cargo) => visibleUserCargos(cargo).length > 0 || USER_STATUS_VISIBLE[cargo].length > 0,
  // The desk's catalogues (spec 3 §2): every staff user may read them.
  vehiculos: () => true,
  empresas: () => true,
  areas: () => true,
  estadoscaso: () => true,
  // EXPORTACIONES SFTP: every cargo lists the exports of its own cases (events carry only ids).
  exportaciones: () => true,
};

/** Topics a staff socket may ask for besides its own user and session. */
function maySubscribe(topic: string, viewer: { id: string; cargo: Cargo }): boolean {
  if (topic === topics.user(viewer.id)) return true;
  const list = /^list:([a-z-]+)$/.exec(topic)?.[1];
  return !!list && Object.hasOwn(LISTS, list) && LISTS[list](viewer.cargo);
}

/** A topic the database must allow, and what following it records. */
interface TopicGate {
  enter(ctx: AppContext, viewer: Viewer): Promise<boolean>;
  leave(ctx: AppContext, viewerId: string): Promise<void>;
}

/** The gated topics: a case's chat room (presence there), an agent's position (a case map). */
function gateOf(topic: string): TopicGate | undefined {
  const roomId = roomOfTopic(topic);
  if (roomId)
    return {
      enter: (ctx, viewer) => enterRoom(ctx, viewer, roomId),
      leave: (ctx, viewerId) => leaveRoom(ctx, viewerId, roomId),
    };
  const agentId = agentOfTopic(topic);
  if (agentId)
    return { enter: (ctx, viewer) => followAgent(ctx, viewer, agentId), leave: (ctx) => unfollowAgent(ctx, agentId) };
  return undefined;
}

function parseClientMessage(raw: unknown): LiveClientMessage | undefined {
  let msg: unknown;
  try {
    msg = JSON.parse(String(raw));
  } catch {
    return undefined;
  }
  if (!msg || typeof msg !== 'object') return undefined;
  const { action, topic } = msg as Record<string, unknown>;
  if ((action !== 'subscribe' && action !== 'unsubscribe') || typeof topic !== 'string') return undefined;
  return { action, topic };
}

/**
 * GET /api/live: one WebSocket per tab, authenticated by the session cookie (staff scope); an
 * upgrade from a page of another site was refused before that (platform/request-guards.ts). The server pings
 * every socket each LIVE_PING_MS and drops one that did not answer the previous ping (a phone
 * that lost its network leaves no close behind).
 */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  const { hub, config } = app.ctx;
  /** Open sockets of this instance and whether each answered the last ping. */
  const answered = new Map<WebSocket, boolean>();
  const beat = () => {
    for (const [socket, pong] of answered) {
      if (!pong) {
        answered.delete(socket);
        hub.remove(socket);
        socket.terminate();
        continue;
      }
      answered.set(socket, false);
      try {
        socket.ping();
      } catch {
        // Not open any more: its close event cleans up.
      }
    }
  };
  // LIVE_PING_MS=0 turns the heartbeat off.
  const heartbeat = config.livePingMs > 0 ? setInterval(beat, config.livePingMs) : undefined;
  heartbeat?.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));
  /**
   * Each socket's way to leave its gated topics (room presence, followed positions). A server
   * stopping leaves them all while its database is still open, so no member stays online here.
   */
  const leaving = new Set<() => Promise<void>>();
  app.addHook('preClose', async () => {
    await Promise.allSettled([...leaving].map((leave) => leave()));
  });

  app.get('/live', { websocket: true }, (socket, request) => {
    const viewer = viewerOf(request);
    const ownSession = sessionTopic(viewer.sessionId);
    if (hub.subscriberCount(ownSession) >= LIVE_MAX_SOCKETS_PER_SESSION) {
      request.log.info({ code: 'LIVE_TOO_MANY_SOCKETS' }, 'live socket refused: too many for the session');
      socket.close(LIVE_CLOSE.tooManySockets, 'too many sockets for this session');
      return;
    }
    // Updated when the user's cargo changes (see the watcher below).
    const who: { id: string; cargo: Cargo; active: boolean } = { id: viewer.id, cargo: viewer.cargo, active: true };
    hub.subscribe(socket, topics.user(viewer.id));
    hub.subscribe(socket, ownSession);
    answered.set(socket, true);
    socket.on('pong', () => {
      if (answered.has(socket)) answered.set(socket, true);
    });

    // The user's own record changed (cargo, estado…): re-read it and leave the lists it may no
    // longer follow. The hub holds this socket's later events until this has run.
    hub.watch(socket, topics.user(viewer.id), 'user.updated', async () => {
      try {
        const user = await findUser(app.ctx.db, viewer.id);
        who.active = !!user?.estado && isCargo(user.cargo);
        if (user && isCargo(user.cargo)) who.cargo = user.cargo;
      } catch (err) {
        // Unknown state: follow nothing but the user and the session until the next change.
        who.active = false;
        request.log.warn({ err }, 'live: could not re-read the user');
      }
      for (const topic of hub.topicsOf(socket)) {
        if (topic.startsWith('list:') && (!who.active || !maySubscribe(topic, who))) hub.unsubscribe(socket, topic);
      }
    });

    const visibleTopics = () => hub.topicsOf(socket).filter((t) => !t.startsWith('session:'));
    socket.send(JSON.stringify({ type: 'ready', topics: visibleTopics() } satisfies LiveServerMessage));

    /**
     * Topics that need the database to say yes (a chat room, an agent's position): followed at
     * most MAX_GATED_PER_SOCKET at a time; entering records the follow (room presence, a watched
     * position), leaving — or the socket going — undoes it. A socket's messages run in order.
     */
    const followed = new Map<string, TopicGate>();
    const MAX_GATED_PER_SOCKET = 12;
    const followGated = async (action: LiveClientMessage['action'], topic: string, gate: TopicGate) => {
      if (action === 'unsubscribe') {
        if (!followed.delete(topic)) return;
        hub.unsubscribe(socket, topic);
        await gate.leave(app.ctx, viewer.id);
        return;
      }
      if (followed.has(topic) || followed.size >= MAX_GATED_PER_SOCKET || !who.active) return;
      followed.set(topic, gate);
      if (!(await gate.enter(app.ctx, { ...viewer, cargo: who.cargo }))) {
        followed.delete(topic);
        request.log.debug({ code: 'LIVE_TOPIC_REFUSED' }, 'live: topic not allowed for this user');
        return;
      }
      if (socket.readyState === socket.OPEN) {
        hub.subscribe(socket, topic);
        socket.send(JSON.stringify({ type: 'subscribed', topic } satisfies LiveServerMessage));
      }
    };
    let queue = Promise.resolve();
    const inOrder = (work: () => Promise<void>) => {
      queue = queue.then(work).catch((err) => request.log.warn({ err }, 'live: gated topic failed'));
    };

    socket.on('message', (raw) => {
      const msg = parseClientMessage(raw);
      if (!msg) {
        request.log.debug({ code: 'LIVE_BAD_MESSAGE' }, 'live: malformed client message ignored');
        return;
      }
      const gate = gateOf(msg.topic);
      if (gate) {
        inOrder(() => followGated(msg.action, msg.topic, gate));
        return;
      }
      if (!who.active || !maySubscribe(msg.topic, who)) {
        request.log.debug({ code: 'LIVE_TOPIC_REFUSED' }, 'live: topic not allowed for this user');
        return;
      }
      if (msg.action === 'subscribe') hub.subscribe(socket, msg.topic);
      else if (msg.topic !== topics.user(viewer.id)) hub.unsubscribe(socket, msg.topic);
    });
    const leaveAll = () => {
      leaving.delete(leaveAll);
      inOrder(async () => {
        const gates = [...followed.values()];
        followed.clear();
        for (const gate of gates) await gate.leave(app.ctx, viewer.id);
      });
      return queue;
    };
    leaving.add(leaveAll);
    socket.on('close', () => {
      answered.delete(socket);
      hub.remove(socket);
      if (leaving.has(leaveAll)) void leaveAll();
    });
  });
};
