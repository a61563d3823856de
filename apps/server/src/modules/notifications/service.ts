import { and, arrayContains, eq, inArray, type SQL } from 'drizzle-orm';
import type { Cargo } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { notificaciones, usuarios } from '../../db/schema/index.js';
import { pushToUsers } from '../push/service.js';

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
