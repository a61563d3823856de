import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pgListener, type PgListener } from '../src/db/pg-listener.js';
import { startTestServer, type TestServer } from './helper.js';

/** Every channel a server listens to, on one PostgreSQL connection (db/pg-listener.ts). */
describe.runIf(!!process.env.DATABASE_URL)('one listening connection per server', () => {
  let s: TestServer;
  let notifier: pg.Client;
  beforeAll(async () => {
    // The job workers on (the API tests run them by hand): they listen to their own channel.
    s = await startTestServer({ JOBS_POLL_MS: '3600000' });
    notifier = new pg.Client({ connectionString: s.databaseUrl });
    await notifier.connect();
  });
  afterAll(async () => {
    await notifier?.end();
    await s?.close();
  });

  const notify = (channel: string, payload: string) => notifier.query('select pg_notify($1, $2)', [channel, payload]);

  /** The connections of this database that asked to LISTEN (or UNLISTEN) last. */
  const listeningConnections = async () => {
    const { rows } = await s.ctx.db.execute(
      sql`select pid from pg_stat_activity where datname = current_database() and query ~* '^\s*(un)?listen '`,
    );
    return rows as { pid: number }[];
  };

  /** A subscriber that records what it hears. */
  const recorder = () => {
    const heard: string[] = [];
    return {
      heard,
      onPayload: (payload: string) => heard.push(payload),
      gaps: { onLost: () => heard.push('(lost)'), onResumed: () => heard.push('(resumed)') },
    };
  };

  it('the live hub and the job workers share one connection', async () => {
    // The server listens to the live events' channel and to the jobs'.
    expect(await listeningConnections()).toHaveLength(1);
  });

  it('delivers each channel to its own subscribers, and stops a channel when its last one leaves', async () => {
    const listener: PgListener = pgListener(s.databaseUrl!, () => undefined);
    try {
      const [a1, a2, b] = [recorder(), recorder(), recorder()];
      const stopA1 = await listener.listen('vialex_test_a', a1.onPayload, a1.gaps);
      const stopA2 = await listener.listen('vialex_test_a', a2.onPayload, a2.gaps);
      const stopB = await listener.listen('vialex_test_b', b.onPayload, b.gaps);
      await notify('vialex_test_a', 'a-1');
      await notify('vialex_test_b', 'b-1');
      await vi.waitFor(() => expect(b.heard).toEqual(['b-1']), { interval: 10 });
      // Notifications reach one connection in the order they were committed.
      expect(a1.heard).toEqual(['a-1']);
      expect(a2.heard).toEqual(['a-1']);

      await stopA1();
      await notify('vialex_test_a', 'a-2');
      await notify('vialex_test_b', 'b-2');
      await vi.waitFor(() => expect(b.heard).toEqual(['b-1', 'b-2']), { interval: 10 });
      expect(a1.heard).toEqual(['a-1']);
      expect(a2.heard).toEqual(['a-1', 'a-2']);

      await stopA2();
      await notify('vialex_test_a', 'a-3');
      await notify('vialex_test_b', 'b-3');
      await vi.waitFor(() => expect(b.heard).toEqual(['b-1', 'b-2', 'b-3']), { interval: 10 });
      expect(a2.heard).toEqual(['a-1', 'a-2']);
      await stopB();
    } finally {
      await listener.close();
    }
  });

  it('a lost connection is heard by every subscriber, made again, and listens to every channel again', async () => {
    const listener = pgListener(s.databaseUrl!, () => undefined);
    try {
      const [a, b] = [recorder(), recorder()];
      await listener.listen('vialex_test_c', a.onPayload, a.gaps);
      await listener.listen('vialex_test_d', b.onPayload, b.gaps);
      // Only this listener's connection, whose last statement asked for the second channel.
      const { rows } = await s.ctx.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid() and query ~* '^listen "vialex_test_d"'`,
      );
      expect(rows).toHaveLength(1);
      await vi.waitFor(() => expect(b.heard).toEqual(['(lost)', '(resumed)']), { timeout: 10_000, interval: 20 });
      expect(a.heard).toEqual(['(lost)', '(resumed)']);
      await notify('vialex_test_c', 'c-1');
      await notify('vialex_test_d', 'd-1');
      await vi.waitFor(() => expect(b.heard).toEqual(['(lost)', '(resumed)', 'd-1']), { interval: 10 });
      expect(a.heard).toEqual(['(lost)', '(resumed)', 'c-1']);
    } finally {
      await listener.close();
    }
  });
});
