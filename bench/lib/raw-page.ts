import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { CASE_LIST, listQuerySchema, type Cargo } from '@vialex/domain';
import * as schema from '../../apps/server/src/db/schema/index.js';
import type { Db } from '../../apps/server/src/db/client.js';
import { caseListStatement } from '../../apps/server/src/modules/cases/queries.js';

/**
 * The floor a case-list page stands on: the very statement the server runs for that page (built
 * by the server's own caseListStatement, as listCases builds it), sent by node-postgres with its
 * parameters, named or unnamed as the server sends it, so PostgreSQL plans it as it plans the
 * server's. No session check, routing, validation or JSON.
 */
export async function rawPage(pool: pg.Pool, viewer: { id: string; cargo: Cargo }, path: string) {
  const url = new URL(path, 'http://x');
  const query = listQuerySchema.parse(Object.fromEntries(url.searchParams));
  const archived = url.pathname.endsWith('/archivados');
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const statement = caseListStatement(db, viewer, archived, query, query.limit ?? CASE_LIST.defaultPageSize);
  const { text, values } = statement;
  const name = statement.name ? `raw_${Math.random().toString(36).slice(2)}` : undefined;
  return async () => {
    const result = await pool.query({ name, text, values });
    return result.rowCount !== null;
  };
}
