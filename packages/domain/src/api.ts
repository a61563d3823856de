// The signed-in user (Me) and every other API answer: contracts/.
import type { ChatKind } from './constants.js';
import type { ChatMessage, ChatSendResult } from './contracts/chat.js';

/** Error body of every refused request. `issues` lists field errors of a 400. */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
}

/**
 * Why a session stopped (sent with 401 and with the live event). `revoked`: a client's session
 * whose case link staff revoked.
 */
export type SessionEndReason = 'expired' | 'forced' | 'replaced' | 'logout' | 'revoked';

/** Messages of the live channel (/api/live). */
export type LiveServerMessage =
  | { type: 'ready'; topics: string[] }
  | { type: 'event'; topic: string; event: LiveEvent }
  /** A chat room's topic was followed: the user is in the room (their presence is recorded). */
  | { type: 'subscribed'; topic: string }
  /** A text sent on the socket (LiveClientMessage 'send') was saved: what POST …/mensajes answers. */
  | { type: 'sent'; clientId: string; result: ChatSendResult }
  /** A text sent on the socket was not saved: the refusal POST …/mensajes would answer. */
  | { type: 'refused'; clientId: string; error: ApiErrorBody };

/** A chat member's marks: up to which message their device received the room, and they read it. */
export interface ChatMarks {
  de: string;
  recibidoHasta: number;
  leidoHasta: number;
}

/** A member's presence in a chat room changed: they opened the room's screen, or closed their last one. */
export interface ChatPresence {
  de: string;
  estado: 'online' | 'offline';
}

export type LiveEvent =
  | { name: 'user.updated'; id: string }
  | { name: 'session.ended'; reason: SessionEndReason }
  | { name: 'list.changed'; list: string; id?: string }
  /**
   * A notice naming the user was recorded (sent on their user topic after commit). Of several
   * within half a second a tab gets the first and then the newest: the bell, read again on it,
   * holds them all.
   */
  | { name: 'notification.created'; id: string }
  /** The user read notifications (in another tab): their unread count changed. */
  | { name: 'notifications.read' }
  /**
   * A message was saved in a chat room (on the room's topic). `mensaje`: the message itself, as a
   * member who reads all of the room sees it (`clientId` null); a screen that holds the message
   * before it shows it without a read. Without it (a message too large for one notification, or a
   * viewer who reads only the room's files): read the room after `indexId - 1`.
   */
  | { name: 'chat.message'; roomId: string; indexId: number; mensaje?: ChatMessage }
  /** The room's header changed (members online/offline, read marks, the block flag). */
  | {
      name: 'chat.room';
      roomId: string;
      /**
       * Only this member's marks moved (up to which message their device received the room, and
       * they read it): a screen puts them in its header (the ticks) without reading the room.
       */
      marcas?: ChatMarks;
      /**
       * Only this member's presence changed: a screen that lists them puts it in itself; one that
       * does not (a new member) reads the room.
       */
      presencia?: ChatPresence;
    }
  /** The user's unread messages of a case changed, in its room of this kind (on their user topic). */
  | { name: 'chat.unread'; caseId: string; tipo: ChatKind }
  /** An agent's device reported its position, or turned its location off (on their location topic). */
  | { name: 'location.changed'; id: string; lat: number | null; lng: number | null; at: string | null; gps: boolean };

/**
 * `since` (subscribe only): how many ms ago the screen began reading what the topic keeps fresh.
 * A screen reads and subscribes at once, so a change committed between its read and the
 * subscription taking effect would reach nobody: the server replays the topic's events it heard
 * in that time (and some seconds more) to the new subscriber.
 */
export type LiveClientMessage =
  | { action: 'subscribe' | 'unsubscribe'; topic: string; since?: number }
  /**
   * A chat room's screen (a followed room topic) got the room up to message `hasta`, and shows it
   * (`leido`: the newest message in view): the member's marks move, as a read of the room moves
   * them, without a request of its own.
   */
  | { action: 'mark'; topic: string; hasta: number; leido: boolean }
  /**
   * A staff member's text to a case's room, as POST /api/casos/{caseId}/chats/{tipo}/mensajes takes
   * it, on the socket the app already holds: no request of its own to parse, route and answer. The
   * server answers 'sent' or 'refused' with the same clientId; no answer (the socket dropped) is
   * no refusal, and the app sends it again by POST (the clientId makes that a repeat).
   */
  | { action: 'send'; caseId: string; tipo: ChatKind; clientId: string; content: string; replyTo?: string | null };

export const topics = {
  user: (id: string) => `user:${id}`,
  /** One session, staff's or a driver's (server-side only): its `session.ended` closes its sockets. */
  session: (key: string) => `session:${key}`,
  list: (name: string) => `list:${name}`,
  /** A case's chat room: its members' open room screens follow it (their presence in the room). */
  chat: (roomId: string) => `chat:${roomId}`,
  /** An agent's position, followed by the maps of their cases (only while a map is open). */
  location: (userId: string) => `ubicacion:${userId}`,
  /** One case: every change the cases list hears of it (its agents, its status…). */
  case: (caseId: string) => `caso:${caseId}`,
} as const;
