import { z } from 'zod';
import { MSG } from '../messages.js';

/**
 * The notification centre: the notices (`notificaciones`) that name the signed-in user, newest
 * first, each with whether this user has read it. A notice is one event told to many users; the
 * read state is each user's own.
 */

/** Rows a page of GET /api/notificaciones holds by default and at most. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50;
/** The unread count stops counting here (the bell shows '99+'). */
export const NOTIFICATIONS_UNREAD_CAP = 100;
/** A cursor is a short opaque text; anything longer is not one of ours. */
const CURSOR_MAX_LENGTH = 200;

/** GET /api/notificaciones query: the cursor of the next (older) page and the page size. */
export const notificationsQuery = z.object({
  cursor: z.string().max(CURSOR_MAX_LENGTH, MSG.cursorNoValido).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_PAGE_SIZE).optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;

/** The id of one notification in the path. */
export const notificationParams = z.object({ id: z.uuid({ error: MSG.notificacionNoExiste }) });

/** One notification as its recipient sees it. */
export const notificationResponse = z.object({
  id: z.string(),
  /** The moment of the case ('Caso asignado', …). */
  momento: z.string(),
  titulo: z.string(),
  cuerpo: z.string(),
  /** Where the notice leads (a path of the app, or an absolute address). */
  url: z.string(),
  caso: z.number().nullable(),
  /** When it was recorded (ISO). */
  fechahora: z.string(),
  leida: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationResponse>;

/** A page of the viewer's notifications, older pages through `nextCursor`, and the unread count. */
export const notificationPageResponse = z.object({
  rows: z.array(notificationResponse),
  nextCursor: z.string().nullable(),
  /** Unread notifications of the viewer, counted up to NOTIFICATIONS_UNREAD_CAP. */
  unread: z.number(),
});
export type NotificationPage = z.infer<typeof notificationPageResponse>;

/** POST /api/notificaciones/{id}/leida and /leidas: the viewer's unread count afterwards. */
export const notificationsReadResponse = z.object({ unread: z.number() });
export type NotificationsReadResponse = z.infer<typeof notificationsReadResponse>;
