import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Viewer } from '../auth/session.js';
import { joinRoom, openRoomFor, roomById, roomChanged, type ChatSender } from './service.js';

/*
 * Who is in a room (spec 2 §4 "Chat rooms": a member's status switches online/offline as they
 * open and leave the tab): a staff socket that follows the room's live topic is the member's
 * room screen. Each member counts their open room screens across every server instance
 * (chat_usuarios.conexiones); online while one is open. A message reaches by push only members
 * with none open. Each instance's share is recorded too (chat_presencia), so that the screens of
 * an instance that died without closing its sockets are given back by the sweep
 * (releaseGonePresence, platform/instances.ts): the count is the sum over live instances.
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

/** A member (staff or the client) opened the room's screen: one more, online, held by this instance. */
export async function enterPresence(ctx: AppContext, roomId: string, member: ChatSender): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await joinRoom(tx, roomId, member);
    await tx.execute(sql`
      with member as (
        update chat_usuarios set conexiones = conexiones + 1, estado = 'online'
        where room_id = ${roomId} and usuario = ${member.id}
        returning id)
      insert into chat_presencia (instancia, miembro, conexiones)
      select ${ctx.instanceId}, id, 1 from member
      on conflict (instancia, miembro) do update set conexiones = chat_presencia.conexiones + 1`);
    await roomChanged(ctx, tx, roomId);
  });
}

/** The same for whoever left (staff or the client). */
export const leavePresence = (ctx: AppContext, memberId: string, roomId: string) => leaveRoom(ctx, memberId, roomId);

/**
 * The viewer left the room's screen (the tab changed, the socket closed): one fewer, if this
 * instance still holds one (a sweep may have released them while it stalled).
 */
export async function leaveRoom(ctx: AppContext, userId: string, roomId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // The member's row is locked first, as enterPresence (joinRoom) and the sweep do: no deadlock.
    await tx.execute(sql`
      with member as (
        select id from chat_usuarios where room_id = ${roomId} and usuario = ${userId} for update),
      held as (
        update chat_presencia p set conexiones = p.conexiones - 1
        from member m
        where p.instancia = ${ctx.instanceId} and p.miembro = m.id and p.conexiones > 0
        returning p.miembro)
      update chat_usuarios set conexiones = greatest(conexiones - 1, 0),
        estado = case when conexiones > 1 then 'online' else 'offline' end
      where id in (select miembro from held)`);
    await roomChanged(ctx, tx, roomId);
  });
}

/**
 * The sweep's part (platform/instances.ts): the room screens held by instances that are gone
 * (not in `instancias`: dead, or stopped) no longer count; members left with none go offline and
 * their rooms are announced (live lists update). Rows at zero are tidied away too. A row is
 * released (deleted and subtracted) by one sweeper only, however many run at once.
 */
export async function releaseGonePresence(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    // The members whose screens go are locked first, in order (as enter and leave lock the
    // member's row before its shares): no deadlock with them, nor with another sweep.
    const locked = await tx.execute(sql`
      select cu.id from chat_usuarios cu
      where cu.id in (
        select p.miembro from chat_presencia p
        where p.conexiones > 0 and not exists (select 1 from instancias i where i.id = p.instancia))
      order by cu.id
      for update of cu`);
    const members = (locked.rows as { id: string }[]).map((r) => r.id);
    const result = await tx.execute(sql`
      with gone as (
        delete from chat_presencia p
        where p.conexiones = 0
          or (p.miembro = any(${toUuidArray(members)}) and not exists (select 1 from instancias i where i.id = p.instancia))
        returning p.miembro, p.conexiones),
      lost as (
        select miembro, sum(conexiones)::int as n from gone where conexiones > 0 group by miembro)
      update chat_usuarios cu set conexiones = greatest(cu.conexiones - lost.n, 0),
        estado = case when cu.conexiones - lost.n > 0 then 'online' else 'offline' end
      from lost where cu.id = lost.miembro
      returning cu.room_id`);
    const rooms = new Set((result.rows as { room_id: string }[]).map((r) => r.room_id));
    for (const roomId of rooms) await roomChanged(ctx, tx, roomId);
    return result.rows.length;
  });
}

/** A uuid[] parameter (an empty list matches nothing). */
const toUuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
