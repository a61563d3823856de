import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { CASE_LIST, listQuerySchema, type Cargo } from '@vialex/domain';
import * as schema from '../../apps/server/src/db/schema/index.js';
import type { Db } from '../../apps/server/src/db/client.js';
import type { Viewer } from '../../apps/server/src/modules/auth/session.js';
import { listCases, planOnce } from '../../apps/server/src/modules/cases/queries.js';

/**
 * The floor a case-list page stands on: the very statement the server runs for that page
 * (caught from Drizzle's query log while the server's own listCases builds and runs it once),
 * sent by node-postgres with its parameters, named or unnamed as the server sends it (planOnce),
 * so PostgreSQL plans it as it plans the server's. No session check, routing, validation or JSON.
 */
export async function rawPage(pool: pg.Pool, viewer: { id: string; cargo: Cargo }, path: string) {
  let caught: { text: string; values: unknown[] } | undefined;
  const url = new URL(path, 'http://x');
  const query = listQuerySchema.parse(Object.fromEntries(url.searchParams));
  const archived = url.pathname.endsWith('/archivados');
  const client = await pool.connect();
  try {
    const db = drizzle({
      client,
      schema,
      logger: { logQuery: (text, values) => (caught = { text, values }) },
    }) as unknown as Db;
    await listCases(db, viewer as Viewer, archived, query, query.limit ?? CASE_LIST.defaultPageSize);
  } finally {
    client.release();
  }
  if (!caught) throw new Error(`${path}: no statement caught`);
  const { text, values } = caught;
  const shape = (query.criteria ? (JSON.parse(query.criteria) as { field: string; op: string }[]) : [])
    .map((c) => `${c.field}.${c.op}`)
    .join('+');
  const name = planOnce(shape) ? `raw_${Math.random().toString(36).slice(2)}` : undefined;
  return async () => {
    const result = await pool.query({ name, text, values });
    return result.rowCount !== null;
  };
}
