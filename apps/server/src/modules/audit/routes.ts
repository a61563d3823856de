import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_LIST, auditPageResponse, can, listQuerySchema } from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { forbidden } from '../../platform/errors.js';
import { exportAudit } from './csv.js';
import { listAudit, presentAudit } from './queries.js';

const csvResponse = {
  description: 'AUDITORÍA as CSV (UTF-8 with a byte-order mark), streamed',
  content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
};

/** AUDITORÍA's criteria for the CSV: those of the list, without paging. */
const csvQuerySchema = listQuerySchema.pick({ criteria: true });

/**
 * AUDITORÍA (/api/auditoria): the trail of administration, read by the Administrador only; every
 * other cargo gets 403 before the query is read. Nobody writes it through the API: each act
 * writes its own record (record.ts).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    if (!can(viewerOf(request).cargo, 'auditoria.read')) throw forbidden();
  });

  app.get(
    '/auditoria',
    {
      schema: {
        tags: ['auditoria'],
        summary:
          'AUDITORÍA: administrative acts newest first, keyset pages; filters by who, action, target type, target and day (a range with gte/lte)',
        querystring: listQuerySchema,
        response: { 200: auditPageResponse },
      },
    },
    async (request) => {
      const page = await listAudit(app.ctx.db, request.query, request.query.limit ?? AUDIT_LIST.defaultPageSize);
      return { ...page, rows: page.rows.map(presentAudit), permissions: { write: false } };
    },
  );

  app.get(
    '/auditoria.csv',
    {
      schema: {
        tags: ['auditoria'],
        summary: "Every record the criteria select as CSV, streamed; 404 'No hay datos para exportar'",
        querystring: csvQuerySchema,
        response: { 200: csvResponse },
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await exportAudit(app.ctx, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream as never);
    },
  );
};
