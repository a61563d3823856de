import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthResponse } from '@vialex/domain';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: healthResponse },
      },
    },
    async () => {
      await app.ctx.db.execute(sql`select 1`);
      return { ok: true, database: app.ctx.database.kind };
    },
  );
};
