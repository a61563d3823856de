import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { intentos_login, sesiones } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, TEST_PASSWORD } from './factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());
beforeEach(async () => {
  await s.ctx.db.execute(sql`delete from intentos_login`);
  await s.ctx.db.delete(sesiones);
});

const attempt = (email: string, password: string, ip = '127.0.0.1') =>
  s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

describe('sign-in throttling', () => {
  it('of 20 parallel wrong passwords for one account, only 5 are evaluated', async () => {
    const { email } = await createUser(s.ctx);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(email, `Mala${i}*abc`)));
    expect(statuses(answers)).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    expect(answers.find((a) => a.statusCode === 429)!.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.',
    });
    const [{ n }] = (
      await s.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from intentos_login where email = ${email}`)
    ).rows;
    expect(n).toBe(5);
  });

  it('five wrong passwords from one address do not lock the owner out from another', async () => {
    const { email } = await createUser(s.ctx);
    for (let i = 0; i < 5; i++) expect((await attempt(email, `Mala${i}*abc`, '203.0.113.9')).statusCode).toBe(401);
    expect((await attempt(email, TEST_PASSWORD, '203.0.113.9')).statusCode).toBe(429);
    // The owner, from the office:
    expect((await attempt(email, TEST_PASSWORD, '198.51.100.4')).statusCode).toBe(200);
    // …which does not forgive the guesser's address.
    await s.ctx.db.delete(sesiones);
    expect((await attempt(email, TEST_PASSWORD, '203.0.113.9')).statusCode).toBe(429);
  });

  it('a right password forgets only its own address’s failures on that account', async () => {
    const { email } = await createUser(s.ctx);
    for (let i = 0; i < 4; i++) await attempt(email, `Mala${i}*abc`, '198.51.100.4');
    expect((await attempt(email, TEST_PASSWORD, '198.51.100.4')).statusCode).toBe(200);
    await s.ctx.db.delete(sesiones);
    const left = await s.ctx.db.select().from(intentos_login).where(eq(intentos_login.email, email));
    expect(left).toHaveLength(0);
    // Counting starts again: five more mistakes are allowed before the address is refused.
    for (let i = 0; i < 5; i++) expect((await attempt(email, `Otra${i}*abc`, '198.51.100.4')).statusCode).toBe(401);
  });

  it('slows a guesser spread over many addresses: after 10 failures, one attempt a minute on the account', async () => {
    const { email } = await createUser(s.ctx);
    for (let i = 0; i < 10; i++)
      expect((await attempt(email, `Mala${i}*abc`, `192.0.2.${i + 1}`)).statusCode).toBe(401);
    const slowed = await attempt(email, TEST_PASSWORD, '198.51.100.4');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(
      /^Demasiados intentos fallidos en esta cuenta\. Espere (60|59) segundos e intente de nuevo\.$/,
    );
    // A minute after the last failure the owner gets in.
    await s.ctx.db.execute(sql`update intentos_login set fecha = fecha - interval '61 seconds' where email = ${email}`);
    expect((await attempt(email, TEST_PASSWORD, '198.51.100.4')).statusCode).toBe(200);
  });

  it('refuses an address after 30 failures over any accounts', async () => {
    const accounts = await Promise.all(Array.from({ length: 7 }, () => createUser(s.ctx)));
    let n = 0;
    for (const { email } of accounts) {
      for (let i = 0; i < 5 && n < 30; i++, n++)
        expect((await attempt(email, `Mala${i}*abc`, '203.0.113.77')).statusCode).toBe(401);
    }
    const last = accounts.at(-1)!;
    expect((await attempt(last.email, TEST_PASSWORD, '203.0.113.77')).statusCode).toBe(429);
    expect((await attempt(last.email, TEST_PASSWORD, '203.0.113.78')).statusCode).toBe(200);
  });
});
