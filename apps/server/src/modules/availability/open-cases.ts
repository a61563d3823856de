import { and, count, eq, notInArray, or, sql } from 'drizzle-orm';
import { AGENT_SLOTS, ESTADOS_CIERRE } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { casos } from '../../db/schema/index.js';

/**
 * Open cases of an agent: not archived and not in a closing status (spec 2 §4; isOpenCase in the
 * domain), which availability is recounted from (at sign-in, at every change of the agent's cases).
 */
export async function openCaseCount(tx: Executor, userId: string): Promise<number> {
  const agent = sql.placeholder('agent');
  const [row] = await runPrepared(
    tx,
    'open_case_count',
    (b) =>
      b
        .select({ n: count() })
        .from(casos)
        .where(
          and(
            eq(casos.archivado, false),
            notInArray(casos.estado, [...ESTADOS_CIERRE]),
            or(...AGENT_SLOTS.map((slot) => eq(casos[slot], agent))),
          ),
        ),
    { agent: userId },
  );
  return row.n;
}
