import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  VEHICLE_LIST,
  can,
  lineaResponse,
  listQuerySchema,
  marcaResponse,
  mayWriteVehicle,
  ownerQuerySchema,
  vehicleOwnersResponse,
  vehiclePageResponse,
  vehicleResponse,
  vehicleSchema,
} from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { enforce } from '../../platform/policy.js';
import { presentVehicle } from './presenter.js';
import { findOwners, findVehicle, listLineas, listMarcas, listVehicles } from './queries.js';
import { createVehicle, deactivateVehicle, updateVehicle } from './catalogue-service.js';

const idParams = z.object({ id: z.uuid({ error: MSG.vehiculoNoExiste }) });
const marcaParams = z.object({
  id: z.coerce
    .number({ error: MSG.marcaNoValida })
    .int(MSG.marcaNoValida)
    .min(1, MSG.marcaNoValida)
    .max(2_147_483_647, MSG.marcaNoValida),
});

/** The vehicle list (/vehiculos, spec 3 §2, §7) and what its dialog reads: makes, their lines, owners. */
export const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/',
    {
      schema: {
        tags: ['vehiculos'],
        summary: 'Vehicle list: plates not empty, by placa, 10 per page, keyset cursors',
        querystring: listQuerySchema,
        response: { 200: vehiclePageResponse },
      },
    },
    async (request) => {
      const page = await listVehicles(db, request.query, request.query.limit ?? VEHICLE_LIST.defaultPageSize);
      return {
        ...page,
        rows: page.rows.map(presentVehicle),
        permissions: { write: can(viewerOf(request).cargo, 'vehiculos.write') },
      };
    },
  );

  app.get(
    '/marcas',
    { schema: { tags: ['vehiculos'], summary: 'The makes, by name', response: { 200: z.array(marcaResponse) } } },
    () => listMarcas(db),
  );

  app.get(
    '/marcas/:id/lineas',
    {
      schema: {
        tags: ['vehiculos'],
        summary: 'The lines of a make',
        params: marcaParams,
        response: { 200: z.array(lineaResponse) },
      },
    },
    (request) => listLineas(db, request.params.id),
  );

  app.get(
    '/propietarios',
    {
      schema: {
        tags: ['vehiculos'],
        summary: "The vehicle dialog's owner: clients with this identificación (digits only)",
        querystring: ownerQuerySchema,
        response: { 200: vehicleOwnersResponse },
      },
    },
    async (request) => {
      enforce(mayWriteVehicle(viewerOf(request)));
      return findOwners(db, Number(request.query.identificacion));
    },
  );

  app.get(
    '/:id',
    { schema: { tags: ['vehiculos'], params: idParams, response: { 200: vehicleResponse } } },
    async (request) => {
      const row = await findVehicle(db, request.params.id);
      if (!row) throw notFound(MSG.vehiculoNoExiste);
      return presentVehicle(row);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['vehiculos'],
        summary: 'AGREGAR a vehicle',
        body: vehicleSchema,
        response: { 201: vehicleResponse },
      },
    },
    async (request, reply) => {
      const row = await createVehicle(app.ctx, viewerOf(request), request.body);
      return reply.code(201).send(presentVehicle(row));
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['vehiculos'],
        summary: 'ACTUALIZAR a vehicle (with Activo / Inactivo)',
        params: idParams,
        body: vehicleSchema,
        response: { 200: vehicleResponse },
      },
    },
    async (request) => presentVehicle(await updateVehicle(app.ctx, viewerOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['vehiculos'],
        summary: 'Deactivate a vehicle (estado false); nothing is deleted',
        params: idParams,
        response: { 200: vehicleResponse },
      },
    },
    async (request) => presentVehicle(await deactivateVehicle(app.ctx, viewerOf(request), request.params.id)),
  );
};
