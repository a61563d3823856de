import crypto from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../db/client.js';

const dialect = new PgDialect();

/** Rows as arrays, in the select's order, a batch at a time. */
export interface RowCursor {
  /** The next batch; empty once the rows are done. */
  next(): Promise<unknown[][]>;
  /** Ends the cursor (and its transaction or connection); safe to call twice. */
  close(): Promise<void>;
}

/**
 * A server-side cursor over a query (DECLARE … CURSOR / FETCH n), so an export of any size holds
 * one batch in this process at a time.
 *
 * - PostgreSQL: a connection of the pool of its own, a read-only transaction, a NO SCROLL
 *   cursor: rows come as PostgreSQL produces them, the first batch as soon as it has them.
 * - PGlite (one in-process session for the whole server): a transaction there would hold every
 *   other request until the download ends, so the cursor is WITH HOLD, declared outside any
 *   transaction. PostgreSQL then keeps the result in its own work area (spilled to its temporary
 *   files beyond work_mem), and each FETCH is a statement of its own between other requests.
 */
export async function openCursor(db: Db, query: SQL, batchSize = 1000): Promise<RowCursor> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `reporte_${crypto.randomBytes(6).toString('hex')}`;
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    await client.query(`declare ${name} no scroll cursor with hold for ${text}`, params);
    let open = true;
    return {
      async next() {
        if (!open) return [];
        return (await client.query<unknown[]>(`fetch ${batchSize} from ${name}`, [], { rowMode: 'array' })).rows;
      },
      async close() {
        if (!open) return;
        open = false;
        await client.query(`close ${name}`);
      },
    };
  }
  if (!(client instanceof pg.Pool)) throw new Error('openCursor: not a database of openDatabase');
  const conn = await client.connect();
  let done = false;
  try {
    await conn.query('begin read only');
    await conn.query(`declare ${name} no scroll cursor for ${text}`, params);
  } catch (err) {
    await conn.query('rollback').catch(() => undefined);
    conn.release();
    throw err;
  }
  return {
    async next() {
      if (done) return [];
      return (await conn.query<unknown[]>({ text: `fetch ${batchSize} from ${name}`, rowMode: 'array' })).rows;
    },
    async close() {
      if (done) return;
      done = true;
      try {
        await conn.query('rollback');
        conn.release();
      } catch (err) {
        // A broken connection is not given back to the pool.
        conn.release(err as Error);
      }
    },
  };
}
