import type { FastifyPluginAsync } from 'fastify';
import {
  USER_STATUS_VISIBLE,
  can,
  isCargo,
  seesOnlyFiles,
  topics,
  visibleUserCargos,
  type Cargo,
  type ChatKind,
} from '@vialex/domain';
import { liveChannel, type LiveAccess, type TopicGate } from '../../platform/live-channel.js';
import { viewerOf } from '../../platform/context.js';
import { sessionTopic } from '../auth/tokens.js';
import { sessionAndUser, sessionExpiresAt } from '../auth/session.js';
import type { Viewer } from '../../platform/viewer.js';
import { enterPresence, enterableRoom, leaveRoom, markScreen, roomOfTopic, withoutMessage } from '../chat/presence.js';
import { staffSender } from '../chat/service.js';
import { sendStaffTextOnSocket } from '../chat/staff-room.js';
import { agentOfTopic, followAgent, mayFollowAgent, unfollowAgent } from '../case-map/watchers.js';

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
  // AUDITORÍA: who administered what is the Administrador's alone, its events too.
  auditoria: (cargo) => can(cargo, 'auditoria.read'),
};

const mayFollowList = (topic: string, cargo: Cargo) => {
  const list = /^list:([a-z-]+)$/.exec(topic)?.[1];
  return !!list && Object.hasOwn(LISTS, list) && LISTS[list](cargo);
};

/** A staff socket's user as last read: their cargo and whether they are still active. */
interface StaffSocket {
  viewer: Viewer;
  active: boolean;
}

/** The gated topics: a case's chat room (presence there), an agent's position (a case map). */
function gateOf(topic: string): TopicGate<StaffSocket> | undefined {
  const roomId = roomOfTopic(topic);
  if (roomId) {
    /** The room's kind, as its last check read it. */
    let kind: ChatKind | undefined;
    return {
      async allows(ctx, who) {
        kind = who.active ? await enterableRoom(ctx, who.viewer, roomId) : undefined;
        return kind !== undefined;
      },
      enter: (ctx, who) => enterPresence(ctx, roomId, staffSender(who.viewer)),
      leave: (ctx, who) => leaveRoom(ctx, who.viewer.id, roomId),
      // By the cargo at each event: a cargo changed since the room was followed counts at once
      // (and a room no longer allowed, until the socket has left it, gets no message).
      view: (who) => (event) => (!kind || seesOnlyFiles(who.viewer.cargo, kind) ? withoutMessage(event) : event),
      mark: (ctx, who, hasta, leido) => markScreen(ctx, roomId, who.viewer.id, hasta, leido),
    };
  }
  const agentId = agentOfTopic(topic);
  if (agentId)
    return {
      allows: (ctx, who) => (who.active ? mayFollowAgent(ctx, who.viewer, agentId) : Promise.resolve(false)),
      enter: (ctx) => followAgent(ctx, agentId),
      leave: (ctx) => unfollowAgent(ctx, agentId),
    };
  return undefined;
}

/**
 * Staff: authenticated by the session cookie (staff scope). A socket follows its user and its
 * session from the start, and asks for the lists its cargo may open, the rooms it may read and the
 * positions of the agents on the maps it may open. When its user changes (cargo, estado, session
 * time, a sign-in again…) it re-reads them and the session's start, and leaves what the user may
 * no longer follow: the lists at once, the rooms and positions when the cargo or the estado changed.
 */
const staffAccess: LiveAccess<StaffSocket> = {
  name: 'staff',
  who: async (_ctx, request) => ({ viewer: viewerOf<Viewer>(request), active: true }),
  sessionTopic: (who) => sessionTopic(who.viewer.sessionId),
  expiresAt: (who) => sessionExpiresAt(who.viewer.user, who.viewer.sessionStarted),
  ownTopics: (who) => [topics.user(who.viewer.id)],
  initialGated: async () => [],
  gateOf,
  mayAsk: (topic, who) => !!gateOf(topic) || (who.active && mayFollowList(topic, who.viewer.cargo)),
  // A text to a case's room, as its POST takes it; the session is checked again on the way.
  send: (ctx, who, fields) => sendStaffTextOnSocket(ctx, who.viewer.sessionId, fields),
  recheck: {
    topic: (who) => topics.user(who.viewer.id),
    event: 'user.updated',
    async plan(ctx, who) {
      const before = { cargo: who.viewer.cargo, active: who.active };
      // A session that is gone follows nothing more (its socket is told it ended and closes).
      const session = await sessionAndUser(ctx.db, who.viewer.sessionId);
      who.active = !!session?.user.estado && isCargo(session.user.cargo);
      // A session signed into again counts its minutes from then (the socket re-arms its end).
      if (session && isCargo(session.user.cargo))
        who.viewer = { ...who.viewer, cargo: session.user.cargo, user: session.user, sessionStarted: session.started };
      const changed = before.cargo !== who.viewer.cargo || before.active !== who.active;
      return {
        keepsTopic: (topic) => who.active && mayFollowList(topic, who.viewer.cargo),
        // Availability changes are frequent and change nothing of what the user may read.
        keepsGated: async (_topic, gate) => !changed || gate.allows(ctx, who),
        follow: [],
      };
    },
  },
};

/** GET /api/live: the staff's live channel (platform/live-channel.ts). */
export const liveRoutes: FastifyPluginAsync = liveChannel(staffAccess);
