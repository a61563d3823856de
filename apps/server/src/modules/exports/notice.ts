import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import type { AfterCommit } from '../../platform/jobs.js';
import { recordExportEnded, type EndedExport } from '../notifications/export-notice.js';

/**
 * The notice to the requester that their export ended (Finalizado, or Error with the reason: the
 * administrators are told of an Error too), recorded in the transaction that ends the export and
 * delivered after it commits (the notifications module's export rows). A cancelled export tells
 * nobody. Its one call site is marked `// notice: export ended` in job.ts.
 */
export function noticeExportEnded(ctx: AppContext, tx: Tx, ended: EndedExport): Promise<AfterCommit> {
  return recordExportEnded(ctx, tx, ended);
}
