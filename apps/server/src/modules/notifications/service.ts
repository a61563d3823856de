import { createHash } from 'node:crypto';
import { and, arrayContains, eq, sql, type SQL } from 'drizzle-orm';
import {
  MSG,
  composeNotice,
  caseAudience,
  topics,
  type ScopedCase,
  type Cargo,
  type NoticeAudience,
  type NoticeEvent,
  type NoticeVars,
} from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { anyOf, runPrepared, uuidArray } from '../../db/prepared.js';
import type { AppContext } from '../../platform/context.js';
import { notificaciones, notificacionesLeidas, usuarios } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { pushToClients, pushToUsers } from '../push/service.js';
import { countUnread, isRecipient, unreadBy } from './queries.js';
import { inTopicOrder } from './topic-order.js';

/*
 * The notifications module owns the tables `notificaciones` and `notificaciones_leidas`: who is
 * told what is the domain's table (notices.ts); every service records its notices through
 * recordEvent, in the action's transaction, and after commit they are announced to each
 * recipient's open tabs (live channel) and pushed to their devices (Web Push).
 * The notification centre reads them back (queries.ts) and marks them read per user.
 */

export interface Notice {
  /** The moment of the case (spec's `momento`): 'Asignación de caso', 'Cierre de caso', … */
  momento: string;
  titulo: string;
  cuerpo: string;
  url: string;
  caso?: number;
  uidcaso?: string;
  /** The client's identification (`cedula`), when the notice concerns a client's case. */
  cedula?: string;
}

/** A notice recorded in a transaction, to deliver once it has committed. */
export interface PendingNotice {
  notice: Notice;
  recipients: string[];
  id: string;
  /** Web Push Topic (RFC 8030 §5.4): a later push of the same topic replaces one still pending. */
  topic?: string;
  /** Clients told by Web Push only (the case's client, when the row says so). */
  clients?: string[];
}

/**
 * The case a notice is about: what its audience needs (the city, the agents in their slots, and
 * what decides whose list holds it).
 */
export type NoticeCase = { id: string; caso: number; uidciudad?: string | null } & ScopedCase;

export interface NoticeInput {
  /** The case it is about: its id and number fill the texts and the link. */
  case?: NoticeCase;
  /** The rest of the row's values (the agent's cargo and name, the city, …); `tipo` picks a typed row. */
  vars?: NoticeVars & { tipo?: Cargo };
  /** Who caused the event: never told of it. */
  actor?: string | null;
  /** The users the action names (the agent assigned, the members away, the export's requester). */
  named?: readonly string[];
  /** The client's identification (notificaciones.cedula). */
  cedula?: string;
  /** The case's client (clientes.id): pushed to when the row tells the client. */
  client?: string | null;
  /** Who is told, read ahead by eventRecipients (before a lock the caller then holds to commit). */
  recipients?: readonly string[];
}

/**
 * The active users of `everyone`'s cargos, and those named in `own` (`cargo:id`: a user of that
 * cargo), optionally only those covering a city. PostgreSQL answers the ids as one string: a
 * notice to every Administrador reads hundreds, which as rows cost the instance more to decode
 * than the rest of the notice.
 */
async function recipientsByCargo(
  tx: Executor,
  { everyone, own }: { everyone: readonly Cargo[]; own: readonly string[] },
  city?: string | null,
): Promise<string[]> {
  if (!everyone.length && !own.length) return [];
  const [row] = await runPrepared(
    tx,
    city ? 'notice_recipients_in_city' : 'notice_recipients',
    (b) => {
      const conditions: SQL[] = [
        eq(usuarios.estado, true),
        // The pair is compared only for the few users in the case's slots.
        sql`(${anyOf(usuarios.cargo, sql.placeholder('everyone'))}
          or (${anyOf(usuarios.id, sql.placeholder('ownIds'))}
            and ${usuarios.cargo} || ':' || ${usuarios.id} = any(${sql.placeholder('own')}::text[])))`,
      ];
      if (city) conditions.push(sql`${usuarios.ciudades} @> array[${sql.placeholder('city')}]::text[]`);
      return b
        .select({ ids: sql<string | null>`string_agg(${usuarios.id}::text, ',')` })
        .from(usuarios)
        .where(and(...conditions));
    },
    { everyone: [...everyone], own: [...own], ownIds: own.map((pair) => pair.slice(pair.indexOf(':') + 1)), city },
  );
  return row?.ids ? row.ids.split(',') : [];
}

/**
 * The users an audience (a row of the domain's table) names: those the action names, the case's
 * own agents in its slots, and every active user of its cargos — covering the case's city when
 * the row says so (a case with no city yet is told to the administrators only). Nobody is told of
 * a case they cannot open: a user of a cargo hears of it only when their list holds it (the
 * agents in its slots and the users an action names are its own).
 */
export async function recipientsOf(tx: Executor, audience: NoticeAudience, input: NoticeInput): Promise<string[]> {
  const c = input.case;
  const named = audience.named ? [...(input.named ?? [])] : [];
  const agents = c ? audience.caseAgents.map((slot) => c[slot]).filter((x): x is string => !!x) : [];
  const told = (cargos: readonly Cargo[]) => (c ? caseAudience(cargos, c) : { everyone: cargos, own: [] });
  let byCargo: string[];
  if (!audience.inCaseCity) byCargo = await recipientsByCargo(tx, told(audience.cargos));
  else if (c?.uidciudad) byCargo = await recipientsByCargo(tx, told(audience.cargos), c.uidciudad);
  else byCargo = await recipientsByCargo(tx, told(audience.cargos.includes('Administrador') ? ['Administrador'] : []));
  return [...named, ...agents, ...byCargo];
}

/**
 * Records a notice of an event (a row of the domain's table, notices.ts) in the caller's
 * transaction and queues it in `pending`, to be delivered (deliver) once that transaction has
 * committed. The person who caused the event is left out here, for every event. A row that
 * collapses (chat messages) keeps one unread notice per link for each recipient: their earlier
 * unread one gives way to this one.
 */
export async function recordEvent(
  tx: Executor,
  pending: PendingNotice[],
  event: NoticeEvent,
  input: NoticeInput,
): Promise<PendingNotice | undefined> {
  const composed = composedOf(event, input);
  const recipients = input.recipients ? [...input.recipients] : await whoIsTold(tx, composed.audience, input);
  // A collapsing notice exists only for someone (a message nobody is away from tells nobody).
  if (composed.collapse && recipients.length === 0) return undefined;
  const notice: Notice = {
    momento: composed.momento,
    titulo: composed.titulo,
    cuerpo: composed.cuerpo,
    url: composed.url,
    caso: input.case?.caso,
    uidcaso: input.case?.id,
    cedula: input.cedula,
  };
  if (composed.collapse) await giveWay(tx, notice, recipients);
  const recorded = await recordNotice(tx, notice, recipients);
  const clients = composed.audience.client && input.client ? [input.client] : [];
  const queued: PendingNotice = {
    ...recorded,
    ...(composed.collapse ? { topic: pushTopic(notice.url) } : {}),
    ...(clients.length ? { clients } : {}),
  };
  pending.push(queued);
  return queued;
}

/**
 * The users a notice of the event tells, its actor left out: what recordEvent reads, for a caller
 * that reads it earlier in the transaction and passes it as `recipients`. The case's number plays
 * no part in who is told.
 */
export async function eventRecipients(tx: Executor, event: NoticeEvent, input: NoticeInput): Promise<string[]> {
  return whoIsTold(tx, composedOf(event, input).audience, input);
}

const composedOf = (event: NoticeEvent, input: NoticeInput) =>
  composeNotice(event, { id: input.case?.id, caso: input.case?.caso, ...input.vars });

async function whoIsTold(tx: Executor, audience: NoticeAudience, input: NoticeInput): Promise<string[]> {
  return [...new Set(await recipientsOf(tx, audience, input))].filter((r) => r !== input.actor);
}

/** The push Topic of a link: 32 characters of the URL-safe alphabet (RFC 8030 §5.4). */
export const pushTopic = (url: string) => createHash('sha256').update(url).digest('base64url').slice(0, 32);

/**
 * Each recipient's unread notices of the same moment and link leave their list: the new notice
 * takes their place. Another recipient of those notices keeps them; a notice nobody is left on
 * goes. Chat sends of a room run one at a time (the room's row is locked), so two messages never
 * both miss each other's notice.
 */
async function giveWay(tx: Executor, notice: Notice, recipients: string[]): Promise<void> {
  const ids = sql`${sql.param(recipients)}::uuid[]`;
  const same = and(
    notice.caso === undefined ? sql`true` : eq(notificaciones.caso, notice.caso),
    eq(notificaciones.momento, notice.momento),
    eq(notificaciones.url, notice.url),
  );
  const changed = await tx.execute<{ id: string; remaining: number }>(sql`
    update ${notificaciones} set destinatarios = array(
      select d from unnest(${notificaciones.destinatarios}) d
      where d <> all(${ids})
        or exists (select 1 from ${notificacionesLeidas} l where l.notificacion = ${notificaciones.id} and l.usuario = d))
    where ${same} and ${notificaciones.destinatarios} && ${ids}
    returning ${notificaciones.id}, cardinality(${notificaciones.destinatarios}) as remaining`);
  const emptied = changed.rows.filter((r) => Number(r.remaining) === 0).map((r) => r.id);
  if (emptied.length) await tx.delete(notificaciones).where(anyOf(notificaciones.id, emptied));
}

/**
 * Records a notification (notificaciones row with its recipients) inside the caller's
 * transaction; `deliver` announces and pushes it once the transaction has committed.
 */
export async function recordNotice(tx: Executor, notice: Notice, recipients: string[]): Promise<PendingNotice> {
  const unique = [...new Set(recipients)];
  const [row] = await runPrepared(
    tx,
    'notice_insert',
    (b) =>
      b
        .insert(notificaciones)
        .values({
          cedula: sql.placeholder('cedula'),
          caso: sql.placeholder('caso'),
          uidcaso: sql.placeholder('uidcaso'),
          momento: sql.placeholder('momento'),
          titulo: sql.placeholder('titulo'),
          cuerpo: sql.placeholder('cuerpo'),
          url: sql.placeholder('url'),
          destinatarios: sql`${sql.placeholder('destinatarios')}::uuid[]`,
        })
        .returning({ id: notificaciones.id }),
    {
      cedula: notice.cedula ?? '',
      caso: notice.caso ?? null,
      uidcaso: notice.uidcaso ?? null,
      momento: notice.momento,
      titulo: notice.titulo,
      cuerpo: notice.cuerpo,
      url: notice.url,
      destinatarios: uuidArray(unique),
    },
  );
  return { notice, recipients: unique, id: row.id };
}

/** Where a client's push leads: their case (the client app's own route). */
const CLIENT_CASE_URL = '/caso-cliente/informacion';

/** Deliveries under way (the server's stop and the tests wait for them). */
const inFlight = new Set<Promise<void>>();

/**
 * After commit: each recipient's open tabs hear of the notice on their user topic (the bell and
 * the toast, also where Web Push is unavailable or refused), and it is pushed to each of their
 * devices. Failures are only logged and never reach the action (spec 2 §8: push errors are
 * logged only).
 */
export function deliver(ctx: AppContext, pending: PendingNotice[]): void {
  if (!pending.length) return;
  const job = Promise.all([
    announce(ctx, pending),
    ...pending.map((p) => inTopicOrder(p.topic, () => push(ctx, p))),
  ]).then(() => undefined);
  inFlight.add(job);
  void job.finally(() => inFlight.delete(job));
}

/** Resolves once every delivery started so far has ended (sent or logged). */
export async function deliveriesSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

async function push(ctx: AppContext, { notice, recipients, topic, clients = [] }: PendingNotice): Promise<void> {
  try {
    const message = { title: notice.titulo, body: notice.cuerpo, url: notice.url, ...(topic ? { tag: topic } : {}) };
    // The client's phone opens their own case, not the staff's workspace link.
    const results = await Promise.all([
      pushToUsers(ctx, recipients, message, { topic }),
      pushToClients(ctx, clients, { ...message, url: CLIENT_CASE_URL }, { topic }),
    ]);
    const failed = results.reduce((n, r) => n + r.failed, 0);
    if (failed) ctx.log?.warn({ failed, momento: notice.momento }, 'push not delivered to every device');
  } catch (err) {
    ctx.log?.warn({ err, momento: notice.momento }, 'push failed');
  }
}

async function announce(ctx: AppContext, pending: { recipients: string[]; id: string }[]): Promise<void> {
  for (const { recipients, id } of pending) {
    if (!recipients.length) continue;
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
