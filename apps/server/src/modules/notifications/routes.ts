import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NOTIFICATIONS_PAGE_SIZE,
  notificationPageResponse,
  notificationParams,
  notificationsQuery,
  notificationsReadResponse,
} from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { presentNotification } from './presenter.js';
import { countUnread, decodeCursor, encodeCursor, listNotifications } from './queries.js';
import { markAllRead, markRead } from './service.js';

/** The notification centre (staff scope): only the viewer's own notices, ever. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/',
    {
      schema: {
        tags: ['notificaciones'],
        summary: "The viewer's notifications, newest first (keyset pages through nextCursor), and the unread count",
        querystring: notificationsQuery,
        response: { 200: notificationPageResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const cursor = request.query.cursor ? decodeCursor(request.query.cursor) : undefined;
      const limit = request.query.limit ?? NOTIFICATIONS_PAGE_SIZE;
      const [page, unread] = await Promise.all([
        listNotifications(ctx.db, viewer.id, cursor, limit),
        countUnread(ctx.db, viewer.id),
      ]);
      const last = page.rows.at(-1);
      return {
        rows: page.rows.map(presentNotification),
        nextCursor: page.more && last ? encodeCursor(last) : null,
        unread,
      };
    },
  );

  app.post(
    '/:id/leida',
    {
      schema: {
        tags: ['notificaciones'],
        summary: "Mark one of the viewer's notifications read (404 for another user's)",
        params: notificationParams,
        response: { 200: notificationsReadResponse },
      },
    },
    async (request) => ({ unread: await markRead(ctx, viewerOf(request).id, request.params.id) }),
  );

  app.post(
    '/leidas',
    {
      schema: {
        tags: ['notificaciones'],
        summary: "Mark all the viewer's notifications read",
        response: { 200: notificationsReadResponse },
      },
    },
    async (request) => ({ unread: await markAllRead(ctx, viewerOf(request).id) }),
  );
};
