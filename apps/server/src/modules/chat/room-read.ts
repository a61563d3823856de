import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { seesOnlyFiles, type Cargo } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { casos, chatUsuarios, mensajes } from '../../db/schema/index.js';
import { headerColumns, headerPlaceholders, headerValues, type HeaderColumns } from './room-header.js';
import { messageRow, type MessageRow } from './message-row.js';
import { markNotice } from './mark-batch.js';
import type { OpenRoom } from './service.js';
import { sessionGuard, sessionValues, type SessionCheck } from './session-guard.js';

/*
 * A room read in one statement: its header for the viewer, a page of messages and the viewer's
 * marks moved. Every member with the room on screen reads it after each message, and each
 * statement is a round trip (a write on both sides, the other process woken): four of them were
 * most of a read's cost. One snapshot serves all three, so the page needs no bound of its own to
 * agree with the header's last number (a message and that number are written together), and the
 * unread count is the one before the mark, as when the header was read first.
 *   - the page: every message, or only those with files (files-only viewers), newest first or
 *     forward from `despues`, at most `limit` (one more, to tell whether older ones exist);
 *   - the mark: the viewer's device received up to the page's newest message, and read up to the
 *     room's last number when the screen shows the newest one (`leido`); only forward, and the
 *     room hears of it when it changes a header's ticks (markNotice).
 * A search reads its pages apart (messages.ts).
 */

/** The page's bounds and order, and the session's cargo when it is checked: what makes the statement's text. */
interface Shape {
  antes: boolean;
  despues: boolean;
  forward: boolean;
  filesOnly: boolean;
  session?: Cargo;
}

const statement = (b: Executor, shape: Shape) => {
  const { room, viewer, filesOnly } = headerPlaceholders();
  const page = b
    .select()
    .from(mensajes)
    .where(
      and(
        eq(mensajes.roomId, sql.placeholder('room')),
        eq(mensajes.deleted, false),
        shape.filesOnly ? sql`jsonb_array_length(${mensajes.files}) > 0` : undefined,
        shape.antes ? lt(mensajes.indexId, sql.placeholder('antes')) : undefined,
        shape.despues ? gt(mensajes.indexId, sql.placeholder('despues')) : undefined,
      ),
    )
    .orderBy(shape.forward ? asc(mensajes.indexId) : desc(mensajes.indexId))
    .limit(sql.placeholder('limit'));
  const order = shape.forward ? sql`asc` : sql`desc`;
  // With a session (session-guard.ts): nothing is read or marked unless the case row is the
  // version the room was opened on and the session is still live.
  const unchanged = shape.session
    ? sql`exists (select 1 from ${casos} where xmin = ${sql.placeholder('version')}::text::xid and ${sessionGuard(shape.session)})`
    : sql`true`;
  return sql`with page as (${page}),
  head as (select ${headerColumns(room, viewer, filesOnly)}),
  mark as (
    select r.read, greatest(coalesce((select max(index_id) from page), 0), r.read) as received
    from (select case when ${sql.placeholder('leido')}::boolean then coalesce((select ultimo from head), 0) else 0 end as read) r),
  moved as (
    update ${chatUsuarios} cu set
      leido_hasta = greatest(cu.leido_hasta, mark.read),
      recibido_hasta = greatest(cu.recibido_hasta, mark.received)
    from mark
    where cu.room_id = ${room} and cu.usuario = ${viewer} and mark.received > 0
      and (mark.read > cu.leido_hasta or mark.received > cu.recibido_hasta) and ${unchanged}
    returning cu.usuario, cu.room_id, cu.recibido_hasta, cu.leido_hasta),
  ${markNotice}
  select head.ultimo, head.unread, head.members,
    (select coalesce(json_agg(p order by p.index_id ${order}), '[]'::json) from page p) as page,
    (select count(*) from told)::int as told
  from head where ${unchanged}`;
};

export interface RoomRead {
  header: HeaderColumns;
  /** The page's rows in the statement's order (newest first unless forward), up to limit + 1. */
  rows: MessageRow[];
}

/**
 * Reads the room for the viewer in one statement (above): `limit` rows at most, those before
 * `antes`, or from `despues` on (forward); `leido`: the screen shows the newest message. With
 * `session`, for a room opened moments ago: undefined when the case or the session changed since.
 */
export async function readRoomAtOnce(
  db: Executor,
  open: OpenRoom,
  opts: { antes?: number; despues?: number; leido: boolean; limit: number; forward: boolean },
  session?: SessionCheck,
): Promise<RoomRead | undefined> {
  const shape: Shape = {
    antes: opts.antes !== undefined,
    despues: opts.despues !== undefined,
    forward: opts.forward,
    filesOnly: seesOnlyFiles(open.sender.kind, open.kind),
    session: session?.cargo,
  };
  const name = `chat_read_${shape.antes ? 'a' : ''}${shape.despues ? 'd' : ''}${shape.forward ? '_asc' : ''}${shape.filesOnly ? '_files' : ''}${session ? `_s_${session.cargo}` : ''}`;
  const { rows } = (await runPrepared(db, name, (b) => statement(b, shape), {
    ...headerValues(open),
    ...(session && { ...sessionValues(open.caso.id, open.sender.id, session), version: open.version }),
    antes: opts.antes,
    despues: opts.despues,
    limit: opts.limit,
    leido: opts.leido,
  })) as { rows: (HeaderColumns & { page: Record<string, unknown>[] })[] };
  const [row] = rows;
  return row && { header: row, rows: row.page.map(messageRow) };
}
