import type { FastifyPluginAsync } from 'fastify';
import { USER_STATUS_VISIBLE, topics, visibleUserCargos, type Cargo, type LiveClientMessage, type LiveServerMessage } from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { staffGuard } from '../auth/guard.js';
import { sessionTopic } from '../auth/tokens.js';

/**
 * The lists a cargo may follow: those it may open. Events carry only ids, but a Perito has no
 * business hearing which staff users change. Every cargo has a cases list and the clients list.
 */
const LISTS: Record<string, (cargo: Cargo) => boolean> = {
  casos: () => true,
  clientes: () => true,
  usuarios: (cargo) => visibleUserCargos(cargo).length > 0 || USER_STATUS_VISIBLE[cargo].length > 0,
};

/** Topics a staff socket may ask for besides its own user and session. */
function maySubscribe(topic: string, viewer: { id: string; cargo: Cargo }): boolean {
  if (topic === topics.user(viewer.id)) return true;
  const list = /^list:([a-z-]+)$/.exec(topic)?.[1];
  return !!list && Object.hasOwn(LISTS, list) && LISTS[list](viewer.cargo);
}

/** GET /api/live: one WebSocket per tab, authenticated by the session cookie. */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  app.get('/live', { websocket: true, onRequest: staffGuard(app) }, (socket, request) => {
    const viewer = viewerOf(request);
    const { hub } = app.ctx;
    hub.subscribe(socket, topics.user(viewer.id));
    hub.subscribe(socket, sessionTopic(viewer.sessionId));
    const visibleTopics = () => hub.topicsOf(socket).filter((t) => !t.startsWith('session:'));
    socket.send(JSON.stringify({ type: 'ready', topics: visibleTopics() } satisfies LiveServerMessage));

    socket.on('message', (raw) => {
      let msg: LiveClientMessage;
      try {
        msg = JSON.parse(String(raw)) as LiveClientMessage;
      } catch {
        return;
      }
      if (typeof msg?.topic !== 'string' || !maySubscribe(msg.topic, viewer)) return;
      if (msg.action === 'subscribe') hub.subscribe(socket, msg.topic);
      else if (msg.action === 'unsubscribe' && msg.topic !== topics.user(viewer.id)) hub.unsubscribe(socket, msg.topic);
    });
    socket.on('close', () => hub.remove(socket));
  });
};
