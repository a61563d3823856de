import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  dataAuthorisationResponse,
  policyLookupResultResponse,
  policyPanelActions,
  workspaceResponse,
  workspaceTab,
  workspaceTabResponse,
  workspaceTabs,
} from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { logDataAccess } from '../privacy/access-log.js';
import { caseAuthorisation } from '../privacy/authorisation.js';
import { presentCase } from './presenter.js';
import { lookupCasePolicy } from './policy-lookup-service.js';
import { casePolicies, lastEntryAt, listCaseHistory, loadCaseForTab, loadCaseRowForTab } from './workspace-queries.js';

const idParams = z.object({ id: z.uuid({ error: MSG.casoNoExiste }) });

/**
 * The case workspace, /gestionar-caso/{id}/{tab} (spec 2 §2): its frame, each tab's data and the
 * policy look-up of DATOS DEL CASO. Every answer is refused as the case list refuses: 'El caso no
 * existe' out of the viewer's scope, 'Usuario no autorizado' for a cargo that may not manage the
 * case or a tab hidden from it.
 */
export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/:id/espacio',
    {
      schema: {
        tags: ['casos'],
        summary: 'Case workspace: the case, its tabs for this viewer, the header times and the policy area buttons',
        params: idParams,
        response: { 200: workspaceResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      // The information tab is every opener's: opening it is opening the workspace.
      const row = await loadCaseForTab(ctx.db, viewer, request.params.id, 'informacion');
      const last = await lastEntryAt(ctx.db, row.caso.id);
      return {
        caso: presentCase(row, viewer),
        pestanas: workspaceTabs(viewer.cargo, row.caso),
        ultimaGestion: last?.toISOString() ?? null,
        llegada: row.caso.llegada
          ? (row.caso.llegada_fecha?.toISOString() ?? row.caso.modificacion.toISOString())
          : null,
        panel: policyPanelActions(viewer, row.caso),
      };
    },
  );

  app.get(
    '/:id/espacio/:pestana',
    {
      schema: {
        tags: ['casos'],
        summary:
          "One tab's data: informacion (history and policies), gestionar (history); the chats and the map come later",
        params: idParams.extend({ pestana: workspaceTab }),
        response: { 200: workspaceTabResponse },
      },
    },
    async (request) => {
      const { id, pestana } = request.params;
      await loadCaseForTab(ctx.db, viewerOf(request), id, pestana);
      if (pestana === 'informacion') await logDataAccess(ctx, viewerOf(request), { caso: id });
      const withHistory = pestana === 'informacion' || pestana === 'gestionar';
      return {
        pestana,
        historial: withHistory ? await listCaseHistory(ctx.db, id) : null,
        polizas: pestana === 'informacion' ? await casePolicies(ctx.db, id) : null,
      };
    },
  );

  app.post(
    '/:id/consultar-poliza',
    {
      schema: {
        tags: ['casos'],
        summary: 'Policy look-up from DATOS DEL CASO (GET kronos and the insurers hub): updates the plan and policies',
        params: idParams,
        response: { 200: policyLookupResultResponse },
      },
    },
    async (request) => lookupCasePolicy(ctx, viewerOf(request), request.params.id),
  );

  app.get(
    '/:id/autorizacion-datos',
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
};
