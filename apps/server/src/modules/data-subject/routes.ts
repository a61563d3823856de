import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, clientDataReport, clientResponse } from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { fileResponseSchema } from '../files/service.js';
import { presentClient } from '../clients/presenter.js';
import { reportFileName, reportPdf } from './report-pdf.js';
import { anonymiseOnRequest, clientDataReport as produceReport } from './service.js';

const params = z.object({ id: z.uuid({ error: MSG.clienteNoExiste }) });

/** A download that stays nobody's copy: no cache, its own type only. */
const download = (name: string) => ({
  'content-disposition': `attachment; filename="${name}"`,
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
});

/**
 * A client's personal data (Ley 1581 de 2012) under /api/clientes: the data report in PDF and
 * JSON (whoever may edit the client), and the Administrador's anonymisation.
 */
export const dataSubjectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/reporte-datos.pdf',
    {
      schema: {
        tags: ['clientes'],
        summary:
          "The client's data report as a PDF (their data, cases, authorisations, SMS, files sent), for whoever may edit the client; recorded in the audit trail",
        params,
        response: { 200: fileResponseSchema },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const report = await produceReport(app.ctx, viewerOf(request), request.params.id, 'pdf');
      return reply
        .headers({ 'content-type': 'application/pdf', ...download(reportFileName(request.params.id, 'pdf')) })
        .send(reportPdf(report, now) as never);
    },
  );

  app.get(
    '/:id/reporte-datos.json',
    {
      schema: {
        tags: ['clientes'],
        summary: "The client's data report as JSON (the PDF's data, for machines); recorded in the audit trail",
        params,
        response: { 200: clientDataReport },
      },
    },
    async (request, reply) => {
      const report = await produceReport(app.ctx, viewerOf(request), request.params.id, 'json');
      return reply
        .headers({
          'content-type': 'application/json; charset=utf-8',
          ...download(reportFileName(request.params.id, 'json')),
        })
        .send(report);
    },
  );

  app.post(
    '/:id/anonimizar',
    {
      schema: {
        tags: ['clientes'],
        summary:
          'Anonymise a client now, before their retention period ends (the Administrador; 409 while they have a case open). Cannot be undone',
        params,
        response: { 200: clientResponse },
      },
    },
    async (request) => presentClient(await anonymiseOnRequest(app.ctx, viewerOf(request), request.params.id)),
  );
};
