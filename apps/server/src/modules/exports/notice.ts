import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import type { AfterCommit } from '../../platform/jobs.js';

/** An export that just ended, as its notice needs it. */
export interface EndedExport {
  id: string;
  caso: number;
  uidcaso: string;
  estado: string;
  mensaje: string;
  /** Who asked for it: the one person told. */
  solicitado_por: string | null;
}

/**
 * The notice to the requester that their export ended (Finalizado or Error), recorded in the
 * transaction that ends it; the answer delivers it after commit. The notifications module is
 * being rewritten (its export events 'exportFinished' / 'exportFailed' are not there yet), so
 * this records nothing for now: the one call site is marked `// notice: export ended` in job.ts.
 */
export async function noticeExportEnded(ctx: AppContext, tx: Tx, ended: EndedExport): Promise<AfterCommit> {
  void tx;
  void ended;
  void ctx;
  return undefined;
}
