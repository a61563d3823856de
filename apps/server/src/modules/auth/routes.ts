import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema } from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { meResponse } from '../users/me-schema.js';
import { presentMe, presentViewer } from '../users/presenter.js';
import { staffGuard } from './guard.js';
import { login, logout } from './service.js';
import { SESSION_COOKIE } from './tokens.js';
import { clearSessionCookie } from './session.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = staffGuard(app);

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Staff sign-in; sets the session cookie',
        body: loginSchema,
        response: { 200: z.object({ user: meResponse }) },
      },
    },
    async (request, reply) => {
      const { token, user, started } = await login(app.ctx, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      const secure = app.ctx.config.cookieSecure === 'auto' ? request.protocol === 'https' : app.ctx.config.cookieSecure;
      reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
      return { user: presentMe(user, started) };
    },
  );

  app.post(
    '/logout',
    { preHandler: guard, schema: { tags: ['auth'], summary: 'Salir', response: { 204: z.null() } } },
    async (request, reply) => {
      await logout(app.ctx, viewerOf(request));
      clearSessionCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/me',
    { preHandler: guard, schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: meResponse } } },
    async (request) => presentViewer(viewerOf(request)),
  );
};
