import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AREA_LIST,
  CASE_STATUS_CATALOGUE_LIST,
  COMPANY_LIST,
  MSG,
  areaCatalogueResponse,
  areaPageResponse,
  areaSchema,
  can,
  caseStatusCatalogueResponse,
  caseStatusCataloguePageResponse,
  caseStatusCatalogueSchema,
  catalogueStateSchema,
  companyPageResponse,
  companyResponse,
  companySchema,
  listQuerySchema,
} from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { findCompany, listCompanies, presentCompany } from './companies-queries.js';
import { createCompany, deactivateCompany, updateCompany } from './companies-service.js';
import { findArea, listAreas, presentArea } from './areas-queries.js';
import { createArea, setAreaState, updateArea } from './areas-service.js';
import { findStatus, listStatuses, presentStatus } from './statuses-queries.js';
import { createStatus, setStatusState, updateStatus } from './statuses-service.js';

const idOf = (message: string) => z.object({ id: z.uuid({ error: message }) });

/** LISTA DE EMPRESAS (/empresas, spec 3 §2): every staff user reads it; the contact-centre desk writes. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = idOf(MSG.empresaNoExiste);
  const tags = ['empresas'];

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'LISTA DE EMPRESAS: by name, keyset cursors',
        querystring: listQuerySchema,
        response: { 200: companyPageResponse },
      },
    },
    async (request) => {
      const page = await listCompanies(app.ctx.db, request.query, request.query.limit ?? COMPANY_LIST.defaultPageSize);
      return {
        ...page,
        rows: page.rows.map(presentCompany),
        permissions: { write: can(viewerOf(request).cargo, 'empresas.write') },
      };
    },
  );

  app.get('/:id', { schema: { tags, params, response: { 200: companyResponse } } }, async (request) => {
    const row = await findCompany(app.ctx.db, request.params.id);
    if (!row) throw notFound(MSG.empresaNoExiste);
    return presentCompany(row);
  });

  app.post(
    '/',
    { schema: { tags, summary: 'Create a company', body: companySchema, response: { 201: companyResponse } } },
    async (request, reply) =>
      reply.code(201).send(presentCompany(await createCompany(app.ctx, viewerOf(request), request.body))),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Edit a company (with its estado)',
        params,
        body: companySchema,
        response: { 200: companyResponse },
      },
    },
    async (request) => presentCompany(await updateCompany(app.ctx, viewerOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/:id',
    { schema: { tags, summary: 'Deactivate a company (estado false)', params, response: { 200: companyResponse } } },
    async (request) => presentCompany(await deactivateCompany(app.ctx, viewerOf(request), request.params.id)),
  );
};

/** AREA (/areas, spec 3 §2): every staff user reads it; only the Administrador writes. */
export const areaRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = idOf(MSG.areaNoExiste);
  const tags = ['areas'];

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'AREA: by name, keyset cursors',
        querystring: listQuerySchema,
        response: { 200: areaPageResponse },
      },
    },
    async (request) => {
      const page = await listAreas(app.ctx.db, request.query, request.query.limit ?? AREA_LIST.defaultPageSize);
      return {
        ...page,
        rows: page.rows.map(presentArea),
        permissions: { write: can(viewerOf(request).cargo, 'areas.write') },
      };
    },
  );

  app.get('/:id', { schema: { tags, params, response: { 200: areaCatalogueResponse } } }, async (request) => {
    const row = await findArea(app.ctx.db, request.params.id);
    if (!row) throw notFound(MSG.areaNoExiste);
    return presentArea(row);
  });

  app.post(
    '/',
    { schema: { tags, summary: 'Create an area', body: areaSchema, response: { 201: areaCatalogueResponse } } },
    async (request, reply) =>
      reply.code(201).send(presentArea(await createArea(app.ctx, viewerOf(request), request.body))),
  );

  app.put(
    '/:id',
    { schema: { tags, summary: 'Edit an area', params, body: areaSchema, response: { 200: areaCatalogueResponse } } },
    async (request) => presentArea(await updateArea(app.ctx, viewerOf(request), request.params.id, request.body)),
  );

  app.put(
    '/:id/estado',
    {
      schema: {
        tags,
        summary: 'Inactivate (or activate) an area',
        params,
        body: catalogueStateSchema,
        response: { 200: areaCatalogueResponse },
      },
    },
    async (request) =>
      presentArea(await setAreaState(app.ctx, viewerOf(request), request.params.id, request.body.estado)),
  );
};

/** TIPO DE GESTIONES (/gestiones, spec 3 §2): staff only (decisions.md D6); the Administrador writes; locked rows stay. */
export const caseStatusCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = idOf(MSG.estadoCatalogoNoExiste);
  const tags = ['estados-caso'];

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'TIPO DE GESTIONES: the case-status catalogue by name, keyset cursors',
        querystring: listQuerySchema,
        response: { 200: caseStatusCataloguePageResponse },
      },
    },
    async (request) => {
      const page = await listStatuses(
        app.ctx.db,
        request.query,
        request.query.limit ?? CASE_STATUS_CATALOGUE_LIST.defaultPageSize,
      );
      return {
        ...page,
        rows: page.rows.map(presentStatus),
        permissions: { write: can(viewerOf(request).cargo, 'estadoscaso.write') },
      };
    },
  );

  app.get('/:id', { schema: { tags, params, response: { 200: caseStatusCatalogueResponse } } }, async (request) => {
    const row = await findStatus(app.ctx.db, request.params.id);
    if (!row) throw notFound(MSG.estadoCatalogoNoExiste);
    return presentStatus(row);
  });

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a case status',
        body: caseStatusCatalogueSchema,
        response: { 201: caseStatusCatalogueResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(presentStatus(await createStatus(app.ctx, viewerOf(request), request.body))),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Edit a case status (not a locked one)',
        params,
        body: caseStatusCatalogueSchema,
        response: { 200: caseStatusCatalogueResponse },
      },
    },
    async (request) => presentStatus(await updateStatus(app.ctx, viewerOf(request), request.params.id, request.body)),
  );

  app.put(
    '/:id/estado',
    {
      schema: {
        tags,
        summary: 'Inactivate (or activate) a case status (not a locked one)',
        params,
        body: catalogueStateSchema,
        response: { 200: caseStatusCatalogueResponse },
      },
    },
    async (request) =>
      presentStatus(await setStatusState(app.ctx, viewerOf(request), request.params.id, request.body.estado)),
  );
};
