import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { mensajesSms } from '../../db/schema/index.js';

/**
 * A client's data suppressed (modules/data-subject): the SMS of the cases they were the client of
 * stay as a record (when, how they went) without the number they went to; a provider's reason
 * quoting it loses it, and a link the outbox kept whole is masked as a real SMS's is.
 */
export async function forgetSmsRecipient(db: Executor, caseIds: string[]): Promise<void> {
  if (!caseIds.length) return;
  await db
    .update(mensajesSms)
    .set({
      telefono: '',
      error: sql`nullif(replace(${mensajesSms.error}, ${mensajesSms.telefono}, ''), '')`,
      cuerpo: sql`regexp_replace(${mensajesSms.cuerpo}, '/s/[^[:space:]]+', ${`/s/${'•'.repeat(12)}`}, 'g')`,
    })
    .where(inArray(mensajesSms.uidcaso, caseIds));
}
