import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asc, eq } from 'drizzle-orm';
import {
  areas,
  cargos,
  ciudades,
  departamentos,
  empresas,
  tiposcaso,
  tiposidentificacion,
} from '../../db/schema/index.js';
import { staffGuard } from '../auth/guard.js';

/** Read-only catalogues the forms need; they change rarely, so browsers may cache them. */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffGuard(app));
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'private, max-age=300');
  });
  const { db } = app.ctx;

  app.get(
    '/tiposidentificacion',
    { schema: { tags: ['lookups'], response: { 200: z.array(z.object({ id: z.string(), tipo: z.string() })) } } },
    () => db.select().from(tiposidentificacion).orderBy(asc(tiposidentificacion.id)),
  );
  app.get(
    '/cargos',
    { schema: { tags: ['lookups'], response: { 200: z.array(z.object({ cargo: z.string() })) } } },
    () => db.select({ cargo: cargos.cargo }).from(cargos).orderBy(asc(cargos.orden)),
  );
  app.get(
    '/areas',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Active areas',
        response: { 200: z.array(z.object({ id: z.string(), nombre: z.string(), value: z.string() })) },
      },
    },
    () =>
      db
        .select({ id: areas.id, nombre: areas.nombre, value: areas.value })
        .from(areas)
        .where(eq(areas.estado, true))
        .orderBy(asc(areas.nombre)),
  );
  app.get(
    '/departamentos',
    {
      schema: { tags: ['lookups'], response: { 200: z.array(z.object({ id: z.string(), departamento: z.string() })) } },
    },
    () => db.select().from(departamentos).orderBy(asc(departamentos.departamento)),
  );
  app.get(
    '/ciudades',
    {
      schema: {
        tags: ['lookups'],
        summary: 'The 1,122 municipalities with their department, ordered by department and name',
        response: {
          200: z.array(
            z.object({
              id: z.string(),
              ciudad: z.string(),
              departamento: z.string(),
              departamentoId: z.string(),
              lat: z.number(),
              lng: z.number(),
            }),
          ),
        },
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

  app.get(
    '/tiposcaso',
    { schema: { tags: ['lookups'], response: { 200: z.array(z.object({ id: z.number(), tipo: z.string() })) } } },
    () => db.select().from(tiposcaso).orderBy(asc(tiposcaso.tipo)),
  );
  app.get(
    '/empresas',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Active companies',
        response: { 200: z.array(z.object({ id: z.string(), empresa: z.string(), nit: z.string() })) },
      },
    },
    () =>
      db
        .select({ id: empresas.id, empresa: empresas.empresa, nit: empresas.nit })
        .from(empresas)
        .where(eq(empresas.estado, true))
        .orderBy(asc(empresas.empresa)),
  );
};
