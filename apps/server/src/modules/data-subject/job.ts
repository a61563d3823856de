import { and, eq, inArray, sql } from 'drizzle-orm';
import { AUDIT_SYSTEM, recordText } from '@vialex/domain';
import type { DataRetentionConfig } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { anonimizacionEjecuciones } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { enqueueJob, type JobHandler, type JobRow } from '../../platform/jobs.js';
import { anonymiseSubject, finishFileDeletion, finishPendingFileDeletions } from './anonymise.js';
import { AUDIT_ACTIONS, recordDataSubjectAudit } from './audit.js';
import { dueClients, isDue, retentionCutoff } from './retention.js';
import { lockSubject } from './subject.js';

/*
 * The retention run as a durable job (platform/jobs.ts, as the SFTP export): one worker of any
 * instance holds it under a lease; a run taken over after a crash or a restart goes on from the
 * last client it got to (`ultimo_cliente`), and each client is anonymised in a transaction of its
 * own that checks again, under lock, that they are due and not yet anonymised: no client twice,
 * none whose case was reopened meanwhile. The start, each client and the end are on the audit
 * trail. When a run ends the next is scheduled (DATA_RETENTION_EVERY_HOURS from DATA_RETENTION_HOUR
 * in Bogotá), one row per scheduled time however many instances schedule it.
 */

export const RETENTION_JOB = 'retencion_datos';

/** The job's payload: which run it carries out. */
export interface RetentionJobPayload {
  ejecucion: string;
}

const MAX_ATTEMPTS = 5;
/** Clients looked up at a time (each is then anonymised on its own). */
const BATCH = 50;
const HOUR_MS = 3_600_000;
/** Bogotá is UTC−5 all year (Colombia keeps no daylight saving). */
const BOGOTA_OFFSET_HOURS = 5;

/** The first scheduled time after `after`: every `everyHours` from `hour` o'clock in Bogotá. */
export function nextRetentionSlot(after: Date, config: DataRetentionConfig): Date {
  const anchor = Date.UTC(2020, 0, 1, config.hour + BOGOTA_OFFSET_HOURS);
  const every = config.everyHours * HOUR_MS;
  return new Date(anchor + (Math.floor((after.getTime() - anchor) / every) + 1) * every);
}

/** A run for `at` and its job, in the caller's transaction; undefined when that time already has one. */
export async function scheduleRetentionRun(ctx: AppContext, tx: Tx, at: Date): Promise<string | undefined> {
  const [run] = await tx
    .insert(anonimizacionEjecuciones)
    .values({ programada: at, corte: retentionCutoff(at, ctx.config.dataRetention) })
    .onConflictDoNothing()
    .returning({ id: anonimizacionEjecuciones.id });
  if (!run) return undefined;
  const payload: RetentionJobPayload = { ejecucion: run.id };
  const job = await enqueueJob(tx, RETENTION_JOB, { ...payload }, { maxAttempts: MAX_ATTEMPTS, runAt: at });
  await tx.update(anonimizacionEjecuciones).set({ trabajo: job.id }).where(eq(anonimizacionEjecuciones.id, run.id));
  return run.id;
}

/** At start: the next run is scheduled unless one is pending or under way (or the schedule is off). */
export async function ensureRetentionScheduled(ctx: AppContext, now = new Date()): Promise<void> {
  const config = ctx.config.dataRetention;
  if (!config.everyHours) return;
  await ctx.db.transaction(async (tx) => {
    const [waiting] = await tx
      .select({ id: anonimizacionEjecuciones.id })
      .from(anonimizacionEjecuciones)
      .where(inArray(anonimizacionEjecuciones.estado, ['pendiente', 'en_curso']))
      .limit(1);
    if (!waiting) await scheduleRetentionRun(ctx, tx, nextRetentionSlot(now, config));
  });
}

/** A run as the audit trail names it: its scheduled time in Bogotá. */
const runTarget = (run: { id: string; programada: Date }) => ({
  tipo: 'retencion' as const,
  id: run.id,
  etiqueta: recordText(run.programada),
});

export interface RetentionJobOptions {
  /** The clock (the tests move it instead of waiting). */
  now?: () => Date;
  /** Called after each client the run looked at (the tests stop a worker there as a crash would). */
  afterClient?: (clientId: string) => Promise<void>;
}

/** The retention run's handler: what one attempt does, and how the run's end is written. */
export function retentionJobHandler(ctx: AppContext, options: RetentionJobOptions = {}): JobHandler {
  const now = () => options.now?.() ?? new Date();
  const runOf = (job: JobRow) => (job.payload as RetentionJobPayload).ejecucion;
  const runById = async (id: string) =>
    (await ctx.db.select().from(anonimizacionEjecuciones).where(eq(anonimizacionEjecuciones.id, id)))[0];

  /** One client, in a transaction of its own: anonymised if still due; the run's cursor moves past them. */
  async function visit(runId: string, cutoff: Date, clientId: string): Promise<boolean> {
    return ctx.db.transaction(async (tx) => {
      const subject = await lockSubject(tx, clientId);
      const due = !!subject && isDue(subject, cutoff);
      if (subject && due) await anonymiseSubject(ctx, tx, subject, { cause: 'retencion', now: now(), run: runId });
      await tx
        .update(anonimizacionEjecuciones)
        .set({
          ultimo_cliente: sql`greatest(coalesce(${anonimizacionEjecuciones.ultimo_cliente}, ${clientId}::uuid), ${clientId}::uuid)`,
        })
        .where(eq(anonimizacionEjecuciones.id, runId));
      return due;
    });
  }

  /** The run's end, in the job's own transaction; then the next run is scheduled. */
  async function end(tx: Tx, job: JobRow, estado: 'hecho' | 'fallido', error: string | null) {
    const [run] = await tx
      .update(anonimizacionEjecuciones)
      .set({ estado, error, fin: now() })
      .where(
        and(
          eq(anonimizacionEjecuciones.id, runOf(job)),
          inArray(anonimizacionEjecuciones.estado, ['pendiente', 'en_curso']),
        ),
      )
      .returning();
    if (!run) return;
    await recordDataSubjectAudit(tx, {
      actor: AUDIT_SYSTEM,
      accion: AUDIT_ACTIONS.retencionFin,
      objeto: runTarget(run),
      despues: { estado, anonimizados: run.anonimizados, error },
    });
    const config = ctx.config.dataRetention;
    if (config.everyHours) {
      const after = new Date(Math.max(now().getTime(), run.programada.getTime()));
      await scheduleRetentionRun(ctx, tx, nextRetentionSlot(after, config));
    }
  }

  return {
    async run({ job, heartbeat }) {
      const runId = runOf(job);
      const run = await runById(runId);
      if (!run || run.estado === 'hecho' || run.estado === 'fallido') return;
      if (run.estado === 'pendiente')
        await ctx.db.transaction(async (tx) => {
          const [started] = await tx
            .update(anonimizacionEjecuciones)
            .set({ estado: 'en_curso', inicio: now() })
            .where(and(eq(anonimizacionEjecuciones.id, runId), eq(anonimizacionEjecuciones.estado, 'pendiente')))
            .returning();
          if (started)
            await recordDataSubjectAudit(tx, {
              actor: AUDIT_SYSTEM,
              accion: AUDIT_ACTIONS.retencionInicio,
              objeto: runTarget(started),
              despues: { programada: started.programada.toISOString(), corte: started.corte.toISOString() },
            });
        });
      // What a crash or a storage failure left of earlier anonymisations first.
      await finishPendingFileDeletions(ctx);

      let after = run.ultimo_cliente;
      for (;;) {
        await heartbeat();
        const batch = await dueClients(ctx.db, run.corte, after, BATCH);
        if (!batch.length) break;
        for (const clientId of batch) {
          // Taken over or stopping: another worker goes on from the cursor.
          await heartbeat();
          if (await visit(runId, run.corte, clientId)) await finishFileDeletion(ctx, clientId);
          after = clientId;
          await options.afterClient?.(clientId);
        }
      }
    },

    async done(tx, job) {
      await end(tx, job, 'hecho', null);
    },

    async failed(tx, job, reason, retryAt) {
      if (!retryAt) return end(tx, job, 'fallido', reason);
      await tx
        .update(anonimizacionEjecuciones)
        .set({ error: reason })
        .where(eq(anonimizacionEjecuciones.id, runOf(job)));
    },
  };
}
