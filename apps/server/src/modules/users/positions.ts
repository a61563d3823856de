import { sql } from 'drizzle-orm';
import { topics } from '@vialex/domain';
import { runPrepared } from '../../db/prepared.js';
import { statementBatchPer } from '../../db/statement-batch.js';
import type { AppContext } from '../../platform/context.js';
import { LIVE_CHANNEL } from '../../platform/live-hub.js';
import { liveSessionRules } from '../auth/live-session.js';

export interface Position {
  /** The session's id (the hash of its token). */
  session: string;
  lat: number;
  long: number;
}

/**
 * Over `moved` (the users moved: id, lat, long, ubicacion_fecha): notifies the live topic of each
 * one an open case map follows.
 */
const tellFollowers = sql`
  select pg_notify(${LIVE_CHANNEL}, json_build_object(
    'topic', ${sql.raw(`'${topics.location('')}'`)} || m.id,
    'event', json_build_object('name', 'location.changed', 'id', m.id, 'lat', m.lat, 'lng', m.long,
      'at', m.ubicacion_fecha, 'gps', true))::text)
  from moved m
  where exists (select 1 from ubicaciones_vigiladas w where w.usuario = m.id and w.mapas > 0)`;

type Outcome = 'written' | 'not live' | 'held';

/**
 * Records positions (each device every 4 s) in one statement that also checks each session;
 * only while an open case map follows a user (ubicaciones_vigiladas) it notifies the user's live
 * topic (topics.location) with the position, so a map moves the marker without asking again.
 * Answers, for each position, whether it was written, its session is not live, or its user's row
 * was held.
 *
 * A user sending twice in one batch (two sessions, or a slow phone's two reports) is moved once,
 * to the last. The batch never waits for a row another transaction holds (`skip locked`): holding
 * some users' rows while waiting for another's could close a circle with a transaction that locks
 * two users (an assignment recounting an investigator's and a lawyer's availability). A position
 * whose user was skipped so is written on its own, outside the batch (recordLocation), waiting as
 * a single update does while the next batches go on.
 */
async function recordPositions(ctx: AppContext, positions: Position[]): Promise<Outcome[]> {
  const [sessions, lats, longs] = ['sessions', 'lats', 'longs'].map((name) => sql.placeholder(name));
  const result = await runPrepared(
    ctx.db,
    'record_positions',
    () => sql`
    with sent as (
      select x.session, x.lat, x.long, x.n
      from unnest(${sessions}::text[], ${lats}::float8[], ${longs}::float8[]) with ordinality as x(session, lat, long, n)),
    live as (
      select x.session, x.lat, x.long, x.n, s.usuario
      from sent x join sesiones s on s.id = x.session join usuarios u on u.id = s.usuario
      where ${liveSessionRules}),
    latest as (
      select distinct on (usuario) usuario, session, lat, long from live order by usuario, n desc),
    locked as materialized (
      select u.id from usuarios u where u.id in (select usuario from latest) for update skip locked),
    moved as (
      update usuarios u set lat = l.lat, long = l.long, gps = true, ubicacion_fecha = now()
      from latest l, locked k, sesiones s
      where u.id = l.usuario and k.id = l.usuario and s.id = l.session and ${liveSessionRules}
      returning u.id, u.lat, u.long, u.ubicacion_fecha),
    told as (${tellFollowers})
    -- The batch's live sessions, and whether their user moved (a session not live is not here).
    select l.session, l.usuario in (select id from moved) as moved, (select count(*) from told)::int as told
    from live l`,
    {
      sessions: positions.map((p) => p.session),
      lats: positions.map((p) => p.lat),
      longs: positions.map((p) => p.long),
    },
  );
  const live = new Map(
    (result as unknown as { rows: { session: string; moved: boolean }[] }).rows.map((r) => [r.session, r.moved]),
  );
  return positions.map((p) => {
    const moved = live.get(p.session);
    return moved === undefined ? 'not live' : moved ? 'written' : 'held';
  });
}

/** One position in a statement of its own, which waits for the user's row if it is held. */
async function recordPosition(ctx: AppContext, position: Position): Promise<boolean> {
  const [lat, long, session] = ['lat', 'long', 'session'].map((name) => sql.placeholder(name));
  const result = await runPrepared(
    ctx.db,
    'record_position',
    () => sql`
    with moved as (
      update usuarios u set lat = ${lat}::float8, long = ${long}::float8, gps = true, ubicacion_fecha = now()
      from sesiones s
      where s.id = ${session}::text and u.id = s.usuario and ${liveSessionRules}
      returning u.id, u.lat, u.long, u.ubicacion_fecha),
    told as (${tellFollowers})
    select (select count(*) from moved)::int as n, (select count(*) from told)::int as told`,
    { ...position },
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0].n) > 0;
}

/**
 * A thousand phones every 4 s are 250 positions a second, arriving one by one: each waits up to
 * 25 ms for others to share its statement (a map's marker moves that much later, well within its
 * 100 ms), or until 32 are queued.
 */
const recordBatched = statementBatchPer(recordPositions, { gather: { ms: 25, size: 32 } });

/**
 * Records one device's position; the positions that arrive meanwhile go in the same statement
 * (statementBatch). False: the session is not live, nothing was written.
 */
export async function recordLocation(ctx: AppContext, position: Position): Promise<boolean> {
  const outcome = await recordBatched(ctx, position);
  return outcome === 'held' ? recordPosition(ctx, position) : outcome === 'written';
}
