import type { FastifyRequest } from 'fastify';
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
  type CaseMap,
} from '@vialex/domain';
import { viewerOf, type AppContext } from '../../platform/context.js';
import { markArrival } from '../cases/arrival-service.js';
import { pinCase } from '../cases/place.js';
import { loadCaseMap, mapAddress } from './service.js';

const params = z.object({ id: z.uuid({ error: MSG.casoNoExiste }) });

/** One audience of the case map's routes: where they hang and whose map the caller opens. */
export interface MapAudience {
  /** The case's path under the scope's prefix: '/:id' for staff, '' for the client (their case). */
  path: string;
  /** The path's parameters, checked before the map is read (none for the client). */
  params?: z.ZodObject;
  tag: string;
  summary: { map: string; address: string };
  /** The caller's case map, refused by the audience's rules; the request's params passed `params`. */
  load(ctx: AppContext, request: FastifyRequest): Promise<CaseMap>;
}

/**
 * The case map's routes for one audience (staff under /api/casos, the client under /api/cliente):
 * the map, and the address of one of its points. Mounted once per audience.
 */
export const caseMapViewRoutes: FastifyPluginAsyncZod<{ audience: MapAudience }> = async (app, { audience }) => {
  const { ctx } = app;
  const { path, tag, summary } = audience;
  const params = audience.params ? { params: audience.params } : {};

  app.get(
    `${path}/mapa`,
    { schema: { tags: [tag], summary: summary.map, ...params, response: { 200: caseMapResponse } } },
    async (request) => audience.load(ctx, request),
  );

  app.get(
    `${path}/mapa/direccion`,
    {
      schema: {
        tags: [tag],
        summary: summary.address,
        ...params,
        querystring: mapAddressQuery,
        response: { 200: mapAddressResponse },
      },
    },
    async (request) => mapAddress(ctx, await audience.load(ctx, request), request.query),
  );
};

/** Staff read the map of a case in their list scope whose map tab they see. */
const staffMap: MapAudience = {
  path: '/:id',
  params,
  tag: 'mapa',
  summary: {
    map: "The case map: the client, lawyer and investigator, the investigator's route, the arrival times",
    address: "The reverse-geocoded address of a point of the case's map (an info window)",
  },
  load: (ctx, request) => loadCaseMap(ctx, viewerOf(request), (request.params as z.infer<typeof params>).id),
};

/** The case map under /api/casos/{id} (spec 2 §2 "Case map", §4 "Arrival"; D24: its place). */
export const caseMapRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  await app.register(caseMapViewRoutes, { audience: staffMap });

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
