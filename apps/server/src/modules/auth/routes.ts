import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginResponse, loginSchema, meResponse, renewSessionSchema, signInResponse } from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { plainJson } from '../../platform/plain-json.js';
import { presentMe, presentViewer } from './me-presenter.js';
import { login, logout } from './service.js';
import { renewSession } from './renew.js';
import { staffGuard } from './guard.js';
import { clearSessionCookie, readSessionCookie, sessionExpiresAt } from './session.js';
import { DEVICE_COOKIE } from './device.js';
import { setPendingCookie } from './pending-sign-in.js';
import { signInStepRoutes } from './sign-in-step-routes.js';
import { myFactorRoutes } from './my-factor-routes.js';
import { secureCookie, setDeviceCookie, setSessionCookie, setSignedInCookies } from './cookies.js';

/** Sign-in and who is signed in (public scope). */
export const authPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = staffGuard(app);
  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Staff sign-in, its password: the session (`user`), or one more step before it — the second factor (`segundoPaso`) or its setup (`configurar`), held by a short-lived cookie sent only to /api/auth/login/…',
        body: loginSchema,
        response: { 200: signInResponse },
      },
    },
    async (request, reply) => {
      const step = await login(app.ctx, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        deviceCookie: request.cookies[DEVICE_COOKIE],
      });
      if (step.kind === 'verificar') {
        setPendingCookie(reply, step.pendingToken, secureCookie(request));
        return { segundoPaso: { metodos: step.methods } };
      }
      if (step.kind === 'configurar') {
        setPendingCookie(reply, step.pendingToken, secureCookie(request));
        return { configurar: { cargo: step.cargo } };
      }
      setSignedInCookies(request, reply, step);
      return { user: presentMe(step.user, step.started) };
    },
  );

  await app.register(signInStepRoutes, { prefix: '/login' });

  // Public, so that a browser with no session cookie (a first visit to /login) is told "nobody"
  // (200 null) instead of a 401, which browsers report as a console error on every visit. A
  // cookie whose session is gone is still 401 (NO_SESSION, SESSION_ENDED): the tab says so.
  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user; null without a session cookie',
        response: { 200: meResponse.nullable() },
      },
      // Every signed-in page load asks: presentMe builds exactly the documented shape, written as
      // it is (plainJson), not encoded again by zod.
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      const token = readSessionCookie(request);
      if (!token) return null;
      await guard(request, reply);
      const viewer = viewerOf(request);
      // The session time may have changed since sign-in (ESTADO USUARIOS): the cookie follows it.
      setSessionCookie(request, reply, token, sessionExpiresAt(viewer.user, viewer.sessionStarted));
      return presentViewer(viewer);
    },
  );
};

/** Seguir conectado, Salir and Mi perfil's second factor (staff scope). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(myFactorRoutes, { prefix: '/segundo-factor' });

  // Under /login so that the trusted-device cookie (sent only to /api/auth/login) comes along.
  app.post(
    '/login/renew',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Seguir conectado: the password again starts the same session over (its minutes count from now); 401 BAD_CREDENTIALS counts as a failed sign-in',
        body: renewSessionSchema,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const { user, started, deviceCookie } = await renewSession(app.ctx, viewerOf(request), {
        password: request.body.password,
        ip: request.ip,
        deviceCookie: request.cookies[DEVICE_COOKIE],
      });
      setDeviceCookie(request, reply, deviceCookie);
      // The same cookie, kept as long as the session now may last.
      setSessionCookie(request, reply, readSessionCookie(request)!, sessionExpiresAt(user, started));
      return { user: presentMe(user, started) };
    },
  );

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
};
