import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  USER_LIST,
  USER_STATUS_LIST,
  USER_STATUS_VISIBLE,
  canWriteUsers,
  createUserSchema,
  loginStateSchema,
  resetPasswordSchema,
  sessionTimeSchema,
  updateUserSchema,
  userAvailabilitySchema,
  userCitiesSchema,
  visibleUserCargos,
  listQuerySchema,
  messageResponse,
  sessionTimeResponse,
  userPageResponse,
  userResponse,
} from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { forbidden } from '../../platform/errors.js';
import { passwordRateLimit } from './password-limits.js';
import { userPhotoRoutes } from './photo-routes.js';
import { presentUser } from './admin-presenter.js';
import { USER_FILTERS, USER_STATUS_FILTERS, listUsers } from './queries.js';
import {
  createUser,
  deactivateUser,
  forceLogout,
  setSessionTime,
  setUserAvailability,
  setUserCities,
  setUserPassword,
  updateUser,
} from './admin-service.js';

const idParams = z.object({ id: z.uuid({ error: MSG.usuarioNoExiste }) });

/** LISTA DE USUARIOS (/api/usuarios). */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = passwordRateLimit(app.ctx);
  await app.register(userPhotoRoutes);

  app.get(
    '/',
    {
      schema: {
        tags: ['usuarios'],
        summary: "Users the viewer's cargo may see",
        querystring: listQuerySchema,
        response: { 200: userPageResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const cargos = visibleUserCargos(viewer.cargo);
      if (!cargos.length) throw forbidden();
      const page = await listUsers(
        app.ctx.db,
        cargos,
        USER_FILTERS,
        request.query,
        request.query.limit ?? USER_LIST.defaultPageSize,
      );
      return {
        ...page,
        rows: page.rows.map((r) => presentUser(r, viewer)),
        permissions: { write: canWriteUsers(viewer.cargo) },
      };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['usuarios'],
        summary: 'Create a user and its sign-in account (password routes: one at a time per user)',
        body: createUserSchema,
        response: { 201: userResponse },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const created = await limit('admin', request, reply, () => createUser(app.ctx, viewer, request.body));
      return reply.code(201).send(presentUser(created, viewer));
    },
  );

  app.put(
    '/:id',
    { schema: { tags: ['usuarios'], params: idParams, body: updateUserSchema, response: { 200: userResponse } } },
    async (request) => {
      const viewer = viewerOf(request);
      return presentUser(await updateUser(app.ctx, viewer, request.params.id, request.body), viewer);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['usuarios'],
        summary: 'Deactivate (estado false)',
        params: idParams,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return presentUser(await deactivateUser(app.ctx, viewer, request.params.id), viewer);
    },
  );

  app.put(
    '/:id/ciudades',
    {
      schema: {
        tags: ['usuarios'],
        summary: 'Assign cities (Abogado, Investigador)',
        params: idParams,
        body: userCitiesSchema,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return presentUser(await setUserCities(app.ctx, viewer, request.params.id, request.body.ciudades), viewer);
    },
  );

  app.put(
    '/:id/password',
    {
      schema: {
        tags: ['usuarios'],
        summary:
          "Change another user's password (Administrador); ends their session; `quitarSegundoFactor` also removes their second factor (recorded)",
        params: idParams,
        body: resetPasswordSchema,
        response: { 200: messageResponse },
      },
    },
    async (request, reply) => {
      await limit('admin', request, reply, () =>
        setUserPassword(app.ctx, viewerOf(request), request.params.id, request.body.password, {
          quitarSegundoFactor: request.body.quitarSegundoFactor,
        }),
      );
      return { message: MSG.exito };
    },
  );
};

/** ESTADO USUARIOS (/api/estado-usuarios). */
export const userStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags: ['estado-usuarios'], querystring: listQuerySchema, response: { 200: userPageResponse } } },
    async (request) => {
      const viewer = viewerOf(request);
      const cargos = USER_STATUS_VISIBLE[viewer.cargo];
      if (!cargos.length) throw forbidden();
      const page = await listUsers(
        app.ctx.db,
        cargos,
        USER_STATUS_FILTERS,
        request.query,
        request.query.limit ?? USER_STATUS_LIST.defaultPageSize,
      );
      return { ...page, rows: page.rows.map((r) => presentUser(r, viewer)), permissions: { write: true } };
    },
  );

  app.put(
    '/:id/disponibilidad',
    {
      schema: {
        tags: ['estado-usuarios'],
        params: idParams,
        body: userAvailabilitySchema,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return presentUser(
        await setUserAvailability(app.ctx, viewer, request.params.id, request.body.disponibilidad),
        viewer,
      );
    },
  );

  app.put(
    '/:id/login',
    {
      schema: {
        tags: ['estado-usuarios'],
        summary: 'DESLOGUEAR: force the user out',
        params: idParams,
        body: loginStateSchema,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return presentUser(await forceLogout(app.ctx, viewer, request.params.id), viewer);
    },
  );

  app.put(
    '/:id/duracion-sesion',
    {
      schema: {
        tags: ['estado-usuarios'],
        summary: 'Session time for the user or all users of its cargo',
        params: idParams,
        body: sessionTimeSchema,
        response: { 200: sessionTimeResponse },
      },
    },
    async (request) => {
      const updated = await setSessionTime(
        app.ctx,
        viewerOf(request),
        request.params.id,
        request.body.alcance,
        request.body.minutos,
      );
      return { message: 'Operación Exitosa', updated };
    },
  );
};
