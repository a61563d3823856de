import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  arrivalResponse,
  caseMapResponse,
  casePlaceSchema,
  mapAddressQuery,
  mapAddressResponse,
  messageResponse,
} from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { markArrival } from '../cases/arrival-service.js';
import { pinCase } from '../cases/place.js';
import { loadCaseMap, mapAddress } from './service.js';

const params = z.object({ id: z.uuid({ error: MSG.casoNoExiste }) });

/** The case map under /api/casos/{id} (spec 2 §2 "Case map", §4 "Arrival"; D24: its place). */
export const caseMapRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/:id/mapa',
    {
      schema: {
        tags: ['mapa'],
        summary: "The case map: the client, lawyer and investigator, the investigator's route, the arrival times",
        params,
        response: { 200: caseMapResponse },
      },
    },
    async (request) => loadCaseMap(ctx, viewerOf(request), request.params.id),
  );

  app.get(
    '/:id/mapa/direccion',
    {
      schema: {
        tags: ['mapa'],
        summary: "The reverse-geocoded address of a point of the case's map (an info window)",
        params,
        querystring: mapAddressQuery,
        response: { 200: mapAddressResponse },
      },
    },
    async (request) => mapAddress(ctx, await loadCaseMap(ctx, viewerOf(request), request.params.id), request.query),
  );

  app.put(
    '/:id/lugar',
    {
      schema: {
        tags: ['mapa'],
        summary: "Drop or move the case's pin: its place from now on (whoever manages the case and sees its map)",
        params,
        body: casePlaceSchema,
        response: { 200: messageResponse },
      },
    },
    async (request) => pinCase(ctx, viewerOf(request), request.params.id, request.body),
  );

  app.post(
    '/:id/llegada',
    {
      schema: {
        tags: ['mapa'],
        summary: "The case's investigator arrived (once); the arrival notice goes out",
        params,
        response: { 200: arrivalResponse },
      },
    },
    async (request) => markArrival(ctx, viewerOf(request), request.params.id),
  );
};
