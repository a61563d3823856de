import { and, arrayContains, desc, eq, sql, type SQL } from 'drizzle-orm';
import { MSG, NOTIFICATIONS_UNREAD_CAP } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { notificaciones, notificacionesLeidas } from '../../db/schema/index.js';
import { badRequest } from '../../platform/errors.js';

/*
 * Reads of the notification centre: a user's notices (those whose `destinatarios` name them),
 * newest first, with this user's read state.
 */

/**
 * The sort key: the time to the millisecond (what a cursor can carry exactly; the notices of one
 * transaction share their time to the microsecond), then the id.
 */
const SORT_TIME = sql<Date>`date_trunc('milliseconds', ${notificaciones.fechahora})`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface Cursor {
  at: Date;
  id: string;
}

export function encodeCursor(row: { sortAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.sortAt.toISOString(), row.id])).toString('base64url');
}

/** A cursor this module wrote, or 400 (values PostgreSQL could not hold never reach it). */
export function decodeCursor(cursor: string): Cursor {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(MSG.cursorNoValido);
  }
  if (Array.isArray(values) && values.length === 2) {
    const [at, id] = values as unknown[];
    if (typeof at === 'string' && ISO_INSTANT.test(at) && typeof id === 'string' && UUID.test(id)) {
      const date = new Date(at);
      const year = date.getUTCFullYear();
      if (!Number.isNaN(date.getTime()) && date.toISOString() === at && year >= 1900 && year <= 9999)
        return { at: date, id };
    }
  }
  throw badRequest(MSG.cursorNoValido);
}

/** The notices naming the user. */
const namesUser = (userId: string): SQL => arrayContains(notificaciones.destinatarios, [userId]);

export interface NotificationRow {
  id: string;
  momento: string;
  titulo: string;
  cuerpo: string;
  url: string;
  caso: number | null;
  fechahora: Date;
  sortAt: Date;
  leida: boolean;
}

/** One page (limit rows) older than the cursor, plus whether there is a further page. */
export async function listNotifications(
  db: Executor,
  userId: string,
  cursor: Cursor | undefined,
  limit: number,
): Promise<{ rows: NotificationRow[]; more: boolean }> {
  const after = cursor ? sql`(${SORT_TIME}, ${notificaciones.id}) < (${cursor.at}, ${cursor.id})` : undefined;
  const fetched = await db
    .select({
      id: notificaciones.id,
      momento: notificaciones.momento,
      titulo: notificaciones.titulo,
      cuerpo: notificaciones.cuerpo,
      url: notificaciones.url,
      caso: notificaciones.caso,
      fechahora: notificaciones.fechahora,
      sortAt: SORT_TIME.mapWith((v: string | Date) => new Date(v)),
      leida: sql<boolean>`${notificacionesLeidas.usuario} is not null`,
    })
    .from(notificaciones)
    .leftJoin(
      notificacionesLeidas,
      and(eq(notificacionesLeidas.notificacion, notificaciones.id), eq(notificacionesLeidas.usuario, userId)),
    )
    .where(and(namesUser(userId), after))
    .orderBy(desc(SORT_TIME), desc(notificaciones.id))
    .limit(limit + 1);
  return { rows: fetched.slice(0, limit), more: fetched.length > limit };
}

/** The user's unread notices, counted up to NOTIFICATIONS_UNREAD_CAP. */
export async function countUnread(db: Executor, userId: string): Promise<number> {
  const unread = db
    .select({ one: sql`1` })
    .from(notificaciones)
    .where(and(namesUser(userId), unreadBy(userId)))
    .limit(NOTIFICATIONS_UNREAD_CAP)
    .as('unread');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(unread);
  return row?.n ?? 0;
}

/** No read mark of this user on the notice. */
export const unreadBy = (userId: string): SQL =>
  sql`not exists (select 1 from ${notificacionesLeidas} where ${notificacionesLeidas.usuario} = ${userId} and ${notificacionesLeidas.notificacion} = ${notificaciones.id})`;

/** Whether the notice exists and names the user. */
export async function isRecipient(db: Executor, userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: notificaciones.id })
    .from(notificaciones)
    .where(and(eq(notificaciones.id, id), namesUser(userId)));
  return !!row;
}
