import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, exportRequestResponse } from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { requestExport } from './service.js';

const params = z.object({ id: z.uuid({ error: MSG.casoNoExiste }) });

/** The export action of a case (spec 2 §6, after 'Esta seguro de querer exportar los archivos del caso?'). */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/exportar',
    {
      schema: {
        tags: ['casos'],
        summary: "Request the SFTP export of a case's files (recorded in exportaciones, En proceso)",
        params,
        response: { 201: exportRequestResponse },
      },
    },
    async (request, reply) => {
      const exportacion = await requestExport(app.ctx, viewerOf(request), request.params.id);
      return reply.code(201).send({ message: MSG.exito, exportacion });
    },
  );
};
