import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  dashboardResponse,
  investigatorDetailQuerySchema,
  investigatorDetailResponse,
  reportExportQuerySchema,
  reportQuerySchema,
  reportResponse,
  reportUsersQuerySchema,
  reportUsersResponse,
  statisticsQuerySchema,
  statisticsResponse,
} from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { exportReport } from './csv.js';
import { searchUsers } from './queries.js';
import { dashboard, investigatorDetail, mayReadReports, runReport, statistics } from './service.js';

const userParams = z.object({ id: z.uuid({ error: MSG.usuarioNoExiste }) });

const csvResponse = {
  description: 'The report as CSV (UTF-8 with a byte-order mark), streamed',
  content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
};

/** Consultas y Reportes (spec 3 §2): /api/reportes. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['reportes'],
        summary:
          'Consultar: por_investigador, por_area and por_estado answer one row per group; por_usuario and por_fecha pages of 15 cases (keyset); each with the summary card and the donut',
        querystring: reportQuerySchema,
        response: { 200: reportResponse },
      },
    },
    async (request) => runReport(app.ctx, viewerOf(request), request.query),
  );

  app.get(
    '/exportar',
    {
      schema: {
        tags: ['reportes'],
        summary:
          "Exportar: every row of the query as CSV, named by the query type and the day; 404 'No hay datos para exportar'",
        querystring: reportExportQuerySchema,
        response: { 200: csvResponse },
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await exportReport(app.ctx, viewerOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream as never);
    },
  );

  app.get(
    '/investigadores/:id',
    {
      schema: {
        tags: ['reportes'],
        summary: "The investigator detail dialog over the query's filters",
        params: userParams,
        querystring: investigatorDetailQuerySchema,
        response: { 200: investigatorDetailResponse },
      },
    },
    async (request) => investigatorDetail(app.ctx, viewerOf(request), request.params.id, request.query),
  );

  app.get(
    '/usuarios',
    {
      schema: {
        tags: ['reportes'],
        summary: 'The user select of a query por_usuario: names or e-mails containing q, 20 at most',
        querystring: reportUsersQuerySchema,
        response: { 200: reportUsersResponse },
      },
    },
    async (request) => {
      mayReadReports(viewerOf(request));
      return searchUsers(app.ctx.db, request.query.q);
    },
  );
};

/** The dashboard (decisions.md D16): /api/dashboard, every cargo over its own case scope. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['reportes'],
        summary:
          "Cases today and this month, open cases by status, waiting for an investigator, this month's average times to arrival and to closing, agents by availability",
        response: { 200: dashboardResponse },
      },
    },
    async (request) => dashboard(app.ctx, viewerOf(request)),
  );
};

/** A user's statistics (decisions.md D7): /api/estadisticas/{id}. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      schema: {
        tags: ['reportes'],
        summary:
          "That user's cases by status, open vs closed, percent closed, average time to close; the last 30 days by default",
        params: userParams,
        querystring: statisticsQuerySchema,
        response: { 200: statisticsResponse },
      },
    },
    async (request) => statistics(app.ctx, viewerOf(request), request.params.id, request.query),
  );
};
