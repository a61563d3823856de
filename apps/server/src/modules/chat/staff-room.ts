import { z } from 'zod';
import { MSG, chatKind, chatSendSchema, type ChatKind, type ChatSendResult } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { badRequest, validated } from '../../platform/errors.js';
import { hasNul } from '../../platform/request-guards.js';
import type { Viewer } from '../../platform/viewer.js';
import { sessionHint } from '../auth/live-session.js';
import { viewerOfSession } from '../auth/session.js';
import { presentFor } from './messages.js';
import { openRoomInSession } from './open-in-session.js';
import { sendCachedText, sendMessage, type SendInput } from './send-service.js';
import { forgetRoom, recentRoom, rememberRoom } from './sent-rooms.js';
import { openRoomFor, type OpenRoom } from './service.js';

/*
 * A staff session's way into a case's room, for the busiest acts — a text, a page read, a read
 * mark — whether they come as requests (routes.ts) or on the session's live socket (a text).
 */

/**
 * The room of a case a session opens: inside one statement with the session's check when this
 * process checked the session before (its hint), else `viewer()` — the full check, refused with
 * its reason — and then the room by the staff rules. Kept for the session's next text or read.
 */
export async function openStaffRoom(
  ctx: AppContext,
  sessionId: string,
  caseId: string,
  kind: ChatKind,
  viewer: () => Promise<Viewer>,
): Promise<OpenRoom> {
  const hint = sessionHint(sessionId);
  const room =
    (hint && (await openRoomInSession(ctx, hint, sessionId, caseId, kind))) ||
    (await openRoomFor(ctx, await viewer(), caseId, kind));
  rememberRoom(ctx, sessionId, room);
  return room;
}

/** The room a session opened moments ago (sent-rooms.ts), with the session check its statement makes. */
export function recentStaffRoom(ctx: AppContext, sessionId: string, caseId: string, kind: ChatKind) {
  const room = recentRoom(ctx, sessionId, caseId, kind);
  return (
    room && {
      room,
      session: { sessionId, cargo: room.sender.kind as Viewer['cargo'] },
      forget: () => forgetRoom(ctx, sessionId, caseId, kind),
    }
  );
}

/**
 * A text to a room this session opened moments ago: the room's read is skipped and the session
 * and scope are checked inside the send's statement. Undefined when it stored nothing: the
 * caller goes the usual way, which refuses with the reason or answers the repeat.
 */
export async function quickStaffText(
  ctx: AppContext,
  sessionId: string,
  caseId: string,
  kind: ChatKind,
  input: SendInput,
): Promise<ChatSendResult | undefined> {
  const recent = recentStaffRoom(ctx, sessionId, caseId, kind);
  // With a member away, the usual way tells them in the message's own transaction.
  if (!recent || recent.room.away > 0) return undefined;
  const sent = await sendCachedText(ctx, recent.room, input, recent.session);
  if (sent) return { mensaje: presentFor(recent.room, sent.row), repetido: sent.repetido };
  recent.forget();
  return undefined;
}

/** A text on the live socket: the route's body with the path's case and room beside it. */
const socketText = chatSendSchema.extend({
  caseId: z.uuid({ error: MSG.casoNoExiste }),
  tipo: chatKind,
});

/**
 * A text a staff session sent on its live socket (LiveClientMessage 'send'): checked and saved as
 * POST /api/casos/{caseId}/chats/{tipo}/mensajes would, refused with the AppError that route
 * answers. The socket's session may have ended since it opened: every way here checks it again.
 */
export async function sendStaffTextOnSocket(
  ctx: AppContext,
  sessionId: string,
  fields: Record<string, unknown>,
): Promise<ChatSendResult> {
  const text = validated(socketText, fields);
  if (hasNul(text)) throw badRequest(MSG.caracteresNoPermitidos);
  const { caseId, tipo, ...input } = text;
  const quick = await quickStaffText(ctx, sessionId, caseId, tipo, input);
  if (quick) return quick;
  const room = await openStaffRoom(ctx, sessionId, caseId, tipo, () => viewerOfSession(ctx.db, ctx.hub, sessionId));
  const { row, repetido } = await sendMessage(ctx, room, input);
  return { mensaje: presentFor(room, row), repetido };
}
