import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_FILES_MAX,
  MSG,
  chatBlockResponse,
  chatBlockSchema,
  chatFileFieldsSchema,
  chatKind,
  chatPageQuery,
  chatPageResponse,
  chatReadResponse,
  chatReadSchema,
  chatSendResponse,
  chatSendSchema,
  chatUnreadResponse,
  dronePhotoFieldsSchema,
  dronePhotosResponse,
  mayOpenRoomFiles,
  maySend,
  mayUploadDronePhotos,
  type ChatKind,
} from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { enforce } from '../auth/policy.js';
import type { Viewer } from '../auth/session.js';
import { setChatOpen } from '../cases/chat-block-service.js';
import { contentDisposition, findFile, openFile } from '../files/service.js';
import { discardAll, readMultipartForm } from '../files/multipart-form.js';
import type { StagedUpload } from '../files/upload.js';
import { fileInRoom, presentMessage, readRoom, unreadIn } from './messages.js';
import { sendMessage } from './send-service.js';
import { markMember, openRoomFor, roomChanged, type OpenRoom } from './service.js';
import { unreadByCase } from './unread.js';

const params = z.object({ id: z.uuid({ error: MSG.casoNoExiste }), tipo: chatKind });
const fileParams = params.extend({ archivoId: z.uuid({ error: MSG.documentoNoEncontrado }) });
const unreadQuery = z.object({
  casos: z
    .string()
    .max(100 * 37, { error: MSG.parametroNoValido })
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.uuid({ error: MSG.parametroNoValido })).max(100, { error: MSG.parametroNoValido })),
});

/** The form's text fields are short: a message of CHAT_MESSAGE_MAX_LENGTH characters fits. */
const FIELD_MAX_BYTES = 32 * 1024;

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw badRequest(issues[0].message, issues);
}

/**
 * The case chats under /api/casos/{id}/chats/{tipo} (spec 2 §2 "Chat screens", §6): read a room
 * (joining it), send text, files and drone photos, mark read, block the expert/draftsperson rooms,
 * open a room's files; and the viewer's unread counts per case (/api/chats/no-leidos).
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const maxMb = ctx.config.uploadMaxMb;
  await app.register(multipart, {
    limits: {
      fileSize: Math.floor(maxMb * 1024 * 1024),
      files: CHAT_FILES_MAX,
      fields: 6,
      parts: CHAT_FILES_MAX + 6,
      fieldSize: FIELD_MAX_BYTES,
      headerPairs: 50,
    },
  });

  const room = (request: { params: { id: string; tipo: ChatKind } }, viewer: Viewer) =>
    openRoomFor(ctx, viewer, request.params.id, request.params.tipo);

  app.get(
    '/casos/:id/chats/:tipo',
    {
      schema: {
        tags: ['chats'],
        summary:
          'A room and a page of its messages, oldest first (?antes pages back, ?despues catches up, ?q searches)',
        params,
        querystring: chatPageQuery,
        response: { 200: chatPageResponse },
      },
    },
    async (request) => {
      const open = await room(request, viewerOf(request));
      return readRoom(ctx, open, request.query);
    },
  );

  app.post(
    '/casos/:id/chats/:tipo/mensajes',
    {
      schema: {
        tags: ['chats'],
        summary: 'Send a text (clientId: the idempotency key; a repeat answers the saved message)',
        params,
        body: chatSendSchema,
        response: { 200: chatSendResponse },
      },
    },
    async (request) => {
      const open = await room(request, viewerOf(request));
      const { row, repetido } = await sendMessage(ctx, open, request.body);
      return { mensaje: presentMessage(open.caso.id, open.kind, row, open.sender.id), repetido };
    },
  );

  /** Reads a multipart send once the room is known (a refused request is answered before its upload is read). */
  async function withUploads<T>(
    request: FastifyRequest,
    open: OpenRoom,
    rule: typeof maySend,
    fields: readonly string[],
    work: (open: OpenRoom, form: Record<string, string>, uploads: StagedUpload[]) => Promise<T>,
  ): Promise<T> {
    enforce(rule(open.sender, open.caso, open.kind));
    const form = await readMultipartForm(request, { fields, fileField: 'archivos', maxFiles: CHAT_FILES_MAX, maxMb });
    try {
      if (!form.uploads.length)
        throw badRequest(MSG.archivosRequeridos, [{ path: 'archivos', message: MSG.archivosRequeridos }]);
      return await work(open, form.fields as Record<string, string>, form.uploads);
    } finally {
      await discardAll(form.uploads);
    }
  }

  app.post(
    '/casos/:id/chats/:tipo/archivos',
    {
      schema: {
        tags: ['chats'],
        summary: `Send files (multipart/form-data: clientId, content?, replyTo?, then 1–${CHAT_FILES_MAX} files \`archivos\`, checked by content)`,
        params,
        response: { 200: chatSendResponse },
      },
    },
    async (request) =>
      withUploads(
        request,
        await room(request, viewerOf(request)),
        maySend,
        ['clientId', 'content', 'replyTo'],
        async (open, fields, uploads) => {
          const input = parsed(chatFileFieldsSchema, fields);
          const { row, repetido } = await sendMessage(ctx, open, input, uploads);
          return { mensaje: presentMessage(open.caso.id, open.kind, row, open.sender.id), repetido };
        },
      ),
  );

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
    async (request) =>
      withUploads(
        request,
        await room(request, viewerOf(request)),
        mayUploadDronePhotos,
        ['clientId', 'latitud', 'longitud'],
        async (open, fields, uploads) => {
          const input = parsed(dronePhotoFieldsSchema, {
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
          return { mensaje: presentMessage(open.caso.id, open.kind, row, open.sender.id), message: MSG.fotosCargadas };
        },
      ),
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

  app.post(
    '/casos/:id/chats/:tipo/leidos',
    {
      schema: {
        tags: ['chats'],
        summary: 'The viewer read the room up to a message number (marks only move forward)',
        params,
        body: chatReadSchema,
        response: { 200: chatReadResponse },
      },
    },
    async (request) => {
      const open = await room(request, viewerOf(request));
      const hasta = Math.min(request.body.hasta, open.room.ultimoIndex);
      if (await markMember(ctx.db, open.room.id, open.sender.id, { leidoHasta: hasta }))
        await roomChanged(ctx, ctx.db, open.room.id);
      return { noLeidos: await unreadIn(ctx.db, open, hasta) };
    },
  );

  app.get(
    '/casos/:id/chats/:tipo/archivos/:archivoId',
    {
      schema: {
        tags: ['chats'],
        summary: "A room's file (or its preview): only for those who may open that room's files (spec 2 §6)",
        params: fileParams,
        response: {
          200: {
            description: 'The file, with its content type',
            content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
          },
        },
      },
    },
    async (request, reply) => {
      const open = await room(request, viewerOf(request));
      enforce(mayOpenRoomFiles(open.sender, open.caso, open.kind));
      const { archivoId } = request.params;
      const row = (await fileInRoom(ctx.db, open.room.id, archivoId)) ? await findFile(ctx.db, archivoId) : undefined;
      if (!row) throw notFound(MSG.documentoNoEncontrado);
      const file = await openFile(ctx, row);
      if (!file) {
        request.log.warn({ code: 'FILE_MISSING_IN_STORAGE' }, 'stored file not found');
        throw notFound(MSG.documentoNoEncontrado);
      }
      return (
        reply
          .header('content-type', row.type)
          .header('content-length', file.size || row.size)
          .header('content-disposition', contentDisposition(row))
          // A file never changes under its id: the phone keeps it instead of downloading it again.
          .header('cache-control', 'private, max-age=86400, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(file.body as never)
      );
    },
  );

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
