import { sql } from 'drizzle-orm';
import { runPrepared } from '../../db/prepared.js';
import { statementBatch } from '../../db/statement-batch.js';
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
 * Records positions (each device every 4 s) in one statement that also checks each session;
 * only while an open case map follows a user (ubicaciones_vigiladas) it notifies the user's live
 * topic (topics.location) with the position, so a map moves the marker without asking again.
 * Answers, for each position, whether it was written: false when its session is not live.
 *
 * A user sending twice in one batch (two sessions, or a slow phone's two reports) is moved once,
 * to the last. The users' rows are locked in the order of their ids, so batches running at once
 * on several instances never wait on each other in a circle.
 */
async function recordPositions(ctx: AppContext, positions: Position[]): Promise<boolean[]> {
  const [sessions, lats, longs] = ['sessions', 'lats', 'longs'].map((name) => sql.placeholder(name));
  const result = await runPrepared(
    ctx.db,
    'record_positions',
    () => sql`
    with sent as (
      select x.session, x.lat, x.long, x.n
      from unnest(${sessions}::text[], ${lats}::float8[], ${longs}::float8[]) with ordinality as x(session, lat, long, n)),
    latest as (
      select distinct on (s.usuario) s.usuario, s.id as session, x.lat, x.long
      from sent x join sesiones s on s.id = x.session join usuarios u on u.id = s.usuario
      where ${liveSessionRules}
      order by s.usuario, x.n desc),
    locked as materialized (
      select u.id from usuarios u where u.id in (select usuario from latest) order by u.id for update),
    moved as (
      update usuarios u set lat = l.lat, long = l.long, gps = true, ubicacion_fecha = now()
      from latest l, locked k, sesiones s
      where u.id = l.usuario and k.id = l.usuario and s.id = l.session and ${liveSessionRules}
      returning u.id, l.lat, l.long, u.ubicacion_fecha),
    told as (
      select pg_notify(${LIVE_CHANNEL}, json_build_object(
        'topic', 'ubicacion:' || m.id,
        'event', json_build_object('name', 'location.changed', 'id', m.id, 'lat', m.lat,
          'lng', m.long, 'at', m.ubicacion_fecha, 'gps', true))::text)
      from moved m
      where exists (select 1 from ubicaciones_vigiladas w where w.usuario = m.id and w.mapas > 0))
    -- Every live session of a user moved (a session that is not live is never answered written).
    select x.session, (select count(*) from told)::int as told
    from sent x join sesiones s on s.id = x.session join usuarios u on u.id = s.usuario
    where u.id in (select id from moved) and ${liveSessionRules}`,
    {
      sessions: positions.map((p) => p.session),
      lats: positions.map((p) => p.lat),
      longs: positions.map((p) => p.long),
    },
  );
  const written = new Set((result as unknown as { rows: { session: string }[] }).rows.map((r) => r.session));
  return positions.map((p) => written.has(p.session));
}

const batches = new WeakMap<AppContext, (p: Position) => Promise<boolean>>();

/**
 * Records one device's position; the positions that arrive meanwhile go in the same statement
 * (statementBatch). False: the session is not live, nothing was written.
 */
export function recordLocation(ctx: AppContext, position: Position): Promise<boolean> {
  let record = batches.get(ctx);
  if (!record) batches.set(ctx, (record = statementBatch((all: Position[]) => recordPositions(ctx, all))));
  return record(position);
}
