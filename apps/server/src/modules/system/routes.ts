import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: z.object({ ok: z.boolean(), database: z.string() }) },
      },
    },
    async () => {
      await app.ctx.db.execute(sql`select 1`);
      return { ok: true, database: app.ctx.database.kind };
    },
  );
};
