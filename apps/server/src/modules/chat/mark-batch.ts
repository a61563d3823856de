import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { LIVE_CHANNEL } from '../../platform/live-hub.js';

/*
 * Members' marks (markMember: a room screen's over its socket, a read mark, a search), written
 * together. A message reaches every member with its room open at once, and each screen marks it
 * back within milliseconds: one statement each was a round trip and a commit per member per
 * message, most of a mark's cost. The first mark waits up to GATHER_MS for others (the members'
 * screens of the same message, other rooms' marks), or until GATHER_SIZE are pending; while one
 * statement of marks is out, the marks that come meanwhile wait and go in the next one. A tick
 * shows that much later, which nobody sees. A mark moves forward only and no further than the
 * room's last number. The room hears of it when it changes a member's ticks: a member V's header
 * shows the highest marks of the members other than V, which a new mark changes only above the
 * others' second highest (read before the update; a concurrent mark only makes it lower, and a
 * notice more).
 */

interface Pending {
  room: string;
  user: string;
  read: number;
  received: number;
  done: { resolve(): void; reject(err: unknown): void }[];
}

/** The marks of a batch, one per member and room (the highest of each), and their notices (above). */
const statement = () => sql`with input as (
    select room_id, usuario, max(read) as read, max(received) as received
    from unnest(${sql.placeholder('rooms')}::uuid[], ${sql.placeholder('users')}::uuid[],
      ${sql.placeholder('reads')}::int[], ${sql.placeholder('receiveds')}::int[]) as i(room_id, usuario, read, received)
    group by room_id, usuario),
  upto as (
    select i.room_id, i.usuario, least(i.read, c.ultimo_index) as read, least(i.received, c.ultimo_index) as received
    from input i join chats c on c.id = i.room_id),
  moved as (
    update chat_usuarios cu set
      leido_hasta = greatest(cu.leido_hasta, u.read),
      recibido_hasta = greatest(cu.recibido_hasta, u.received)
    from upto u
    where cu.room_id = u.room_id and cu.usuario = u.usuario
      and (u.read > cu.leido_hasta or u.received > cu.recibido_hasta)
    returning cu.usuario, cu.room_id, cu.recibido_hasta, cu.leido_hasta),
  told as (
    select pg_notify(${LIVE_CHANNEL}, json_build_object('topic', 'chat:' || m.room_id,
      'event', json_build_object('name', 'chat.room', 'roomId', m.room_id, 'marcas',
        json_build_object('de', m.usuario, 'recibidoHasta', m.recibido_hasta, 'leidoHasta', m.leido_hasta)))::text)
    from moved m cross join lateral (
      select
        coalesce((select recibido_hasta from chat_usuarios where room_id = m.room_id
          and usuario <> m.usuario order by recibido_hasta desc offset 1 limit 1), 0) as received,
        coalesce((select leido_hasta from chat_usuarios where room_id = m.room_id
          and usuario <> m.usuario order by leido_hasta desc offset 1 limit 1), 0) as read) o
    where m.recibido_hasta > o.received or m.leido_hasta > o.read)
  select (select count(*) from moved)::int as moved, (select count(*) from told)::int as told`;

/** See above. */
const GATHER_MS = 50;
const GATHER_SIZE = 64;

/** One database's batch of marks (see above). */
export class MarkBatch {
  private pending = new Map<string, Pending>();
  /** A statement is out, or the first mark is gathering others. */
  private writing = false;
  private gathering?: ReturnType<typeof setTimeout>;

  constructor(private readonly db: Executor) {}

  /** The member's marks in the room move to `read` and `received` (received ≥ read; 0: not that one). */
  add(room: string, user: string, read: number, received: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const key = `${room}:${user}`;
      const held = this.pending.get(key);
      if (held) {
        held.read = Math.max(held.read, read);
        held.received = Math.max(held.received, received);
        held.done.push({ resolve, reject });
      } else this.pending.set(key, { room, user, read, received, done: [{ resolve, reject }] });
      if (!this.writing) {
        this.writing = true;
        this.gathering = setTimeout(() => void this.write(), GATHER_MS);
      } else if (this.gathering && this.pending.size >= GATHER_SIZE) void this.write();
    });
  }

  private async write(): Promise<void> {
    clearTimeout(this.gathering);
    this.gathering = undefined;
    while (this.pending.size > 0) {
      const batch = [...this.pending.values()];
      this.pending = new Map();
      try {
        await runPrepared(this.db, 'chat_mark_batch', statement, {
          rooms: batch.map((m) => m.room),
          users: batch.map((m) => m.user),
          reads: batch.map((m) => m.read),
          receiveds: batch.map((m) => m.received),
        });
        for (const m of batch) for (const d of m.done) d.resolve();
      } catch (err) {
        for (const m of batch) for (const d of m.done) d.reject(err);
      }
    }
    this.writing = false;
  }
}

const batches = new WeakMap<Executor, MarkBatch>();

/** The database's batch of marks (one per database handle of the process). */
export function markBatchOf(db: Executor): MarkBatch {
  let batch = batches.get(db);
  if (!batch) batches.set(db, (batch = new MarkBatch(db)));
  return batch;
}
