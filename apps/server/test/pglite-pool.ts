import { PGlite } from '@electric-sql/pglite';
import type { MemoryDatabases } from '../src/db/client.js';

/**
 * The API tests' in-memory databases, each a copy of the run's migrated, seeded database.
 * Booting one from its dump costs about 0.3 s of CPU (28 MB loaded, PostgreSQL started in WASM),
 * and a run starts about 120 servers. A worker runs its files one after another, so the database
 * of a server that stopped is put back to the seeded state instead (every table emptied and
 * refilled from a copy of its seed rows, every sequence set back: about 40 ms) and handed
 * to the next server. What a session holds (prepared statements, LISTEN, settings, locks) goes
 * with DISCARD ALL; a database that cannot be put back is closed and never handed on, and a
 * server's handle fails as on a closed database from the moment it gives it back.
 */
const SEED = 'vialex_test_seed';
/** More are opened when a file runs several servers at once; these many are kept for later. */
const KEEP = 2;

export function seededDatabases(dump: Blob): MemoryDatabases {
  const spare: PGlite[] = [];
  // Each client's statements that put its seed back, run after DISCARD ALL (which may not share
  // a query string with others).
  const resets = new WeakMap<PGlite, string>();
  const leased = new WeakMap<PGlite, { client: PGlite; over: boolean }>();
  return {
    async open() {
      let client = spare.pop();
      if (!client) {
        client = new PGlite({ loadDataDir: dump });
        await client.waitReady;
        resets.set(client, await keepSeed(client));
      }
      // The server gets a handle that fails like a closed database once it is given back, so
      // nothing it left running can reach the next server's data.
      const lease = { client, over: false };
      const handle = new Proxy(client, {
        get(target, key) {
          if (key === 'closed') return lease.over || target.closed;
          if (lease.over) throw new Error('PGlite is closed');
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      leased.set(handle, lease);
      return handle;
    },
    async release(handle) {
      const lease = leased.get(handle);
      if (!lease || lease.over) return;
      lease.over = true;
      const { client } = lease;
      const reset = resets.get(client);
      if (client.closed || !reset) return;
      try {
        await client.exec('discard all');
        await client.exec(reset);
      } catch {
        await client.close();
        return;
      }
      if (spare.length < KEEP) spare.push(client);
      else await client.close();
    },
  };
}

/**
 * Copies every table's rows into a schema of their own and writes the statements that put them
 * back: the tables emptied together, refilled with their triggers and foreign keys off (the rows
 * are the ones that were there), the sequences set to where they stood.
 */
async function keepSeed(client: PGlite): Promise<string> {
  const { rows: tables } = await client.query<{ name: string; columns: string }>(`
    select format('%I', c.relname) as name,
           string_agg(format('%I', a.attname), ', ' order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
     group by c.relname
     order by c.relname`);
  const { rows: sequences } = await client.query<{ name: string }>(`
    select format('public.%I', c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'S'`);
  await client.exec(
    [`create schema ${SEED}`, ...tables.map((t) => `create table ${SEED}.${t.name} as select * from public.${t.name}`)]
      .map((s) => `${s};`)
      .join('\n'),
  );
  const setvals: string[] = [];
  for (const { name } of sequences) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${name}`,
    );
    const [at] = rows;
    if (at) setvals.push(`select setval('${name}', ${at.last_value}, ${at.is_called})`);
  }
  return [
    "set session_replication_role = 'replica'",
    `truncate ${tables.map((t) => `public.${t.name}`).join(', ')}`,
    ...tables.map(
      (t) =>
        `insert into public.${t.name} (${t.columns}) overriding system value select ${t.columns} from ${SEED}.${t.name}`,
    ),
    ...setvals,
    'reset session_replication_role',
  ]
    .map((s) => `${s};`)
    .join('\n');
}
