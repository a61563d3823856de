import { sql } from 'drizzle-orm';
import { CASE_LIST } from '@vialex/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';

/**
 * The busiest statements are planned once per connection, not at every call: PostgreSQL keeps a
 * named statement's generic plan only when it looks no costlier than the plans made for the values
 * at hand, which an `= any($array)` or a `limit $n` never does.
 */
let s: TestServer;
beforeAll(async () => {
  // One connection: the plan counts read below are that connection's.
  s = await startTestServer({ DB_POOL_SIZE: '1' });
});
afterAll(async () => s?.close());

/** The plans PostgreSQL made for this connection's named statements whose names start so. */
async function plansOf(prefix: string) {
  const { rows } = await s.ctx.db.execute(
    sql`select name, generic_plans, custom_plans from pg_prepared_statements where starts_with(name, ${prefix})`,
  );
  return (rows as { name: string; generic_plans: string; custom_plans: string }[]).map((r) => ({
    name: r.name,
    generic: Number(r.generic_plans),
    custom: Number(r.custom_plans),
  }));
}

// PostgreSQL tries five custom plans before it compares them with the generic one.
const PLANNED_ONCE = { custom: 5, generic: 5 };

/**
 * The session check runs on every staff request: a lone check must be a statement planned once
 * (auth/session.ts), and checks arriving together are still read in one statement.
 */
describe('the session check’s statements', () => {
  const me = (cookie: string) => s.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

  it('checks arriving together are answered each with its own user', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(s.ctx, { cargo: 'Investigador' })));
    const cookies = await Promise.all(users.map((u) => login(s.app, u.email)));
    const answers = await Promise.all([...cookies, ...cookies].map(me));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(answers.map((r) => r.json().id)).toEqual([...users, ...users].map((u) => u.user.id));
  });

  it.runIf(!!process.env.DATABASE_URL)(
    'a lone check reuses its generic plan instead of planning each call',
    async () => {
      const { email } = await createUser(s.ctx, { cargo: 'Investigador' });
      const cookie = await login(s.app, email);
      for (let i = 0; i < 10; i++) expect((await me(cookie)).statusCode).toBe(200);
      const [plans] = (await plansOf('viewer_session')).filter((p) => p.name === 'viewer_session');
      expect(plans.custom).toBeLessThanOrEqual(PLANNED_ONCE.custom);
      expect(plans.generic).toBeGreaterThanOrEqual(PLANNED_ONCE.generic);
    },
  );
});

/** The case list's page statement (cases/queries.ts), the busiest read of the staff's screens. */
describe('the case list’s page statements', () => {
  it.runIf(!!process.env.DATABASE_URL)(
    'reuse their generic plans, active and archived, at the default page size',
    async () => {
      const { email } = await createUser(s.ctx, { cargo: 'Administrador' });
      const cookie = await login(s.app, email);
      await createCaseAs(s.app, cookie, await caseBody(s.ctx));
      // A table large enough that reading a page's rows costs less than reading a tenth of it.
      await s.ctx.db.execute(sql`
        insert into casos select (jsonb_populate_record(null::casos, to_jsonb(c)
          || jsonb_build_object('id', gen_random_uuid(), 'caso', c.caso + g, 'archivado', g % 10 = 0))).*
        from casos c, generate_series(1, 2000) g`);
      await s.ctx.db.execute(sql`analyze casos`);
      const urls = ['/api/casos', '/api/casos/archivados', '/api/casos?limit=20'];
      for (let i = 0; i < 10; i++)
        for (const url of urls) {
          const res = await s.app.inject({ method: 'GET', url, headers: { cookie } });
          expect(res.statusCode, res.body).toBe(200);
        }
      // The pages' statements (not the rows' read by id, casos_list_rows).
      const plans = (await plansOf('casos_')).filter((p) => p.name !== 'casos_list_rows');
      // Both lists share a statement (the first page may take the full check's); another page
      // size is not kept by name.
      const pages = plans.filter((p) => p.custom + p.generic >= 10);
      expect(pages.length).toBeGreaterThan(0);
      for (const p of pages) {
        expect(p.custom, p.name).toBeLessThanOrEqual(PLANNED_ONCE.custom);
        expect(p.generic, p.name).toBeGreaterThanOrEqual(PLANNED_ONCE.generic);
      }
      expect(plans.filter((p) => p.name.startsWith(`casos_${CASE_LIST.defaultPageSize + 1}_`))).toEqual(plans);
    },
  );
});
