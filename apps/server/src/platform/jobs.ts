import crypto from 'node:crypto';
import os from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../db/client.js';
import { trabajos } from '../db/schema/index.js';

/*
 * Background jobs in PostgreSQL (docs/ARCHITECTURE.md; docs/decisions.md "SFTP export"): a row of `trabajos`
 * per job, claimed by one worker with UPDATE … (SELECT … FOR UPDATE SKIP LOCKED), so any number
 * of server instances share the work and a job runs in one place at a time. A claim is a lease:
 * the worker renews it while the job runs (heartbeat); an instance that dies leaves a lease that
 * runs out, and the job is claimed again. A failure is retried later (back-off) until the job's
 * attempts are spent; a job can be cancelled, which the running worker sees at its next heartbeat.
 * The same SQL runs on PGlite and PostgreSQL.
 */

export type JobRow = typeof trabajos.$inferSelect;

/** The job was cancelled or claimed by another worker: stop without writing anything. */
export class JobLost extends Error {
  constructor() {
    super('job lost (cancelled or taken over)');
  }
}

/** A failure retrying cannot mend (a refused host key, a file that is gone): the job fails at once. */
export class PermanentJobError extends Error {}

export interface RunningJob {
  job: JobRow;
  /** Aborted when the job is cancelled, taken over or the worker stops. */
  signal: AbortSignal;
  /** Renews the lease; throws JobLost (and aborts `signal`) when the job is no longer this worker's. */
  heartbeat(): Promise<void>;
}

/** What to do once the transaction that ended an attempt has committed (deliver notices, …). */
export type AfterCommit = (() => void) | void;

export interface JobHandler {
  run(running: RunningJob): Promise<void>;
  /** In the transaction that marks the job done. */
  done(tx: Tx, job: JobRow): Promise<AfterCommit>;
  /** In the transaction that schedules its retry at `retryAt`, or (retryAt null) marks it failed. */
  failed(tx: Tx, job: JobRow, reason: string, retryAt: Date | null): Promise<AfterCommit>;
  /** The reason a job fails with when its workers died on every attempt. */
  interruptedReason?: string;
}

/** The wake-up channel: an enqueued job is picked up at once rather than at the next poll. */
export const JOBS_CHANNEL = 'vialex_jobs';

/** Adds a job in the caller's transaction; the workers are woken after it commits. */
export async function enqueueJob(
  tx: Executor,
  tipo: string,
  payload: Record<string, unknown>,
  { maxAttempts, runAt }: { maxAttempts: number; runAt?: Date },
): Promise<JobRow> {
  const [row] = await tx
    .insert(trabajos)
    .values({ tipo, payload, max_intentos: maxAttempts, ...(runAt ? { ejecutar_en: runAt } : {}) })
    .returning();
  await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${tipo})`);
  return row;
}

/** Cancels a job not yet ended; false when it had ended. Its worker stops at its next heartbeat. */
export async function cancelJob(tx: Executor, id: string, now = new Date()): Promise<boolean> {
  const rows = await tx
    .update(trabajos)
    .set({ estado: 'cancelado', terminado: now, bloqueado_por: null, bloqueado_hasta: null })
    .where(and(eq(trabajos.id, id), sql`${trabajos.estado} in ('pendiente', 'en_curso')`))
    .returning({ id: trabajos.id });
  return rows.length > 0;
}

export interface JobRunnerOptions {
  /** This worker's name in `bloqueado_por` (host, process and a random part by default). */
  workerId?: string;
  /** How long a claim lasts without a heartbeat. */
  leaseMs: number;
  /** How often an idle worker looks for jobs when started (0: never by itself). */
  pollMs: number;
  /** Jobs one worker runs at once. */
  concurrency?: number;
  /** The wait before attempt n + 1 after attempt n failed. */
  backoffMs: (attempt: number) => number;
  /** The clock (the tests move it instead of waiting). */
  now?: () => Date;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Doubling back-off from `baseMs`, at most `maxMs`, with a little jitter so instances spread out. */
export function exponentialBackoff(baseMs: number, maxMs = 30 * 60_000): (attempt: number) => number {
  return (attempt) => Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1)) * (1 + Math.random() * 0.1);
}

/** A worker: claims jobs of its handlers' types and runs them. */
export class JobRunner {
  readonly workerId: string;
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private stopped = false;
  private polling: Promise<void> | undefined;
  private pollAgain = false;
  /** Jobs whose worker stopped abruptly (the tests' crash): nothing more is written for them. */
  private readonly abandoned = new Set<string>();

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    private readonly handlers: Record<string, JobHandler>,
    private readonly options: JobRunnerOptions,
  ) {
    this.workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private get db() {
    return this.database.db;
  }

  /** Polls every pollMs and when a job is enqueued, running up to `concurrency` jobs at once. */
  async start(): Promise<void> {
    if (this.options.pollMs <= 0) return;
    // A job enqueued while the listening connection was down is found by the poll on resume.
    this.stopListening = await this.database.listen(JOBS_CHANNEL, () => this.poll(), { onResumed: () => this.poll() });
    this.timer = setInterval(() => this.poll(), this.options.pollMs);
    this.timer.unref();
    this.poll();
  }

  private poll(): void {
    if (this.stopped) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = (async () => {
      do {
        this.pollAgain = false;
        while (!this.stopped && this.running.size < (this.options.concurrency ?? 2)) {
          const job = await this.claim().catch((err) => {
            this.options.log?.error({ err }, 'job claim failed');
            return undefined;
          });
          if (!job) break;
          // Claimed while this worker was being stopped: back to the queue.
          if (this.stopped) {
            await this.release(job);
            break;
          }
          void this.execute(job);
        }
      } while (this.pollAgain && !this.stopped);
    })().finally(() => (this.polling = undefined));
  }

  /**
   * Claims one due job and runs it to its end (the tests' "one tick"); false when none was due.
   * A job another worker holds under a live lease is skipped, not waited for.
   */
  async tick(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    await this.execute(job);
    return true;
  }

  /** The claim: the oldest due job (pending and due, or running under a lease that ran out). */
  private async claim(): Promise<JobRow | undefined> {
    const now = this.now();
    const until = new Date(now.getTime() + this.options.leaseMs);
    const types = Object.keys(this.handlers);
    if (!types.length) return undefined;
    const result = await this.db.execute(sql`
      update trabajos t
         set estado = 'en_curso', intentos = t.intentos + 1, bloqueado_en = ${now.toISOString()}::timestamptz,
             bloqueado_por = ${this.workerId}, bloqueado_hasta = ${until.toISOString()}::timestamptz
        from (select id from trabajos
               where tipo in (${sql.join(
                 types.map((t) => sql`${t}`),
                 sql`, `,
               )})
                 and ((estado = 'pendiente' and ejecutar_en <= ${now.toISOString()}::timestamptz)
                   or (estado = 'en_curso' and bloqueado_hasta < ${now.toISOString()}::timestamptz))
               order by ejecutar_en, creado
               limit 1
               for update skip locked) due
       where t.id = due.id
   returning t.id`);
    const id = (result.rows[0] as { id?: string } | undefined)?.id;
    if (!id) return undefined;
    const [row] = await this.db.select().from(trabajos).where(eq(trabajos.id, id));
    return row;
  }

  private execute(job: JobRow): Promise<void> {
    const controller = new AbortController();
    const done = this.runJob(job, controller).finally(() => this.running.delete(job.id));
    this.running.set(job.id, { controller, done });
    return done;
  }

  /** Renews this worker's lease on the job; false when the job is no longer this worker's. */
  private async renew(job: JobRow): Promise<boolean> {
    const until = new Date(this.now().getTime() + this.options.leaseMs);
    const rows = await this.db
      .update(trabajos)
      .set({ bloqueado_hasta: until })
      .where(and(eq(trabajos.id, job.id), eq(trabajos.bloqueado_por, this.workerId), eq(trabajos.estado, 'en_curso')))
      .returning({ id: trabajos.id });
    return rows.length > 0;
  }

  private async runJob(job: JobRow, controller: AbortController): Promise<void> {
    const handler = this.handlers[job.tipo];
    const heartbeat = async () => {
      if (controller.signal.aborted) throw new JobLost();
      if (!(await this.renew(job))) {
        controller.abort(new JobLost());
        throw new JobLost();
      }
    };
    // A long file keeps the lease too: renewed every third of it, whatever the job is doing.
    const beat = setInterval(() => void heartbeat().catch(() => undefined), Math.max(1000, this.options.leaseMs / 3));
    beat.unref();
    try {
      // Claimed again after its worker died on the last attempt: it fails rather than loop.
      if (job.intentos > job.max_intentos)
        throw new PermanentJobError(handler.interruptedReason ?? 'interrupted too many times');
      await handler.run({ job, signal: controller.signal, heartbeat });
      clearInterval(beat);
      await this.finish(job, handler, 'done');
    } catch (err) {
      clearInterval(beat);
      if (this.abandoned.has(job.id)) return;
      if (err instanceof JobLost || controller.signal.reason instanceof JobLost) return;
      if (controller.signal.reason === STOPPING) {
        await this.release(job);
        return;
      }
      const reason = err instanceof Error ? err.message : String(err);
      const last = err instanceof PermanentJobError || job.intentos >= job.max_intentos;
      const retryAt = last ? null : new Date(this.now().getTime() + this.options.backoffMs(job.intentos));
      await this.finish(job, handler, retryAt ? 'retry' : 'failed', reason, retryAt).catch((e) =>
        this.options.log?.error({ err: e, job: job.id }, 'job failure could not be recorded'),
      );
    } finally {
      clearInterval(beat);
    }
  }

  /** Ends the attempt in one transaction with the handler's own writes, if the job is still this worker's. */
  private async finish(
    job: JobRow,
    handler: JobHandler,
    outcome: 'done' | 'retry' | 'failed',
    reason = '',
    retryAt: Date | null = null,
  ): Promise<void> {
    const now = this.now();
    const ended = await this.db.transaction(async (tx) => {
      const set =
        outcome === 'done'
          ? { estado: 'hecho', terminado: now, error: null }
          : outcome === 'retry'
            ? { estado: 'pendiente', ejecutar_en: retryAt!, error: reason }
            : { estado: 'fallido', terminado: now, error: reason };
      const [row] = await tx
        .update(trabajos)
        .set({ ...set, bloqueado_por: null, bloqueado_hasta: null })
        .where(and(eq(trabajos.id, job.id), eq(trabajos.bloqueado_por, this.workerId), eq(trabajos.estado, 'en_curso')))
        .returning();
      if (!row) return undefined;
      return outcome === 'done' ? handler.done(tx, row) : handler.failed(tx, row, reason, retryAt);
    });
    ended?.();
  }

  /** A job interrupted by a stopping worker goes back to the queue; the attempt does not count. */
  private async release(job: JobRow): Promise<void> {
    await this.db
      .update(trabajos)
      .set({
        estado: 'pendiente',
        intentos: sql`greatest(${trabajos.intentos} - 1, 0)`,
        bloqueado_por: null,
        bloqueado_hasta: null,
      })
      .where(and(eq(trabajos.id, job.id), eq(trabajos.bloqueado_por, this.workerId), eq(trabajos.estado, 'en_curso')))
      .catch((err) => this.options.log?.warn({ err, job: job.id }, 'job could not be released'));
  }

  /**
   * Stops: no new claims; running jobs are interrupted and put back in the queue for any instance
   * (`release: false` leaves them as a crashed instance would, held until their lease runs out).
   */
  async stop({ release = true }: { release?: boolean } = {}): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.stopListening?.();
    await this.polling;
    for (const [id, { controller }] of this.running) {
      if (!release) this.abandoned.add(id);
      controller.abort(STOPPING);
    }
    await Promise.allSettled([...this.running.values()].map((r) => r.done));
  }

  /** Jobs this worker is running now. */
  get active(): number {
    return this.running.size;
  }
}

const STOPPING = Symbol('worker stopping');
