import { sql } from 'drizzle-orm';
import { ESTADOS_CIERRE } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import type { DataRetentionConfig } from '../../config.js';
import { lastActivity, openCases, type Subject } from './subject.js';

/*
 * The retention rule (Ley 1581 de 2012 art. 11: data kept only while needed for its purpose): a
 * client's data is needed until DATA_RETENTION_YEARS after their last case ended. A case has ended
 * when its status is a closing one (Cancelado, No conciliado, Conciliado, CERRADO) or it is
 * archived; its end is its last change (the close, the archiving, or anything done to it after),
 * and a change to the client's record counts too. A client with any case still open is never due.
 */

const CLOSING = sql.join(
  ESTADOS_CIERRE.map((e) => sql`${e}`),
  sql`, `,
);

/** The moment before which a client's last activity must lie for a run scheduled `at`. */
export function retentionCutoff(at: Date, config: DataRetentionConfig): Date {
  const cutoff = new Date(at);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - config.years);
  return cutoff;
}

/**
 * Up to `limit` clients due for anonymisation at `cutoff`, in id order after `after` (a run's
 * cursor): not anonymised, no open case, last activity before the cutoff. Checked again under lock
 * before each one is anonymised (isDue).
 */
export async function dueClients(db: Executor, cutoff: Date, after: string | null, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    select c.id from clientes c
     where c.anonimizado is null
       ${after ? sql`and c.id > ${after}::uuid` : sql``}
       and c.modificacion < ${cutoff.toISOString()}::timestamptz
       and not exists (
         select 1 from casos k
          where (k.uidcliente = c.id or k.uidconductor = c.id)
            and (k.modificacion >= ${cutoff.toISOString()}::timestamptz
                 or (not k.archivado and k.estado not in (${CLOSING}))))
     order by c.id
     limit ${limit}`);
  return (result.rows as { id: string }[]).map((r) => r.id);
}

/** The same rule on a locked subject: what the run acts on, whatever changed since the look-up. */
export function isDue(subject: Subject, cutoff: Date): boolean {
  return !subject.client.anonimizado && !openCases(subject).length && lastActivity(subject) < cutoff;
}
