import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { enlacesCliente, sesionesCliente } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { endClientSessionsWhere } from './client-session.js';

/**
 * A client's data suppressed (modules/data-subject): every link of the cases they are the client
 * of (the driver, else the owner: who the SMS went to) is revoked, so an old SMS opens nothing,
 * and their sessions end now, their sockets told and their phones' subscriptions gone.
 */
export async function endClientAccess(
  ctx: AppContext,
  tx: Tx,
  clientId: string,
  caseIds: string[],
  now: Date,
): Promise<void> {
  if (caseIds.length)
    await tx
      .update(enlacesCliente)
      .set({ revocado: now })
      .where(and(inArray(enlacesCliente.uidcaso, caseIds), isNull(enlacesCliente.revocado)));
  const ofCases = caseIds.length ? inArray(sesionesCliente.uidcaso, caseIds) : undefined;
  await endClientSessionsWhere(tx, ctx, or(eq(sesionesCliente.uidcliente, clientId), ofCases), 'revoked');
}
