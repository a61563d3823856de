import type { FastifyPluginAsync } from 'fastify';
import { topics, type LiveClientMessage, type LiveServerMessage } from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { staffGuard } from '../auth/guard.js';
import { sessionTopic } from '../auth/tokens.js';

/** Topics a staff socket may ask for besides its own user and session. */
function maySubscribe(topic: string, userId: string): boolean {
  return topic === topics.user(userId) || /^list:[a-z-]+$/.test(topic);
}

/** GET /api/live: one WebSocket per tab, authenticated by the session cookie. */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  app.get('/live', { websocket: true, preValidation: staffGuard(app) }, (socket, request) => {
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
      if (typeof msg?.topic !== 'string' || !maySubscribe(msg.topic, viewer.id)) return;
      if (msg.action === 'subscribe') hub.subscribe(socket, msg.topic);
      else if (msg.action === 'unsubscribe' && msg.topic !== topics.user(viewer.id)) hub.unsubscribe(socket, msg.topic);
    });
    socket.on('close', () => hub.remove(socket));
  });
};
