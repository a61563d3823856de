import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_FILES_MAX,
  MSG,
  chatBlockResponse,
  chatBlockSchema,
  chatKind,
  chatUnreadResponse,
  dronePhotoFieldsSchema,
  dronePhotosResponse,
  mayUploadDronePhotos,
  type ChatKind,
} from '@vialex/domain';
import { viewerOf, type AppContext } from '../../platform/context.js';
import { AppError, validated } from '../../platform/errors.js';
import { staffGuard } from '../auth/guard.js';
import { readSessionCookie } from '../auth/session.js';
import type { Viewer } from '../../platform/viewer.js';
import { hashSessionToken } from '../auth/tokens.js';
import { setChatOpen } from '../cases/chat-block-service.js';
import { presentFor, readRecentRoom } from './messages.js';
import { sendMessage } from './send-service.js';
import { openStaffRoom, quickStaffText, recentStaffRoom } from './staff-room.js';
import { chatMultipartLimits, withUploads } from './room-actions.js';
import { chatRoomRoutes, type RoomAudience } from './room-routes.js';
import { openRoomFor, roomChanged } from './service.js';
import { unreadByCase } from './unread.js';

const params = z.object({ id: z.uuid({ error: MSG.casoNoExiste }), tipo: chatKind });
const unreadQuery = z.object({
  casos: z
    .string()
    .max(100 * 37, { error: MSG.parametroNoValido })
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.uuid({ error: MSG.parametroNoValido })).max(100, { error: MSG.parametroNoValido })),
});

/** A staff room route's parameters (its schema `params` checked them first). */
const roomParams = (request: FastifyRequest) => request.params as z.infer<typeof params>;

/**
 * Staff open the room their parameters name, by the staff rules (the case in their list scope, the
 * room's tab shown to them). A text goes the quick way when this process checked the session before.
 */
function staffRoom(app: FastifyInstance): RoomAudience {
  const guard = staffGuard(app);
  const open = (ctx: AppContext, request: FastifyRequest) => {
    const { id, tipo } = roomParams(request);
    return openRoomFor(ctx, viewerOf(request), id, tipo);
  };
  const sessionOf = (request: FastifyRequest) => hashSessionToken(readSessionCookie(request)!);
  return {
    path: '/casos/:id/chats/:tipo',
    params,
    tag: 'chats',
    summary: {
      read: 'A room and a page of its messages, oldest first (?antes pages back, ?despues catches up, ?q searches, ?leido=1 also marks the room read: the screen shows its newest message)',
      send: "Send a text (clientId: the idempotency key; a repeat answers the saved message). The app sends it on its live socket when open (LiveClientMessage 'send'), and here otherwise",
      files: `Send files (multipart/form-data: clientId, content?, replyTo?, then 1–${CHAT_FILES_MAX} files \`archivos\`, checked by content)`,
      marks: 'The viewer read the room up to a message number (marks only move forward)',
      file: "A room's file (or its preview): only for those who may open that room's files (spec 2 §6)",
    },
    open,
    inSession: {
      // A session this process checked before is checked again inside the room's statement
      // (openRoomInSession); the staff hook only refuses a request without a cookie. Anything
      // else gets the full check first.
      config: { sessionCheckedByRoute: true },
      open(ctx, request, reply) {
        const { id, tipo } = roomParams(request);
        return openStaffRoom(ctx, sessionOf(request), id, tipo, async () => {
          await guard(request, reply);
          return viewerOf(request);
        });
      },
    },
    // A text to a room this session opened moments ago (staff-room.ts).
    quickText(ctx, request, body) {
      const { id, tipo } = roomParams(request);
      return quickStaffText(ctx, sessionOf(request), id, tipo, body);
    },
    // A page read of a room this session opened moments ago: the same, inside the read's statement.
    async quickRead(ctx, request, query) {
      const { id, tipo } = roomParams(request);
      const recent = recentStaffRoom(ctx, sessionOf(request), id, tipo);
      if (!recent) return undefined;
      const page = await readRecentRoom(ctx, recent.room, query, recent.session);
      if (!page) recent.forget();
      return page;
    },
  };
}

/** What only staff do in a room: Fotos Drone and blocking the expert/draftsperson rooms. */
const staffRoomActions: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  await app.register(multipart, { limits: chatMultipartLimits(ctx.config.uploadMaxMb) });

  const room = (request: { params: { id: string; tipo: ChatKind } }, viewer: Viewer) =>
    openRoomFor(ctx, viewer, request.params.id, request.params.tipo);

  app.post(
    '/casos/:id/chats/:tipo/fotos-drone',
    {
      schema: {
        tags: ['chats'],
        summary: `Fotos Drone (Investigador, general room; multipart: clientId, latitud, longitud, then 1–${CHAT_FILES_MAX} images \`archivos\`)`,
        params,
        response: { 200: dronePhotosResponse },
      },
    },
    async (request) => {
      const open = await room(request, viewerOf(request));
      return withUploads(
        ctx,
        request,
        open,
        mayUploadDronePhotos,
        ['clientId', 'latitud', 'longitud'],
        async (fields, uploads) => {
          const input = validated(dronePhotoFieldsSchema, {
            ...fields,
            latitud: fields.latitud || undefined,
            longitud: fields.longitud || undefined,
          });
          if (uploads.some((u) => u.contentType.split('/')[0] !== 'image'))
            throw new AppError(415, 'FILE_TYPE_NOT_ALLOWED', MSG.soloImagenes, [
              { path: 'archivos', message: MSG.soloImagenes },
            ]);
          const drone = { latitud: input.latitud ?? null, longitud: input.longitud ?? null };
          const { row } = await sendMessage(ctx, open, { clientId: input.clientId, content: '' }, uploads, drone);
          return { mensaje: presentFor(open, row), message: MSG.fotosCargadas };
        },
      );
    },
  );

  app.put(
    '/casos/:id/chats/:tipo/bloqueo',
    {
      schema: {
        tags: ['chats'],
        summary: 'Bloquear/Desbloquear Chat: open or close the expert or draftsperson room',
        params,
        body: chatBlockSchema,
        response: { 200: chatBlockResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const open = await room(request, viewer);
      if (open.kind === 'general') throw new AppError(403, 'FORBIDDEN', MSG.noAutorizado);
      return setChatOpen(ctx, viewer, open.caso.id, open.kind, request.body.abierto, (tx) =>
        roomChanged(ctx, tx, open.room.id),
      );
    },
  );
};

/**
 * The case chats under /api/casos/{id}/chats/{tipo} (spec 2 §2 "Chat screens", §6): read a room
 * (joining it), send text, files and drone photos, mark read, block the expert/draftsperson rooms,
 * open a room's files (the room's routes: room-routes.ts, the client's too); and the viewer's
 * unread counts per case (/api/chats/no-leidos).
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  await app.register(chatRoomRoutes, { audience: staffRoom(app) });
  await app.register(staffRoomActions);

  app.get(
    '/chats/no-leidos',
    {
      schema: {
        tags: ['chats'],
        summary: "The viewer's unread messages per case and room (?casos=id,id…, at most 100 cases)",
        querystring: unreadQuery,
        response: { 200: chatUnreadResponse },
      },
    },
    async (request) => unreadByCase(ctx.db, viewerOf(request), request.query.casos),
  );
};
