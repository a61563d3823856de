import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPORT_LIST,
  MSG,
  TIPOS_CHAT,
  can,
  exportActionResponse,
  exportPageResponse,
  exportRequestResponse,
  listQuerySchema,
  mayReadRoom,
} from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { loadCaseForTab } from '../cases/workspace-queries.js';
import { fileResponseSchema } from '../files/service.js';
import { caseFileData } from './contents.js';
import { presentExport } from './presenter.js';
import { listExports } from './queries.js';
import { cancelExport, requestExport, retryExport } from './service.js';
import { summaryPdf, summaryPdfName } from './summary.js';

const params = z.object({ id: z.uuid({ error: MSG.casoNoExiste }) });
const exportParams = z.object({ id: z.uuid({ error: MSG.exportacionNoExiste }) });

/**
 * A case's export action (spec 2 §6, after '¿Exportar los archivos del
 * caso?') and its case file PDF ('Expediente del caso'), under /api/casos.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/exportar',
    {
      schema: {
        tags: ['casos'],
        summary: "Request the SFTP export of a case's files (recorded in exportaciones, En proceso; a job sends them)",
        params,
        response: { 201: exportRequestResponse },
      },
    },
    async (request, reply) => {
      const exportacion = await requestExport(app.ctx, viewerOf(request), request.params.id);
      return reply.code(201).send({ message: MSG.exito, exportacion });
    },
  );

  app.get(
    '/:id/expediente.pdf',
    {
      schema: {
        tags: ['casos'],
        summary:
          "'Expediente del caso': the case file PDF an export sends (data, team, policies, full history, files), for whoever may open the case",
        params,
        response: { 200: fileResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const viewer = viewerOf(request);
      // Whoever may open the case's workspace may read its file; it names the files of the chat
      // rooms they may open, no other room's (spec 2 §2: the chat tabs each cargo sees).
      const { caso } = await loadCaseForTab(app.ctx.db, viewer, id, 'informacion');
      const rooms = TIPOS_CHAT.filter((k) => mayReadRoom({ id: viewer.id, kind: viewer.cargo }, caso, k).allowed);
      const data = await caseFileData(app.ctx.db, id, rooms);
      if (!data) throw notFound(MSG.casoNoExiste);
      const name = summaryPdfName(data.row.caso.caso);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(summaryPdf(data, new Date()) as never);
    },
  );
};

/** EXPORTACIONES SFTP (spec 3 §2): the list, and 'Reintentar' / cancel of one export, under /api/exportaciones. */
export const exportListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['exportaciones'],
        summary:
          'EXPORTACIONES SFTP: the exports of the cases in the viewer’s scope, newest first, keyset cursors; filter on caso',
        querystring: listQuerySchema,
        response: { 200: exportPageResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const page = await listExports(
        app.ctx.db,
        viewer,
        request.query,
        request.query.limit ?? EXPORT_LIST.defaultPageSize,
      );
      return {
        ...page,
        rows: page.rows.map((row) => presentExport(row, viewer)),
        permissions: { write: can(viewer.cargo, 'casos.export') },
      };
    },
  );

  app.post(
    '/:id/reintentar',
    {
      schema: {
        tags: ['exportaciones'],
        summary:
          "'Reintentar' an export that ended in Error or was cancelled (files already on the server are not sent again)",
        params: exportParams,
        response: { 200: exportActionResponse },
      },
    },
    async (request) => ({
      message: MSG.exportacionReintentada,
      exportacion: await retryExport(app.ctx, viewerOf(request), request.params.id),
    }),
  );

  app.post(
    '/:id/cancelar',
    {
      schema: {
        tags: ['exportaciones'],
        summary: 'Cancel a running export: its job stops before the next file',
        params: exportParams,
        response: { 200: exportActionResponse },
      },
    },
    async (request) => ({
      message: MSG.exportacionCancelada,
      exportacion: await cancelExport(app.ctx, viewerOf(request), request.params.id),
    }),
  );
};
