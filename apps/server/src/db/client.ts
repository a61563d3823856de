import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { pgListener, type ListenGaps } from './pg-listener.js';
// For its effect: node-postgres builds each statement's empty row once, and none for array rows.
import './pg-lean-rows.js';

export type Schema = typeof schema;
/** One type for both drivers: PGlite's drizzle database has the same query API. */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

/** A statement with its values in order; `name` makes it a named (planned once) statement on node-postgres. */
export interface ArrayStatement {
  name?: string;
  text: string;
  values: unknown[];
}

/** Runs a statement and answers its rows as arrays of the driver's values, in the select's order. */
export type ArrayRunner = (statement: ArrayStatement) => Promise<unknown[][]>;

/*
 * The driver's values as Drizzle's own sessions ask for them (drizzle-orm/node-postgres and
 * drizzle-orm/pglite: dates, times and intervals as text, for the columns' decoders to read;
 * everything else by the driver's parser), so a row mapped with the columns' decoders is the
 * row Drizzle would map. The node-postgres lookup is memoised: it runs once per column of every
 * answer.
 */
const TEXT_TYPES = [1114, 1184, 1082, 1186, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;
const pgParsers = new Map<number, (value: string) => unknown>(TEXT_TYPES.map((oid) => [oid, asText]));
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (format === 'binary') return pg.types.getTypeParser(oid, 'binary');
    let parser = pgParsers.get(oid);
    if (!parser) pgParsers.set(oid, (parser = pg.types.getTypeParser(oid, 'text')));
    return parser;
  },
};
const pgliteOptions = {
  rowMode: 'array' as const,
  parsers: Object.fromEntries(TEXT_TYPES.map((oid) => [oid, asText])),
};

const runners = new WeakMap<object, ArrayRunner | null>();

/**
 * A runner for hot reads that map their own rows (the case list): the statement goes straight to
 * the driver, skipping Drizzle's per-row generic mapping. Undefined for a handle that is not a
 * database of openDatabase's two kinds (a transaction): the caller then runs it through Drizzle.
 */
export function arrayRunner(db: Executor): ArrayRunner | undefined {
  let runner = runners.get(db);
  if (runner === undefined) {
    const client = (db as { $client?: unknown }).$client;
    runner =
      client instanceof pg.Pool || client instanceof pg.Client
        ? async ({ name, text, values }) =>
            (await client.query<unknown[]>({ name, text, values, rowMode: 'array', types: pgTypes })).rows
        : client instanceof PGlite
          ? async ({ text, values }) => (await client.query<unknown[]>(text, values, pgliteOptions)).rows
          : null;
    runners.set(db, runner);
  }
  return runner ?? undefined;
}

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Where in-memory (`memory://`) databases come from and go when their server stops: a new, empty
 * PGlite each, closed after. The tests set a source of migrated, seeded databases made once per
 * run, which puts a stopped server's database back to that state for the next one.
 */
export interface MemoryDatabases {
  open(): Promise<PGlite>;
  release(client: PGlite): Promise<void>;
}
const NEW_EACH_TIME: MemoryDatabases = { open: async () => new PGlite(), release: (client) => client.close() };
let memoryDatabases = NEW_EACH_TIME;
export function setMemoryDatabases(source: MemoryDatabases | undefined): void {
  memoryDatabases = source ?? NEW_EACH_TIME;
}

export type { ListenGaps };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Subscribes to a NOTIFY channel (on PostgreSQL, on the one connection every channel of this
   * database listens on: pg-listener.ts). When that connection is lost,
   * `onLost` runs at once: what was committed and not yet delivered to it never arrives, nor does
   * anything notified until it listens again, when `onResumed` runs.
   */
  listen(channel: string, onPayload: (payload: string) => void, gaps?: ListenGaps): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * PostgreSQL's pool as it stands (none on PGlite): connections made, idle and asked for, and
   * those whose socket has not ended yet. A stop that hangs on the database logs it: a
   * connection never given back shows as `total` above `idle`.
   */
  poolState?(): { total: number; idle: number; waiting: number; sockets: number };
}

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite (in `dataDir`, or in
 * memory for `memory://`), and brings the schema up to date with the drizzle-kit migrations.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** Where connection errors that no query is waiting for are reported. */
  onError?: (err: Error, source: string) => void;
}): Promise<Database> {
  if (opts.url)
    return openPostgres(
      opts.url,
      opts.poolSize ?? 10,
      opts.onError ?? ((err, source) => console.error(`database ${source}:`, err.message)),
    );
  return openPglite(opts.dataDir ?? 'memory://');
}

async function openPglite(dataDir: string): Promise<Database> {
  let dir = dataDir;
  if (dir !== 'memory://') {
    dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  const source = dir === 'memory://' ? memoryDatabases : undefined;
  const client = source ? await source.open() : new PGlite(dir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
  // What still listens when the database closes stops first: a database handed on to another
  // server must not call back into this one.
  const listening = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      const stop = async () => {
        if (listening.delete(stop)) await unsub();
      };
      listening.add(stop);
      return stop;
    },
    async close() {
      await Promise.all([...listening].map((stop) => stop()));
      await (source ? source.release(client) : client.close());
    },
  };
}

/**
 * How long an idle pooled connection is kept: 5 minutes, not pg's 10 s. A new connection costs a
 * backend process, and each named statement (`runPrepared`) is prepared again on it, at the very
 * moment the load rises again; with 10 s the pool shrank in every lull and grew in the next burst
 * (about 8 new connections a minute through a soak). After 5 minutes of quiet they are let go.
 */
export const POOL_IDLE_MS = 5 * 60_000;

async function openPostgres(
  url: string,
  poolSize: number,
  onError: (err: Error, source: string) => void,
): Promise<Database> {
  // Migrate on one connection under an advisory lock, so several instances starting together
  // don't race each other.
  const lockClient = new pg.Client({ connectionString: url });
  await lockClient.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727001)');
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS });
  } finally {
    await lockClient.query('select pg_advisory_unlock(727001)').catch(() => undefined);
    await lockClient.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: POOL_IDLE_MS });
  // An idle connection that PostgreSQL drops (a restart, a terminated backend) is reported here
  // and replaced by the pool on next use; without a handler it would crash the process.
  pool.on('error', (err) => onError(err, 'pool'));
  const open = new Set<pg.Client>();
  pool.on('connect', (client) => {
    // A connection that fails mid-query rejects that query; this only keeps the event from crashing us.
    client.on('error', (err) => onError(err, 'connection'));
    open.add(client);
    client.once('end', () => open.delete(client));
  });
  const db = drizzlePg({ client: pool, schema });
  const listener = pgListener(url, onError);
  return {
    db,
    kind: 'postgres',
    listen: (channel, onPayload, gaps) => listener.listen(channel, onPayload, gaps),
    poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, sockets: open.size }),
    async close() {
      await listener.close();
      // pool.end() resolves once every client was asked to end; wait until their sockets have
      // closed too, so whoever drops the database next (the tests) finds no session left.
      const closing = [...open].map((c) => new Promise<void>((resolve) => c.once('end', () => resolve())));
      await pool.end();
      await Promise.all(closing);
    },
  };
}
