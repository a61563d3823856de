import type { FastifyPluginAsync } from 'fastify';
import { MSG, topics } from '@vialex/domain';
import { liveChannel, type LiveAccess, type TopicGate } from '../../platform/live-channel.js';
import { notFound } from '../../platform/errors.js';
import { openRoomForClient, type ChatSender } from '../chat/service.js';
import { enterPresence, leavePresence, markScreen } from '../chat/presence.js';
import { agentOfTopic, followAgent, unfollowAgent } from '../case-map/watchers.js';
import { findCaseRow } from '../cases/queries.js';
import type { AppContext } from '../../platform/context.js';
import { clientSessionTopic, type ClientViewer } from './client-session.js';

/** A client's socket: their session, their case's general room, and who they are in it. */
interface ClientSocket {
  client: ClientViewer;
  roomTopic: string;
  sender: ChatSender;
}

/** The position topics of the case's lawyer and investigator now (none once it is archived). */
async function agentTopics(ctx: AppContext, caseId: string): Promise<string[]> {
  const c = await findCaseRow(ctx.db, caseId);
  if (!c) throw notFound(MSG.casoNoExiste);
  if (c.archivado) return [];
  return [c.uidinvestigador, c.uidabogado].filter((id): id is string => !!id).map((id) => topics.location(id));
}

function gateOf(topic: string, who: ClientSocket): TopicGate<ClientSocket> | undefined {
  if (topic === who.roomTopic) {
    const roomId = topic.slice('chat:'.length);
    return {
      allows: async () => true,
      enter: (ctx) => enterPresence(ctx, roomId, who.sender),
      leave: (ctx) => leavePresence(ctx, who.sender.id, roomId),
      // The client reads all of their room: no view.
      mark: (ctx, _who, hasta, leido) => markScreen(ctx, roomId, who.sender.id, hasta, leido),
    };
  }
  const agentId = agentOfTopic(topic);
  if (agentId)
    return {
      allows: async (ctx) => (await agentTopics(ctx, who.client.caseId)).includes(topic),
      enter: (ctx) => followAgent(ctx, agentId),
      leave: (ctx) => unfollowAgent(ctx, agentId),
    };
  return undefined;
}

/**
 * The client of one case (client scope: their own cookie): the socket follows their case's general
 * room (their presence there) and the positions of the case's lawyer and investigator from the
 * start; nothing is asked for (what the app sends is ignored, but for its room screen's marks). When the case changes, the agents
 * are read again: the position of an agent taken off the case stops at once, a new one's starts.
 * The session's end for any reason (Salir, its 120 minutes, the link revoked, ended by staff)
 * closes the socket with the reason.
 */
const clientAccess: LiveAccess<ClientSocket> = {
  name: 'client',
  async who(ctx, request) {
    if (!request.client) throw new Error('route is missing the client guard');
    const open = await openRoomForClient(ctx, request.client);
    return { client: request.client, roomTopic: topics.chat(open.room.id), sender: open.sender };
  },
  sessionTopic: (who) => clientSessionTopic(who.client.sessionId),
  expiresAt: (who) => who.client.expira,
  ownTopics: (who) => [topics.case(who.client.caseId)],
  initialGated: async (ctx, who) => [who.roomTopic, ...(await agentTopics(ctx, who.client.caseId))],
  gateOf,
  mayAsk: () => false,
  recheck: {
    topic: (who) => topics.case(who.client.caseId),
    event: 'list.changed',
    async plan(ctx, who) {
      const agents = await agentTopics(ctx, who.client.caseId);
      return {
        keepsTopic: () => false,
        keepsGated: async (topic) => topic === who.roomTopic || agents.includes(topic),
        follow: agents,
      };
    },
  },
};

/** GET /api/cliente/live: the client's live channel (platform/live-channel.ts). */
export const clientLiveRoutes: FastifyPluginAsync = liveChannel(clientAccess);
