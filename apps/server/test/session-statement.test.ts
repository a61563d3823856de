import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';

/**
 * The session check runs on every staff request: a lone check must be a statement PostgreSQL
 * plans once per connection, not at every call (auth/session.ts), and checks arriving together
 * are still read in one statement.
 */
describe('the session check’s statements', () => {
  let s: TestServer;
  beforeAll(async () => {
    // One connection: the plan counts read below are that connection's.
    s = await startTestServer({ DB_POOL_SIZE: '1' });
  });
  afterAll(async () => s?.close());

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
      const { rows } = await s.ctx.db.execute(
        sql`select generic_plans, custom_plans from pg_prepared_statements where name = 'viewer_session'`,
      );
      const [plans] = rows as { generic_plans: string; custom_plans: string }[];
      // PostgreSQL tries five custom plans before it compares them with the generic one.
      expect(Number(plans.custom_plans)).toBeLessThanOrEqual(5);
      expect(Number(plans.generic_plans)).toBeGreaterThanOrEqual(5);
    },
  );
});
