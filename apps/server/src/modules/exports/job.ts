import path from 'node:path/posix';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { EXPORT_EN_PROCESO, EXPORT_ERROR, EXPORT_FINALIZADO, MSG, fmt, topics } from '@vialex/domain';
import type { Executor, Tx } from '../../db/client.js';
import { exportaciones } from '../../db/schema/index.js';
import { SftpError, connectSftp, type SftpSession } from '../../integrations/sftp.js';
import type { AppContext } from '../../platform/context.js';
import { PermanentJobError, type JobHandler, type JobRow } from '../../platform/jobs.js';
import { storageOf } from '../files/storage.js';
import { caseFileData, type ExportFile } from './contents.js';
import { noticeExportEnded } from './notice.js';
import { caseFolder, summaryJson, summaryJsonName, summaryPdf, summaryPdfName } from './summary.js';

/*
 * The SFTP export of a case as a background job (platform/jobs.ts; decisions.md D8). One attempt:
 * connect (the host key pinned), make /<root>/caso-<n>/ and its folders, send each file the
 * server does not already hold whole (same name and size: sent by an earlier attempt), then the
 * summary JSON and PDF. Progress (files sent of the total) is written and announced live as it
 * goes; the end (Finalizado, or Error with the reason) is written in the job's own transaction.
 */

export const EXPORT_JOB = 'exportacion_sftp';

/** The job's payload: which export it runs. */
export interface ExportJobPayload {
  exportacion: string;
}

/** At most one progress event a second per export (a case with many small files). */
const PROGRESS_EVENT_MS = 1000;

export const exportChanged = (ctx: AppContext, executor: Executor, id: string) =>
  ctx.hub.publish(executor, topics.list('exportaciones'), { name: 'list.changed', list: 'exportaciones', id });

/** An SFTP failure as the export's reason; those retrying cannot mend are permanent. */
function reasonOf(err: unknown): Error {
  if (err instanceof SftpError) {
    switch (err.code) {
      case 'SFTP_HOST_KEY':
        return new PermanentJobError(MSG.sftpLlaveNoCoincide);
      case 'SFTP_AUTH':
        return new PermanentJobError(MSG.sftpAutenticacion);
      case 'SFTP_UNREACHABLE':
      case 'SFTP_TIMEOUT':
        return new Error(fmt(MSG.sftpNoDisponible, { detalle: err.detail }));
      case 'SFTP_LOST':
        return new Error(fmt(MSG.sftpConexionPerdida, { detalle: err.detail }));
      default:
        return new Error(fmt(MSG.sftpFallo, { detalle: err.detail }));
    }
  }
  return err instanceof Error ? err : new Error(MSG.errorNoIdentificado);
}

/** The export job's handler: what one attempt does, and how its end is written. */
export function exportJobHandler(ctx: AppContext): JobHandler {
  const exportOf = (job: JobRow) => (job.payload as ExportJobPayload).exportacion;

  async function end(tx: Tx, job: JobRow, estado: string, mensaje: string) {
    const [row] = await tx
      .update(exportaciones)
      .set({ estado, mensaje, fechafinalizacion: new Date() })
      .where(and(eq(exportaciones.id, exportOf(job)), eq(exportaciones.estado, EXPORT_EN_PROCESO)))
      .returning();
    if (!row) return undefined;
    await exportChanged(ctx, tx, row.id);
    // notice: export ended
    return noticeExportEnded(ctx, tx, row);
  }

  return {
    interruptedReason: MSG.exportacionInterrumpida,

    async run({ job, signal, heartbeat }) {
      const [row] = await ctx.db
        .select()
        .from(exportaciones)
        .where(and(eq(exportaciones.id, exportOf(job)), eq(exportaciones.trabajo, job.id)));
      // Cancelled, or retried under another job meanwhile: nothing to do.
      if (!row || row.estado !== EXPORT_EN_PROCESO) return;
      const sftp = ctx.config.sftp;
      if (!sftp) throw new PermanentJobError(MSG.sftpNoConfigurado);
      const data = await caseFileData(ctx.db, row.uidcaso);
      if (!data) throw new PermanentJobError(MSG.casoNoExiste);

      const total = data.archivos.length + 2;
      let sent = 0;
      let announced = 0;
      const progress = async (force = false) => {
        await ctx.db
          .update(exportaciones)
          .set({ enviados: sent, total })
          .where(and(eq(exportaciones.id, row.id), eq(exportaciones.estado, EXPORT_EN_PROCESO)));
        if (force || Date.now() - announced >= PROGRESS_EVENT_MS) {
          announced = Date.now();
          await exportChanged(ctx, ctx.db, row.id);
        }
      };
      await progress(true);

      let session: SftpSession | undefined;
      try {
        session = await connectSftp(sftp, signal);
        const base = path.join(sftp.root, caseFolder(data.row.caso.caso));
        await session.ensureDir(base);
        for (const folder of new Set(data.archivos.map((f) => f.carpeta)))
          await session.ensureDir(path.join(base, folder));
        for (const file of data.archivos) {
          // Cancelled or taken over: stop before the next file.
          await heartbeat();
          await sendFile(ctx, session, file, path.join(base, file.ruta), signal);
          sent++;
          await progress();
        }
        await heartbeat();
        const now = new Date();
        await session.upload(
          Readable.from([Buffer.from(summaryJson(data, now))]),
          path.join(base, summaryJsonName(data.row.caso.caso)),
          signal,
        );
        sent++;
        await progress();
        await session.upload(
          summaryPdf(data, now) as unknown as Readable,
          path.join(base, summaryPdfName(data.row.caso.caso)),
          signal,
        );
        sent++;
        await progress(true);
      } catch (err) {
        throw reasonOf(err);
      } finally {
        session?.close();
      }
    },

    async done(tx, job) {
      return end(tx, job, EXPORT_FINALIZADO, '');
    },

    async failed(tx, job, reason, retryAt) {
      if (!retryAt) return end(tx, job, EXPORT_ERROR, reason);
      const [row] = await tx
        .update(exportaciones)
        .set({ mensaje: fmt(MSG.exportacionReintento, { n: job.intentos, max: job.max_intentos, motivo: reason }) })
        .where(and(eq(exportaciones.id, exportOf(job)), eq(exportaciones.estado, EXPORT_EN_PROCESO)))
        .returning({ id: exportaciones.id });
      if (row) await exportChanged(ctx, tx, row.id);
    },
  };
}

/** Sends one file unless the server already has it whole (an earlier attempt sent it). */
async function sendFile(
  ctx: AppContext,
  session: SftpSession,
  file: ExportFile,
  remote: string,
  signal: AbortSignal,
): Promise<void> {
  if ((await session.size(remote)) === file.size) return;
  const stored = await storageOf(ctx).get(file.clave);
  if (!stored) throw new PermanentJobError(fmt(MSG.exportacionArchivoFaltante, { nombre: file.nombre }));
  await session.upload(stored.body, remote, signal);
}
