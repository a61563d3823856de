import crypto from 'node:crypto';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { instancias } from '../db/schema/index.js';

/*
 * The running server instances (docs/operations.md "Several instances"): each has a random id and a
 * row of `instancias` whose `visto` it renews every heartbeat (INSTANCE_HEARTBEAT_MS, 10 s by
 * default). What an instance's live sockets hold in the database — room presence, watched
 * positions — is recorded under its id, so an instance that died without closing its sockets
 * (SIGKILL, power loss) leaves rows that can be told apart: on every heartbeat each instance
 * deletes the rows of `instancias` not seen for INSTANCE_EXPIRY_MS (30 s by default) and runs the
 * registered releases, which remove what no instance of `instancias` holds any more. Times are the
 * database's (now()), so the instances' clocks do not matter. Safe to run on several instances at
 * once: a row is deleted, and what it held given back, by one of them only.
 */

/** Removes what instances no longer in `instancias` held (and may tidy empty rows); the count released. */
export type ReleaseGone = () => Promise<number>;

export interface InstanceOptions {
  /** How often `visto` is renewed and the sweep runs; 0 turns the timer off (tests call beat/sweep). */
  heartbeatMs: number;
  /** An instance not seen for this long is dead: its rows are released. Several heartbeats. */
  expiryMs: number;
  log?: { warn(obj: object, msg: string): void };
  /**
   * This instance's row had been deleted by another's sweep (it stalled for longer than the
   * expiry: a long pause, the database out of reach): what its sockets held was given back, so
   * they should enter again (server.ts closes them with 1012; the apps reconnect and resubscribe).
   */
  onRevived?: () => void;
}

export class InstanceRegistry {
  /** This instance's id: what its presence rows are recorded under. */
  readonly id = crypto.randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private readonly releases: ReleaseGone[] = [];
  private beating: Promise<void> | undefined;

  constructor(
    private readonly database: Database,
    private readonly options: InstanceOptions,
  ) {}

  /** A release to run on every sweep (registered before start). */
  onSweep(release: ReleaseGone): void {
    this.releases.push(release);
  }

  /**
   * Registers this instance (before it serves any socket). Other instances' rows are left alone
   * on PostgreSQL — they expire if dead; on PGlite only one process opens the database, so every
   * other row is an earlier run's, released at once.
   */
  async start(): Promise<void> {
    await this.renew();
    if (this.database.kind === 'pglite') {
      await this.database.db.delete(instancias).where(ne(instancias.id, this.id));
      await this.release();
    }
    if (this.options.heartbeatMs > 0) {
      this.timer = setInterval(() => void this.beat(), this.options.heartbeatMs);
      this.timer.unref();
    }
  }

  /** One heartbeat: renew `visto`, then sweep. Never overlaps itself; failures are logged. */
  beat(): Promise<void> {
    this.beating ??= (async () => {
      try {
        if (await this.renew()) this.options.onRevived?.();
        await this.sweep();
      } catch (err) {
        this.options.log?.warn({ err }, 'instance heartbeat failed');
      } finally {
        this.beating = undefined;
      }
    })();
    return this.beating;
  }

  /**
   * Deletes the instances not seen for expiryMs (never this one), then releases what no listed
   * instance holds. Answers the ids of the instances it found dead.
   */
  async sweep(): Promise<string[]> {
    const dead = await this.database.db
      .delete(instancias)
      .where(
        and(
          ne(instancias.id, this.id),
          lt(instancias.visto, sql`now() - ${this.options.expiryMs} * interval '1 millisecond'`),
        ),
      )
      .returning({ id: instancias.id });
    await this.release();
    return dead.map((d) => d.id);
  }

  /**
   * Graceful stop: this instance's row goes, and with it — released at once — whatever its
   * sockets still held (after the app closed them).
   */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    await this.database.db.delete(instancias).where(eq(instancias.id, this.id));
    await this.release();
  }

  /**
   * Gives back at once what this instance's sockets held, once it has closed them all (its live
   * hub lost the database and told every socket to reconnect; their leaving may have failed while
   * the database was away): its row goes, what it held is released as a dead instance's would be,
   * and it is registered again. Never overlaps a heartbeat, which would register it midway.
   */
  async giveBack(): Promise<void> {
    while (this.beating) await this.beating;
    this.beating = (async () => {
      try {
        await this.database.db.delete(instancias).where(eq(instancias.id, this.id));
        await this.release();
        await this.renew();
      } finally {
        this.beating = undefined;
      }
    })();
    return this.beating;
  }

  /**
   * Inserts or renews this instance's row; answers whether it had to be inserted (at start, or
   * after a sweep deleted it while this instance stalled).
   */
  private async renew(): Promise<boolean> {
    const [row] = await this.database.db
      .insert(instancias)
      .values({ id: this.id })
      .onConflictDoUpdate({ target: instancias.id, set: { visto: sql`now()` } })
      .returning({ inserted: sql<boolean>`xmax = 0` });
    return !!row?.inserted;
  }

  private async release(): Promise<void> {
    for (const release of this.releases) await release();
  }
}
