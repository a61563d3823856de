import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { archivos } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { storageOf } from './storage.js';

/*
 * The files a person sent (their chat uploads and previews, `subido_por` their id) once their
 * data is suppressed (modules/data-subject). In two steps, because storage is no part of the
 * transaction: the rows are marked in the anonymisation's transaction (their typed names, which
 * may name the person, replaced by the row's id), then the bytes are deleted after it commits.
 * Deleting is repeatable (no object is no error), so a step a crash left is done again.
 */

/** Marks the person's files deleted and forgets their names; in the caller's transaction. */
export async function markSentFilesDeleted(tx: Executor, uploaderId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(archivos)
    .set({ eliminado: now, nombre: sql`${archivos.id}::text || '.' || ${archivos.extension}` })
    .where(and(eq(archivos.subido_por, uploaderId), isNull(archivos.eliminado)))
    .returning({ id: archivos.id });
  return rows.length;
}

/** Deletes from storage the bytes of every marked file the person sent. */
export async function deleteSentFileBytes(ctx: AppContext, uploaderId: string): Promise<void> {
  const rows = await ctx.db
    .select({ clave: archivos.clave })
    .from(archivos)
    .where(and(eq(archivos.subido_por, uploaderId), isNotNull(archivos.eliminado)));
  const storage = storageOf(ctx);
  for (const row of rows) await storage.delete(row.clave);
}
