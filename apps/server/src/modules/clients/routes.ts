import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLIENT_LIST,
  MSG,
  can,
  clientPageResponse,
  clientResponse,
  clientSchema,
  dataAccessPageResponse,
  listQuerySchema,
} from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { listDataAccesses, logDataAccess } from '../privacy/access-log.js';
import { presentClient } from './presenter.js';
import { findClient, listClients } from './queries.js';
import { createClient, deactivateClient, updateClient } from './service.js';

const idParams = z.object({ id: z.uuid({ error: MSG.clienteNoExiste }) });

export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['clientes'],
        summary: 'LISTA DE CLIENTES: 10 per page, newest first, keyset cursors',
        querystring: listQuerySchema,
        response: { 200: clientPageResponse },
      },
    },
    async (request) => {
      const page = await listClients(app.ctx.db, request.query, request.query.limit ?? CLIENT_LIST.defaultPageSize);
      return {
        ...page,
        rows: page.rows.map(presentClient),
        permissions: { write: can(viewerOf(request).cargo, 'clientes.write') },
      };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['clientes'],
        summary: "A client's record (the open is on their access log: 'Quién consultó sus datos')",
        params: idParams,
        response: { 200: clientResponse },
      },
    },
    async (request) => {
      const row = await findClient(app.ctx.db, request.params.id);
      if (!row) throw notFound(MSG.clienteNoExiste);
      await logDataAccess(app.ctx, viewerOf(request), { cliente: row.id });
      return presentClient(row);
    },
  );

  app.post(
    '/',
    {
      schema: { tags: ['clientes'], summary: 'Create a client', body: clientSchema, response: { 201: clientResponse } },
    },
    async (request, reply) => {
      const row = await createClient(app.ctx, viewerOf(request), request.body);
      return reply.code(201).send(presentClient(row));
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['clientes'],
        summary: 'Edit a client',
        params: idParams,
        body: clientSchema,
        response: { 200: clientResponse },
      },
    },
    async (request) => presentClient(await updateClient(app.ctx, viewerOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['clientes'],
        summary: 'Deactivate a client (estado false)',
        params: idParams,
        response: { 200: clientResponse },
      },
    },
    async (request) => presentClient(await deactivateClient(app.ctx, viewerOf(request), request.params.id)),
  );

  app.get(
    '/:id/accesos-datos',
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
      if (!(await findClient(app.ctx.db, request.params.id))) throw notFound(MSG.clienteNoExiste);
      const page = await listDataAccesses(
        app.ctx.db,
        request.params.id,
        request.query,
        request.query.limit ?? CLIENT_LIST.defaultPageSize,
      );
      // Nobody writes this list: it is written by reading.
      return { ...page, permissions: { write: false } };
    },
  );
};
