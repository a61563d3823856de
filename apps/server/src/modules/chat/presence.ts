import { and, eq, sql } from 'drizzle-orm';
import { chatUsuarios } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Viewer } from '../auth/session.js';
import { joinRoom, openRoomFor, roomById, roomChanged, type ChatSender } from './service.js';

/*
 * Who is in a room (spec 2 §4 "Chat rooms": a member's status switches online/offline as they
 * open and leave the tab): a staff socket that follows the room's live topic is the member's
 * room screen. Each member counts their open room screens across every server instance
 * (chat_usuarios.conexiones); online while one is open. A message reaches by push only members
 * with none open.
 */

const CHAT_TOPIC = /^chat:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The room a live topic names, if it is a chat topic. */
export const roomOfTopic = (topic: string): string | undefined => CHAT_TOPIC.exec(topic)?.[1];

/**
 * The viewer opens the room's screen: allowed only to who may read the room (its case in their
 * scope, its tab shown to their cargo); answers whether they entered.
 */
export async function enterRoom(ctx: AppContext, viewer: Viewer, roomId: string): Promise<boolean> {
  const room = await roomById(ctx.db, roomId);
  if (!room) return false;
  let sender;
  try {
    ({ sender } = await openRoomFor(ctx, viewer, room.uidcaso, room.tipo));
  } catch {
    return false;
  }
  await enterPresence(ctx, roomId, sender);
  return true;
}

/** A member (staff or the client) opened the room's screen: one more, online. */
export async function enterPresence(ctx: AppContext, roomId: string, member: ChatSender): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await joinRoom(tx, roomId, member);
    await tx
      .update(chatUsuarios)
      .set({ conexiones: sql`${chatUsuarios.conexiones} + 1`, estado: 'online' })
      .where(and(eq(chatUsuarios.roomId, roomId), eq(chatUsuarios.usuario, member.id)));
    await roomChanged(ctx, tx, roomId);
  });
}

/** The same for whoever left (staff or the client). */
export const leavePresence = (ctx: AppContext, memberId: string, roomId: string) => leaveRoom(ctx, memberId, roomId);

/** The viewer left the room's screen (the tab changed, the socket closed). */
export async function leaveRoom(ctx: AppContext, userId: string, roomId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const left = sql`greatest(${chatUsuarios.conexiones} - 1, 0)`;
    await tx
      .update(chatUsuarios)
      .set({ conexiones: left, estado: sql`case when ${left} > 0 then 'online' else 'offline' end` })
      .where(and(eq(chatUsuarios.roomId, roomId), eq(chatUsuarios.usuario, userId)));
    await roomChanged(ctx, tx, roomId);
  });
}
