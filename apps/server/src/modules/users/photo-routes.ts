import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, USER_PHOTO_MAX_MB, userPhotoResponse } from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { discardAll, readMultipartForm } from '../files/multipart-form.js';
import { fileResponseSchema, sendStoredFile } from '../files/service.js';
import { checkPhotoChange, currentPhoto, removeUserPhoto, setUserPhoto } from './photo-service.js';

const idParams = z.object({ id: z.uuid({ error: MSG.usuarioNoExiste }) });
const fileParams = idParams.extend({ archivo: z.uuid({ error: MSG.documentoNoEncontrado }) });

/** A user's photo under /api/usuarios/:id/foto: put or replace it (multipart `foto`), remove it, read it. */
export const userPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  await app.register(multipart, {
    limits: { fileSize: Math.floor(USER_PHOTO_MAX_MB * 1024 * 1024), files: 1, fields: 0, parts: 2, headerPairs: 50 },
  });

  app.put(
    '/:id/foto',
    {
      schema: {
        tags: ['usuarios'],
        summary: `Put or replace a user's photo (the user or the Administrador; multipart/form-data, one file \`foto\`: jpg, png or webp by content, up to ${USER_PHOTO_MAX_MB} MB)`,
        params: idParams,
        response: { 200: userPhotoResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      // Refused before a byte of the upload is read.
      await checkPhotoChange(ctx.db, viewer, request.params.id);
      const { uploads } = await readMultipartForm(request, {
        fields: [],
        fileField: 'foto',
        maxFiles: 1,
        maxMb: USER_PHOTO_MAX_MB,
      });
      try {
        if (!uploads[0]) throw badRequest(MSG.fotoRequerida, [{ path: 'foto', message: MSG.fotoRequerida }]);
        return { foto: await setUserPhoto(ctx, viewer, request.params.id, uploads[0]) };
      } finally {
        await discardAll(uploads);
      }
    },
  );

  app.delete(
    '/:id/foto',
    {
      schema: {
        tags: ['usuarios'],
        summary: "Remove a user's photo (the user or the Administrador)",
        params: idParams,
        response: { 200: userPhotoResponse },
      },
    },
    async (request) => ({ foto: await removeUserPhoto(ctx, viewerOf(request), request.params.id) }),
  );

  app.get(
    '/:id/foto/:archivo',
    {
      schema: {
        tags: ['usuarios'],
        summary: "A user's photo, for any signed-in staff user; its address names the file, so it is cached for good",
        params: fileParams,
        response: { 200: fileResponseSchema },
      },
    },
    async (request, reply) =>
      sendStoredFile(ctx, reply, await currentPhoto(ctx.db, request.params.id, request.params.archivo), {
        immutable: true,
      }),
  );
};
