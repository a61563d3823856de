import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MSG,
  caseStatusChangeResponse,
  caseStatusFormResponse,
  caseStatusSchema,
  mayManage,
  type CaseStatusInput,
} from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { notFound, validated } from '../../platform/errors.js';
import { enforce } from '../../platform/policy.js';
import { fileResponseSchema, findFile, sendStoredFile } from '../files/service.js';
import { readMultipartForm } from '../files/multipart-form.js';
import { discardStaged, type StagedUpload } from '../files/upload.js';
import { changeCaseStatus, checkStatusChange, findCaseDocument, statusForm } from './status-service.js';
import { findCaseRow, inScope } from './queries.js';

const params = z.object({ id: z.uuid({ error: MSG.casoNoExiste }) });
const fileParams = params.extend({ archivoId: z.uuid({ error: MSG.documentoNoEncontrado }) });

/** The form's text fields are short: a note of STATUS_NOTE_MAX_LENGTH characters fits many times over. */
const FIELD_MAX_BYTES = 16 * 1024;

/**
 * GESTIÓN routes under /api/casos: the status form (GET), saving it as multipart/form-data with
 * an optional document (POST), and downloading a case's document. Multipart is parsed only here.
 */
export const caseStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const maxBytes = Math.floor(ctx.config.uploadMaxMb * 1024 * 1024);
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5, fieldSize: FIELD_MAX_BYTES, headerPairs: 50 },
  });

  app.get(
    '/:id/gestion',
    {
      schema: {
        tags: ['casos'],
        summary: 'GESTIÓN: the active statuses and whether this viewer may change the status (and why not)',
        params,
        response: { 200: caseStatusFormResponse },
      },
    },
    async (request) => statusForm(ctx, viewerOf(request), request.params.id),
  );

  app.post(
    '/:id/gestion',
    {
      schema: {
        tags: ['casos'],
        summary:
          'Change the status (multipart/form-data: estado, descripcion, then optionally one file `archivo`: pdf, docx, doc, xlsx, xls, jpg, png or webp, checked by content, up to UPLOAD_MAX_MB)',
        params,
        response: { 200: caseStatusChangeResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      // Who and which case first: a refused request is answered before its upload is read.
      await checkStatusChange(ctx, viewer, request.params.id);
      let upload: StagedUpload | undefined;
      try {
        const form = await readForm(request, ctx.config.uploadMaxMb);
        upload = form.upload;
        const change = validated(caseStatusSchema, form.fields);
        return await changeCaseStatus(ctx, viewer, request.params.id, change, upload);
      } finally {
        await discardStaged(upload);
      }
    },
  );

  app.get(
    '/:id/archivos/:archivoId',
    {
      schema: {
        tags: ['casos'],
        summary:
          "Download a case's document (only for those who may open the case): documents inline, images as an attachment, streamed",
        params: fileParams,
        response: { 200: fileResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const { id, archivoId } = request.params;
      if (!(await inScope(ctx.db, viewer, id))) throw notFound(MSG.casoNoExiste);
      const c = await findCaseRow(ctx.db, id);
      if (!c) throw notFound(MSG.casoNoExiste);
      // Whoever may open the case's workspace (spec 2 §6 "Manage").
      enforce(mayManage(viewer, c));
      const row = (await findCaseDocument(ctx.db, id, archivoId)) ? await findFile(ctx.db, archivoId) : undefined;
      return sendStoredFile(ctx, reply, row);
    },
  );
};

/** The status form: estado, descripcion and at most one document `archivo`. */
async function readForm(
  request: FastifyRequest,
  maxMb: number,
): Promise<{ fields: Partial<CaseStatusInput>; upload?: StagedUpload }> {
  const { fields, uploads } = await readMultipartForm(request, {
    fields: ['estado', 'descripcion'],
    fileField: 'archivo',
    maxFiles: 1,
    maxMb,
  });
  return { fields, upload: uploads[0] };
}
