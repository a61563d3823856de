import { eq } from 'drizzle-orm';
import { MSG } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { casos } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { clientCedula } from '../clients/service.js';
import { deliver, recordEvent, type PendingNotice } from './service.js';

/** What the notice needs of an `exportaciones` row. */
export interface EndedExport {
  uidcaso: string;
  caso: number;
  /** The user who asked for the export (told either way). */
  solicitado_por: string | null;
  /** 'Finalizado' or 'Error'; any other state (e.g. cancelled by someone) tells nobody. */
  estado: string;
  /** Why it failed (the body of the failure notice; 'error no identificado' when empty). */
  mensaje?: string | null;
}

/**
 * The notice that a case's SFTP export ended (decisions.md D8; notices.ts rows exportFinished
 * and exportFailed): 'Finalizado' tells the user who asked for it; 'Error' tells them and the
 * administrators, with the reason. For the exports job: call it in the transaction that writes
 * the export's final estado, and deliver after that transaction commits:
 *
 *   const pending: PendingNotice[] = [];
 *   await ctx.db.transaction(async (tx) => {
 *     const row = …; // the export's final estado, written by the exports module
 *     await noticeExportEnded(tx, pending, row);
 *   });
 *   deliver(ctx, pending); // never throws; failures are logged
 */
export async function noticeExportEnded(tx: Executor, pending: PendingNotice[], exp: EndedExport): Promise<void> {
  if (exp.estado !== 'Finalizado' && exp.estado !== 'Error') return;
  const [c] = await tx
    .select({ uidconductor: casos.uidconductor, uidcliente: casos.uidcliente })
    .from(casos)
    .where(eq(casos.id, exp.uidcaso));
  const failed = exp.estado === 'Error';
  await recordEvent(tx, pending, failed ? 'exportFailed' : 'exportFinished', {
    case: { id: exp.uidcaso, caso: exp.caso },
    vars: { mensaje: exp.mensaje?.trim() || MSG.errorNoIdentificado },
    named: exp.solicitado_por ? [exp.solicitado_por] : [],
    cedula: c ? await clientCedula(tx, c.uidconductor ?? c.uidcliente) : undefined,
  });
}

/**
 * The same for a job's `done` / `failed` hook (platform/jobs.ts AfterCommit): records the notice
 * in `tx` and answers what to run once it has committed.
 *
 *   done: async (tx, job) => { …; return recordExportEnded(ctx, tx, row); }
 */
export async function recordExportEnded(ctx: AppContext, tx: Executor, exp: EndedExport): Promise<() => void> {
  const pending: PendingNotice[] = [];
  await noticeExportEnded(tx, pending, exp);
  return () => deliver(ctx, pending);
}
