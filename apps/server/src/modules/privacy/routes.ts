import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLIENT_LIST,
  MSG,
  can,
  dataAccessPageResponse,
  dataAuthorisationResponse,
  listQuerySchema,
} from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { loadCaseRowForTab } from '../cases/workspace-queries.js';
import { findClient } from '../clients/queries.js';
import { listDataAccesses } from './access-log.js';
import { caseAuthorisation } from './authorisation.js';

/**
 * The staff's side of the driver's personal data (Ley 1581 de 2012): a case's authorisation, for
 * whoever may read its DATOS DEL CASO, and a client's access log, for the Administrador only.
 */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/casos/:id/autorizacion-datos',
    {
      schema: {
        tags: ['casos'],
        summary: "Whether the case's driver authorised the processing of their data (DATOS DEL CASO)",
        params: z.object({ id: z.uuid({ error: MSG.casoNoExiste }) }),
        response: { 200: dataAuthorisationResponse },
      },
    },
    async (request) => {
      // The refusals of DATOS DEL CASO itself: 404 out of the viewer's scope, 403 for a cargo without the tab.
      const c = await loadCaseRowForTab(ctx.db, viewerOf(request), request.params.id, 'informacion');
      return caseAuthorisation(ctx.db, c);
    },
  );

  app.get(
    '/clientes/:id/accesos-datos',
    {
      schema: {
        tags: ['clientes'],
        summary:
          "Quién consultó sus datos: the staff who opened the client's record or their cases' data, newest first",
        params: z.object({ id: z.uuid({ error: MSG.clienteNoExiste }) }),
        querystring: listQuerySchema,
        response: { 200: dataAccessPageResponse },
      },
      // Before the id and the query are read: every other cargo gets 403 whatever it asks.
      preValidation: async (request) => {
        if (!can(viewerOf(request).cargo, 'clientes.accesos')) throw forbidden();
      },
    },
    async (request) => {
      if (!(await findClient(ctx.db, request.params.id))) throw notFound(MSG.clienteNoExiste);
      const page = await listDataAccesses(
        ctx.db,
        request.params.id,
        request.query,
        request.query.limit ?? CLIENT_LIST.defaultPageSize,
      );
      // Nobody writes this list: it is written by reading.
      return { ...page, permissions: { write: false } };
    },
  );
};
