import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asc, eq } from 'drizzle-orm';
import { LOOKUPS } from '@vialex/domain';
import {
  areas,
  cargos,
  ciudades,
  departamentos,
  empresas,
  tiposcaso,
  tiposidentificacion,
} from '../../db/schema/index.js';

const list = <S extends z.ZodType>(entry: S) => ({ 200: z.array(entry) });

/**
 * The catalogues the desk keeps (spec 3 §2): an area or a company inactivated there must leave the
 * forms' selects at once, so the browser asks again each time (they are a few rows).
 */
const EDITED_BY_THE_DESK = new Set(['/api/lookups/areas', '/api/lookups/empresas']);

/** Read-only catalogues the forms need; the fixed ones change rarely, so browsers may cache them. */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode !== 200) return;
    const edited = EDITED_BY_THE_DESK.has(request.routeOptions.url ?? '');
    reply.header('cache-control', edited ? 'private, no-cache' : 'private, max-age=300');
  });
  const { db } = app.ctx;

  app.get('/tiposidentificacion', { schema: { tags: ['lookups'], response: list(LOOKUPS.tiposidentificacion) } }, () =>
    db.select().from(tiposidentificacion).orderBy(asc(tiposidentificacion.id)),
  );
  app.get('/cargos', { schema: { tags: ['lookups'], response: list(LOOKUPS.cargos) } }, () =>
    db.select({ cargo: cargos.cargo }).from(cargos).orderBy(asc(cargos.orden)),
  );
  app.get('/areas', { schema: { tags: ['lookups'], summary: 'Active areas', response: list(LOOKUPS.areas) } }, () =>
    db
      .select({ id: areas.id, nombre: areas.nombre, value: areas.value })
      .from(areas)
      .where(eq(areas.estado, true))
      .orderBy(asc(areas.nombre)),
  );
  app.get('/departamentos', { schema: { tags: ['lookups'], response: list(LOOKUPS.departamentos) } }, () =>
    db.select().from(departamentos).orderBy(asc(departamentos.departamento)),
  );
  app.get(
    '/ciudades',
    {
      schema: {
        tags: ['lookups'],
        summary: 'The 1,122 municipalities with their department, ordered by department and name',
        response: list(LOOKUPS.ciudades),
      },
    },
    () =>
      db
        .select({
          id: ciudades.id,
          ciudad: ciudades.ciudad,
          departamento: departamentos.departamento,
          departamentoId: ciudades.departamento,
          lat: ciudades.lat,
          lng: ciudades.lng,
        })
        .from(ciudades)
        .innerJoin(departamentos, eq(departamentos.id, ciudades.departamento))
        .orderBy(asc(departamentos.departamento), asc(ciudades.ciudad)),
  );

  app.get('/tiposcaso', { schema: { tags: ['lookups'], response: list(LOOKUPS.tiposcaso) } }, () =>
    db.select().from(tiposcaso).orderBy(asc(tiposcaso.tipo)),
  );
  app.get(
    '/empresas',
    { schema: { tags: ['lookups'], summary: 'Active companies', response: list(LOOKUPS.empresas) } },
    () =>
      db
        .select({ id: empresas.id, empresa: empresas.empresa, nit: empresas.nit })
        .from(empresas)
        .where(eq(empresas.estado, true))
        .orderBy(asc(empresas.empresa)),
  );
};
