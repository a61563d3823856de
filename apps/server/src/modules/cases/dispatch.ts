import { topics, type AgentSlot, type NoticeEvent } from '@vialex/domain';
import type { Executor, Tx } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { casos, trazabilidad } from '../../db/schema/index.js';
import type { Viewer } from '../../platform/viewer.js';
import { clientCedula } from '../clients/service.js';
import { deliver, recordEvent, type NoticeInput, type PendingNotice } from '../notifications/service.js';
import { recordStateTrail } from '../availability/availability.js';

/** What every dispatch action on a case shares (spec 2 §4, §6). */

export type CaseRow = typeof casos.$inferSelect;

/** What a notice about a case reads of it: its number, city, agents and requests (recipientsOf), its client. */
export type NoticeCaseRow = Pick<
  CaseRow,
  'id' | 'caso' | 'uidciudad' | 'uidcliente' | 'uidconductor' | AgentSlot | 'solicitud_perito' | 'solicitud_dibujante'
>;
export type Pending = PendingNotice[];

export const nameOf = (u: { nombres: string; apellidos: string }) => `${u.nombres} ${u.apellidos}`;

/** Runs a dispatch action in one transaction and delivers its notifications after commit. */
export async function dispatch<T>(ctx: AppContext, work: (tx: Tx, pending: Pending) => Promise<T>): Promise<T> {
  const pending: Pending = [];
  const result = await ctx.db.transaction((tx) => work(tx, pending));
  deliver(ctx, pending);
  return result;
}

/** An entry of the case history, with the case's status at the time. */
export const caseHistory = (tx: Tx, c: CaseRow, viewer: Viewer, descripcion: string) =>
  tx.insert(trazabilidad).values({ descripcion, estado: c.estado, uidcaso: c.id, uidcreador: viewer.id });

/** A user-state trail entry for the viewer's own action on a case (spec 2 §7). */
export const viewerStateTrail = (tx: Tx, c: CaseRow, viewer: Viewer, descripcion: string) =>
  recordStateTrail(tx, viewer, viewer.user.disponibilidad, { descripcion, uidcaso: c.id, uidcreador: viewer.id });

/**
 * The cases lists and whoever follows this one case (the client's socket: its agents) hear of
 * the change after commit, in one notification.
 */
export const listChanged = (ctx: AppContext, tx: Executor, id: string) =>
  ctx.hub.publishToMany(tx, [topics.list('casos'), topics.case(id)], { name: 'list.changed', list: 'casos', id });

/**
 * Records the notice of an event about the case (a row of the domain's table, notices.ts) for
 * delivery after commit: it carries the affected person's identification (spec 2 §3
 * notificaciones.cedula), and the viewer who caused it (`actor`) is not told.
 */
export async function noticeAboutCase(
  tx: Tx,
  pending: Pending,
  c: NoticeCaseRow,
  event: NoticeEvent,
  input: Omit<NoticeInput, 'case' | 'cedula' | 'client'> = {},
): Promise<void> {
  const client = c.uidconductor ?? c.uidcliente;
  // The client is pushed to only where the event's row says so (a take).
  await recordEvent(tx, pending, event, { ...input, case: c, cedula: await clientCedula(tx, client), client });
}
