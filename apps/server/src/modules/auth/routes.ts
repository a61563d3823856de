import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_MAX_MINUTES, loginResponse, loginSchema, meResponse } from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { presentMe, presentViewer } from '../users/presenter.js';
import { login, logout } from './service.js';
import { SESSION_COOKIE } from './tokens.js';
import { clearSessionCookie, readSessionCookie, sessionExpiresAt } from './session.js';

/** Sign-in (public scope). */
export const authPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Staff sign-in; sets the session cookie',
        body: loginSchema,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const { token, user, started } = await login(app.ctx, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      setSessionCookie(request, reply, token, sessionExpiresAt(user, started));
      return { user: presentMe(user, started) };
    },
  );
};

/** Salir and the signed-in user (staff scope). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Salir; the device's push subscription (this session's, and `endpoint` if it is the user's) is removed",
        // Optional: older callers send no body.
        body: z.object({ endpoint: z.string().max(2000).optional() }).nullish(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await logout(app.ctx, viewerOf(request), { endpoint: request.body?.endpoint });
      clearSessionCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/me',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: meResponse } } },
    async (request, reply) => {
      const viewer = viewerOf(request);
      // The session time may have changed since sign-in (ESTADO USUARIOS): the cookie follows it.
      setSessionCookie(
        request,
        reply,
        readSessionCookie(request)!,
        sessionExpiresAt(viewer.user, viewer.sessionStarted),
      );
      return presentViewer(viewer);
    },
  );
};

/**
 * The cookie outlives a closed browser for as long as the session may last, and no longer; the
 * server decides when the session ends (duracion_sesion). A browser-session cookie would be lost
 * with the browser while the session still blocks a new sign-in (one session per user).
 */
function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date) {
  const { cookieSecure } = request.server.ctx.config;
  const secure = cookieSecure === 'auto' ? request.protocol === 'https' : cookieSecure;
  const maxAge = Math.max(1, Math.min(Math.ceil((expires.getTime() - Date.now()) / 1000), SESSION_MAX_MINUTES * 60));
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge });
}
