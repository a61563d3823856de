import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { startTestServer } from './helper.js';
import { createUser, login } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';

/** Every table's rows (as one digest each) and every sequence's position, but the instance's own row. */
async function contents(db: Db): Promise<string[]> {
  const tables = await db.execute<{ name: string }>(sql`
    select format('%I', c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' and c.relname <> 'instancias' order by 1`);
  const out: string[] = [];
  for (const { name } of tables.rows) {
    const digest = await db.execute<{ rows: number; md5: string }>(
      sql.raw(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from public.${name} t`,
      ),
    );
    out.push(`${name} ${digest.rows[0].rows} ${digest.rows[0].md5}`);
  }
  const sequences = await db.execute<{ name: string }>(sql`
    select format('%I', c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'S' order by 1`);
  for (const { name } of sequences.rows) {
    const at = await db.execute<{ last_value: string; is_called: boolean }>(
      sql.raw(`select last_value::text, is_called from public.${name}`),
    );
    out.push(`${name} ${at.rows[0].last_value} ${at.rows[0].is_called}`);
  }
  return out;
}

// The pool is PGlite's; on PostgreSQL every file has a database of its own.
describe.skipIf(Boolean(process.env.DATABASE_URL))('a PGlite database handed from one test server to the next', () => {
  it('comes back exactly as seeded, and the server that gave it back can no longer reach it', async () => {
    const first = await startTestServer();
    const seeded = await contents(first.ctx.db);
    const { email } = await createUser(first.ctx, { cargo: 'Call Center' });
    await createCaseAs(first.app, await login(first.app, email), await caseBody(first.ctx));
    expect(await contents(first.ctx.db)).not.toEqual(seeded);
    const oldDb = first.ctx.db;
    await first.close();

    const next = await startTestServer();
    try {
      expect(await contents(next.ctx.db)).toEqual(seeded);
      await expect(oldDb.execute(sql`select 1`)).rejects.toThrow();
    } finally {
      await next.close();
    }
  });
});
