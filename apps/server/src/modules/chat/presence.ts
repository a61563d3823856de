import { sql } from 'drizzle-orm';
import { CHAT_TAB, type ChatKind, type LiveEvent } from '@vialex/domain';
import { runPrepared } from '../../db/prepared.js';
import type { AppContext } from '../../platform/context.js';
import { LIVE_CHANNEL } from '../../platform/live-hub.js';
import type { Viewer } from '../../platform/viewer.js';
import { loadCaseRowForTab } from '../cases/workspace-queries.js';
import { markMember, roomById, presenceChangedPayload, roomChanged, type ChatSender } from './service.js';

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
 * The room's kind if the viewer may be in it: only who may read it (its case in their scope, its
 * tab shown to their cargo). Asked when a room screen opens, and again when the viewer's cargo changes.
 */
export async function enterableRoom(ctx: AppContext, viewer: Viewer, roomId: string): Promise<ChatKind | undefined> {
  const room = await roomById(ctx.db, roomId);
  if (!room) return undefined;
  try {
    await loadCaseRowForTab(ctx.db, viewer, room.uidcaso, CHAT_TAB[room.tipo]);
  } catch {
    return undefined;
  }
  return room.tipo;
}

/**
 * A room's event as a member who reads only the room's files gets it: a message's event without
 * the message, whatever it is (their screen reads the room, which gives them only what they may read).
 */
export const withoutMessage = (event: LiveEvent): LiveEvent =>
  event.name === 'chat.message' && event.mensaje
    ? { name: event.name, roomId: event.roomId, indexId: event.indexId }
    : event;

/**
 * The member's room screen got the room up to message `hasta` (its live event) and shows it when
 * `leido`: their marks move as a read of the room moves them (markMember).
 */
export const markScreen = (ctx: AppContext, roomId: string, memberId: string, hasta: number, leido: boolean) =>
  markMember(ctx.db, roomId, memberId, { recibidoHasta: hasta, leidoHasta: leido ? hasta : 0 });

/**
 * A member (staff or the client) opened the room's screen: a member of the room (or their
 * username refreshed), one more screen, online, held by this instance, and the room announced —
 * in one statement, so at once or not at all. The member's row is locked before their share, as
 * in leaving and in the sweep: no deadlock.
 */
export async function enterPresence(ctx: AppContext, roomId: string, member: ChatSender): Promise<void> {
  await runPrepared(
    ctx.db,
    'chat_presence_enter',
    () => sql`
      with member as (
        insert into chat_usuarios as cu (room_id, usuario, cliente, username, conexiones, estado)
        values (${sql.placeholder('room')}::uuid, ${sql.placeholder('user')}::uuid, ${sql.placeholder('cliente')}::uuid,
          ${sql.placeholder('username')}, 1, 'online')
        on conflict (room_id, usuario) do update
          set username = excluded.username, conexiones = cu.conexiones + 1, estado = 'online'
        returning cu.id),
      held as (
        insert into chat_presencia (instancia, miembro, conexiones)
        select ${sql.placeholder('instance')}::uuid, id, 1 from member
        on conflict (instancia, miembro) do update set conexiones = chat_presencia.conexiones + 1
        returning miembro)
      select pg_notify(${LIVE_CHANNEL}, ${sql.placeholder('payload')}) from held`,
    {
      room: roomId,
      user: member.id,
      cliente: member.kind === 'Cliente' ? member.id : null,
      username: member.username,
      instance: ctx.instanceId,
      payload: presenceChangedPayload(roomId, { de: member.id, estado: 'online' }),
    },
  );
}

/** The same for whoever left (staff or the client). */
export const leavePresence = (ctx: AppContext, memberId: string, roomId: string) => leaveRoom(ctx, memberId, roomId);

/**
 * The viewer left the room's screen (the tab changed, the socket closed): one fewer, if this
 * instance still holds one (a sweep may have released them while it stalled), and the room
 * announced when that was their last (they went offline) — in one statement, the member's row
 * locked first.
 */
export async function leaveRoom(ctx: AppContext, userId: string, roomId: string): Promise<void> {
  await runPrepared(
    ctx.db,
    'chat_presence_leave',
    () => sql`
      with member as (
        select id from chat_usuarios
        where room_id = ${sql.placeholder('room')}::uuid and usuario = ${sql.placeholder('user')}::uuid
        for update),
      held as (
        update chat_presencia p set conexiones = p.conexiones - 1
        from member m
        where p.instancia = ${sql.placeholder('instance')}::uuid and p.miembro = m.id and p.conexiones > 0
        returning p.miembro),
      gone as (
        update chat_usuarios set conexiones = greatest(conexiones - 1, 0),
          estado = case when conexiones > 1 then 'online' else 'offline' end
        where id in (select miembro from held)
        returning estado)
      select pg_notify(${LIVE_CHANNEL}, ${sql.placeholder('payload')}) from gone where estado = 'offline'`,
    {
      room: roomId,
      user: userId,
      instance: ctx.instanceId,
      payload: presenceChangedPayload(roomId, { de: userId, estado: 'offline' }),
    },
  );
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
