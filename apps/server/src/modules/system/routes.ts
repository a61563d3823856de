import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse, readyResponse } from '@vialex/domain';
import { checkReadiness } from './readiness.js';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers. It asks nothing of the database, so a database restart does
  // not get every instance restarted by its supervisor; /api/ready says whether to send traffic.
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers',
        response: { 200: healthResponse },
      },
    },
    async () => ({ ok: true, database: app.ctx.database.kind }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers and every migration is applied (503 otherwise)',
        response: { 200: readyResponse },
      },
    },
    async (request) => {
      const { migrations } = await checkReadiness(app.ctx.db, request.log);
      return { ok: true as const, database: app.ctx.database.kind, migrations };
    },
  );
};
