import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@vialex/domain';
import { intentos_login, sesiones } from '../src/db/schema/index.js';
import { waitingAttempts } from '../src/modules/auth/throttle.js';
import { startSecondInstance, startTestServer, type TestServer } from './helper.js';
import { createUser, TEST_PASSWORD } from './factories.js';

let s: TestServer;
let defaults: typeof s.config.login;
beforeAll(async () => {
  s = await startTestServer();
  defaults = { ...s.ctx.config.login };
});
afterAll(async () => s?.close());
beforeEach(async () => {
  await s.ctx.db.execute(sql`delete from intentos_login`);
  await s.ctx.db.delete(sesiones);
  Object.assign(s.ctx.config.login, defaults);
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

describe('sign-in throttling: attempts still being checked', () => {
  const count = async (where: ReturnType<typeof sql>) =>
    (await s.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from intentos_login where ${where}`)).rows[0]
      .n;
  const users = (n: number) => Promise.all(Array.from({ length: n }, () => createUser(s.ctx)));
  /** Reservations left by another instance (still checking, or dead if old enough). */
  const pendingRows = (rows: { email: string; ip: string }[]) =>
    s.ctx.db.insert(intentos_login).values(rows.map((r) => ({ ...r, pendiente: true })));

  it('60 right sign-ins of different accounts from one address at once all get in (the address allows 30 failures)', async () => {
    // A burst may take its time on a busy machine: the wait is bounded only to catch a hang.
    s.ctx.config.login.waitMs = 120_000;
    const office = '198.51.100.20';
    const accounts = await users(60);
    const answers = await Promise.all(accounts.map(({ email }) => attempt(email, TEST_PASSWORD, office)));
    expect(statuses(answers)).toEqual(Array(60).fill(200));
    expect(await count(sql`ip = ${office}`)).toBe(0);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    'two instances share the limits: 60 right sign-ins split over both all get in, 20 guesses get 5 evaluated',
    async () => {
      s.ctx.config.login.waitMs = 120_000;
      // The second instance learns of the first one's settled attempts by looking again.
      s.ctx.config.login.pollMs = 20;
      const second = await startSecondInstance(s);
      try {
        const office = '198.51.100.25';
        const accounts = await users(60);
        const answers = await Promise.all(
          accounts.map(({ email }, i) =>
            (i % 2 ? second.app : s.app).inject({
              method: 'POST',
              url: '/api/auth/login',
              payload: { email, password: TEST_PASSWORD },
              remoteAddress: office,
            }),
          ),
        );
        expect(statuses(answers)).toEqual(Array(60).fill(200));
        expect(await count(sql`ip = ${office}`)).toBe(0);
        // …and 20 guesses on one account split over both: 5 are evaluated.
        const { email } = await createUser(s.ctx);
        const guesses = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            (i % 2 ? second.app : s.app).inject({
              method: 'POST',
              url: '/api/auth/login',
              payload: { email, password: `Mala${i}*abc` },
              remoteAddress: office,
            }),
          ),
        );
        expect(statuses(guesses)).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
      } finally {
        await second.stop();
      }
    },
  );

  it('a burst of right and wrong sign-ins from one address: the wrong ones never get past the limit', async () => {
    s.ctx.config.login.waitMs = 120_000;
    const office = '198.51.100.21';
    // 29 wrong passwords (on 6 accounts, at most 5 each) among 40 right ones: all are evaluated.
    const guessed = await users(6);
    const right = await users(40);
    const wrong = Array.from({ length: 29 }, (_, i) => guessed[i % 6].email);
    const burst = [
      ...right.map(({ email }) => ({ email, password: TEST_PASSWORD })),
      ...wrong.map((email, i) => ({ email, password: `Mala${i}*abc` })),
    ].sort(() => Math.random() - 0.5);
    const first = await Promise.all(burst.map((b) => attempt(b.email, b.password, office)));
    expect(statuses(first)).toEqual([...Array(40).fill(200), ...Array(29).fill(401)]);
    expect(await count(sql`ip = ${office} and not pendiente`)).toBe(29);

    // Then 10 more wrong and 10 more right at once: one more failure reaches the limit of 30.
    const guessed2 = await users(2);
    const right2 = await users(10);
    const second = await Promise.all(
      [
        ...guessed2.flatMap(({ email }) => Array.from({ length: 5 }, (_, i) => ({ email, password: `Otra${i}*abc` }))),
        ...right2.map(({ email }) => ({ email, password: TEST_PASSWORD })),
      ]
        .sort(() => Math.random() - 0.5)
        .map((b) => attempt(b.email, b.password, office).then((res) => ({ ...b, res }))),
    );
    const wrongAnswers = second.filter((a) => a.password !== TEST_PASSWORD).map((a) => a.res);
    expect(statuses(wrongAnswers)).toEqual([401, ...Array(9).fill(429)]);
    for (const { res } of second) {
      expect([200, 401, 429]).toContain(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json()).toMatchObject({
          code: 'TOO_MANY_ATTEMPTS',
          message: 'Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.',
        });
    }
    expect(await count(sql`ip = ${office}`)).toBe(30);
    expect(await count(sql`pendiente`)).toBe(0);
  });

  it('waits for the address’s attempts still being checked elsewhere, and gets in when they prove right', async () => {
    s.ctx.config.login.pollMs = 20;
    const office = '198.51.100.22';
    const { email } = await createUser(s.ctx);
    await pendingRows(Array.from({ length: 30 }, (_, i) => ({ email: `otro${i}@vialex.test`, ip: office })));
    const answer = attempt(email, TEST_PASSWORD, office);
    await vi.waitFor(() => expect(waitingAttempts(s.ctx.db)).toBe(1));
    // The other instance's checks end: right passwords forget their reservations.
    await s.ctx.db.delete(intentos_login).where(eq(intentos_login.ip, office));
    expect((await answer).statusCode).toBe(200);
  });

  it('an attempt still pending after LOGIN_PENDING_SECONDS (its instance died) counts as a failure', async () => {
    s.ctx.config.login.pollMs = 20;
    const guesser = '203.0.113.50';
    const { email } = await createUser(s.ctx);
    // Five checks in flight on this account from this address: the next one waits for them…
    await pendingRows(Array.from({ length: 5 }, () => ({ email, ip: guesser })));
    const answer = attempt(email, TEST_PASSWORD, guesser);
    await vi.waitFor(() => expect(waitingAttempts(s.ctx.db)).toBe(1));
    // …and their instance dies: once they are older than LOGIN_PENDING_SECONDS they are failures.
    await s.ctx.db.execute(
      sql`update intentos_login set fecha = fecha - make_interval(secs => ${defaults.pendingSeconds + 1}) where ip = ${guesser}`,
    );
    const refused = await answer;
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.');
    // Without waiting, too; and the owner elsewhere is not locked out.
    expect((await attempt(email, TEST_PASSWORD, guesser)).statusCode).toBe(429);
    expect((await attempt(email, TEST_PASSWORD, '198.51.100.23')).statusCode).toBe(200);
  });

  it('answers 429 after LOGIN_PENDING_WAIT_MS when the attempts in flight do not end', async () => {
    s.ctx.config.login.waitMs = 50;
    s.ctx.config.login.pollMs = 20;
    const office = '198.51.100.24';
    const { email } = await createUser(s.ctx);
    await pendingRows(Array.from({ length: 30 }, (_, i) => ({ email: `otro${i}@vialex.test`, ip: office })));
    const busy = await attempt(email, TEST_PASSWORD, office);
    expect(busy.statusCode).toBe(429);
    expect(busy.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: MSG.inicioSesionOcupado });
    expect(waitingAttempts(s.ctx.db)).toBe(0);
  });
});
