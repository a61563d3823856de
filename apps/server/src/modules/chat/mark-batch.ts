import { sql } from 'drizzle-orm';
import { topics } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { statementBatchPer } from '../../db/statement-batch.js';
import { chatUsuarios } from '../../db/schema/index.js';
import { LIVE_CHANNEL } from '../../platform/live-hub.js';

/*
 * Members' marks (markMember: a room screen's over its socket, a read mark, a search), written
 * together. A message reaches every member with its room open at once, and each screen marks it
 * back within milliseconds: one statement each was a round trip and a commit per member per
 * message, most of a mark's cost. The first mark waits up to 50 ms for others (the members'
 * screens of the same message, other rooms' marks), or until 64 are queued; while one statement
 * of marks is out, the marks that come meanwhile wait and go in the next one (statementBatch's
 * gather). A tick shows that much later, which nobody sees. A mark moves forward only and no
 * further than the room's last number.
 */

/**
 * The CTE `told` of a statement whose CTE `moved` answers members' moved marks (usuario, room_id,
 * recibido_hasta, leido_hasta): each room hears of a member's marks when they change a header's
 * ticks. A member V's header shows the highest marks of the members other than V, which a new
 * mark changes only above the others' second highest (read before the update; a concurrent mark
 * only makes it lower, and a notice more). A room read's own mark uses it too (room-read.ts).
 */
export const markNotice = sql`told as (
    select pg_notify(${LIVE_CHANNEL}, json_build_object('topic', ${sql.raw(`'${topics.chat('')}'`)} || m.room_id,
      'event', json_build_object('name', 'chat.room', 'roomId', m.room_id, 'marcas',
        json_build_object('de', m.usuario, 'recibidoHasta', m.recibido_hasta, 'leidoHasta', m.leido_hasta)))::text)
    from moved m cross join lateral (
      select
        coalesce((select recibido_hasta from ${chatUsuarios} where room_id = m.room_id
          and usuario <> m.usuario order by recibido_hasta desc offset 1 limit 1), 0) as received,
        coalesce((select leido_hasta from ${chatUsuarios} where room_id = m.room_id
          and usuario <> m.usuario order by leido_hasta desc offset 1 limit 1), 0) as read) o
    where m.recibido_hasta > o.received or m.leido_hasta > o.read)`;

/** The marks of a batch, one per member and room (the highest of each), and their notices. */
const statement = () => sql`with input as (
    select room_id, usuario, max(read) as read, max(received) as received
    from unnest(${sql.placeholder('rooms')}::uuid[], ${sql.placeholder('users')}::uuid[],
      ${sql.placeholder('reads')}::int[], ${sql.placeholder('receiveds')}::int[]) as i(room_id, usuario, read, received)
    group by room_id, usuario),
  upto as (
    select i.room_id, i.usuario, least(i.read, c.ultimo_index) as read, least(i.received, c.ultimo_index) as received
    from input i join chats c on c.id = i.room_id),
  moved as (
    update ${chatUsuarios} cu set
      leido_hasta = greatest(cu.leido_hasta, u.read),
      recibido_hasta = greatest(cu.recibido_hasta, u.received)
    from upto u
    where cu.room_id = u.room_id and cu.usuario = u.usuario
      and (u.read > cu.leido_hasta or u.received > cu.recibido_hasta)
    returning cu.usuario, cu.room_id, cu.recibido_hasta, cu.leido_hasta),
  ${markNotice}
  select (select count(*) from moved)::int as moved, (select count(*) from told)::int as told`;

/** A member's marks in a room: `read` and `received` (received ≥ read; 0: not that one). */
export interface Mark {
  room: string;
  user: string;
  read: number;
  received: number;
}

/** Writes the mark with the others of the moment (above), per database handle. */
export const writeMark: (db: Executor, mark: Mark) => Promise<void> = statementBatchPer(
  async (db: Executor, marks: Mark[]) => {
    await runPrepared(db, 'chat_mark_batch', statement, {
      rooms: marks.map((m) => m.room),
      users: marks.map((m) => m.user),
      reads: marks.map((m) => m.read),
      receiveds: marks.map((m) => m.received),
    });
    return marks.map(() => undefined);
  },
  { gather: { ms: 50, size: 64 } },
);
