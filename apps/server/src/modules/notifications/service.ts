import { and, arrayContains, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MSG, topics, type AgentSlot, type Cargo, type NoticeAudience } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { notificaciones, notificacionesLeidas, usuarios } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { pushToUsers } from '../push/service.js';
import { countUnread, isRecipient, unreadBy } from './queries.js';

/*
 * The notifications module owns the tables `notificaciones` and `notificaciones_leidas`: who is
 * told what is the domain's table (notices.ts), recorded here in the caller's transaction, then,
 * after commit, announced to each recipient's open tabs (live channel) and pushed (Web Push).
 * The notification centre reads them back (queries.ts) and marks them read per user.
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
): Promise<{ notice: Notice; recipients: string[]; id: string }> {
  const unique = [...new Set(recipients)];
  const [row] = await tx
    .insert(notificaciones)
    .values({
      cedula: notice.cedula ?? '',
      caso: notice.caso,
      uidcaso: notice.uidcaso,
      momento: notice.momento,
      titulo: notice.titulo,
      cuerpo: notice.cuerpo,
      url: notice.url,
      destinatarios: unique,
    })
    .returning({ id: notificaciones.id });
  return { notice, recipients: unique, id: row.id };
}

/**
 * After commit: each recipient's open tabs hear of the notice on their user topic (the bell, also
 * where Web Push is unavailable or refused), and it is pushed. Failures are only logged (spec 2
 * §8: push errors are logged only).
 */
export function deliver(ctx: AppContext, pending: { notice: Notice; recipients: string[]; id: string }[]): void {
  void announce(ctx, pending);
  for (const { notice, recipients } of pending) {
    pushToUsers(ctx, recipients, { title: notice.titulo, body: notice.cuerpo, url: notice.url }).catch((err) =>
      ctx.log?.warn({ err, momento: notice.momento }, 'push failed'),
    );
  }
}

async function announce(ctx: AppContext, pending: { recipients: string[]; id: string }[]): Promise<void> {
  for (const { recipients, id } of pending) {
    try {
      // One notification for many recipients (a new case tells every investigator of the city).
      await ctx.hub.publishToMany(
        ctx.db,
        recipients.map((userId) => topics.user(userId)),
        { name: 'notification.created', id },
      );
    } catch (err) {
      ctx.log?.warn({ err }, 'notification live event failed');
    }
  }
}

/** Marks one of the viewer's notices read; another user's (or none) is 404. Answers the unread count. */
export async function markRead(ctx: AppContext, userId: string, id: string): Promise<number> {
  if (!(await isRecipient(ctx.db, userId, id))) throw notFound(MSG.notificacionNoExiste);
  const [inserted] = await ctx.db
    .insert(notificacionesLeidas)
    .values({ notificacion: id, usuario: userId })
    .onConflictDoNothing()
    .returning({ id: notificacionesLeidas.notificacion });
  if (inserted) await announceRead(ctx, userId);
  return countUnread(ctx.db, userId);
}

/** Marks every notice of the viewer read ('Marcar todas como leídas'). Answers the unread count (0). */
export async function markAllRead(ctx: AppContext, userId: string): Promise<number> {
  const marked = await ctx.db.execute(sql`
    insert into ${notificacionesLeidas} (notificacion, usuario)
    select ${notificaciones.id}, ${userId}::uuid from ${notificaciones}
    where ${and(arrayContains(notificaciones.destinatarios, [userId]), unreadBy(userId))}
    on conflict do nothing
    returning notificacion`);
  if (marked.rows.length) await announceRead(ctx, userId);
  return countUnread(ctx.db, userId);
}

/** The user's other tabs update their bell. */
async function announceRead(ctx: AppContext, userId: string): Promise<void> {
  await ctx.hub.publish(ctx.db, topics.user(userId), { name: 'notifications.read' });
}
