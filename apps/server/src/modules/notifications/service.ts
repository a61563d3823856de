import { and, arrayContains, eq, inArray, type SQL } from 'drizzle-orm';
import type { AgentSlot, Cargo, NoticeAudience } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { notificaciones, usuarios } from '../../db/schema/index.js';
import { pushToUsers } from '../push/service.js';

/*
 * The notifications module owns the table `notificaciones`: who is told what is the domain's
 * table (notices.ts), recorded here in the caller's transaction and pushed after commit.
 */

export interface Notice {
  /** The moment of the case (spec's `momento`): 'Caso asignado', 'Cierre de caso', … */
  momento: string;
  titulo: string;
  cuerpo: string;
  url: string;
  caso?: number;
  uidcaso?: string;
  /** The client's identification (`cedula`), when the notice concerns a client's case. */
  cedula?: string;
}

/** Staff users to notify: by cargo, optionally only those covering a city; active only. */
export async function recipientsByCargo(
  tx: Executor,
  cargos: readonly Cargo[],
  city?: string | null,
): Promise<string[]> {
  if (!cargos.length) return [];
  const conditions: SQL[] = [inArray(usuarios.cargo, [...cargos]), eq(usuarios.estado, true)];
  if (city) conditions.push(arrayContains(usuarios.ciudades, [city]));
  const rows = await tx
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(and(...conditions));
  return rows.map((r) => r.id);
}

/**
 * The users an audience (noticeAudience in the domain) names on a case: the case's own agents in
 * its slots, the agent the action names, and every active user of its cargos (in the case's city
 * when it says so).
 */
export async function recipientsOf(
  tx: Executor,
  audience: NoticeAudience,
  c: Record<AgentSlot, string | null> & { uidciudad: string | null },
  namedAgent?: string,
): Promise<string[]> {
  const agents = audience.caseAgents.map((slot) => c[slot]).filter((x): x is string => !!x);
  const named = audience.namedAgent && namedAgent ? [namedAgent] : [];
  const byCargo = await recipientsByCargo(tx, audience.cargos, audience.inCaseCity ? c.uidciudad : undefined);
  return [...named, ...agents, ...byCargo];
}

/**
 * Records a notification (notificaciones row with its recipients) inside the caller's
 * transaction; `deliver` sends it as Web Push once the transaction has committed.
 */
export async function recordNotice(
  tx: Executor,
  notice: Notice,
  recipients: string[],
): Promise<{ notice: Notice; recipients: string[] }> {
  const unique = [...new Set(recipients)];
  await tx.insert(notificaciones).values({
    cedula: notice.cedula ?? '',
    caso: notice.caso,
    uidcaso: notice.uidcaso,
    momento: notice.momento,
    titulo: notice.titulo,
    cuerpo: notice.cuerpo,
    url: notice.url,
    destinatarios: unique,
  });
  return { notice, recipients: unique };
}

/** Push after commit; failures are only logged (spec 2 §8: push errors are logged only). */
export function deliver(ctx: AppContext, pending: { notice: Notice; recipients: string[] }[]): void {
  for (const { notice, recipients } of pending) {
    pushToUsers(ctx, recipients, { title: notice.titulo, body: notice.cuerpo, url: notice.url }).catch((err) =>
      ctx.log?.warn({ err, momento: notice.momento }, 'push failed'),
    );
  }
}
