import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_MAX_MINUTES, loginResponse, loginSchema, meResponse, renewSessionSchema } from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { presentMe, presentViewer } from '../users/presenter.js';
import { login, logout } from './service.js';
import { renewSession } from './renew.js';
import { staffGuard } from './guard.js';
import { SESSION_COOKIE } from './tokens.js';
import { clearSessionCookie, readSessionCookie, sessionExpiresAt } from './session.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH } from './device.js';

/** Sign-in and who is signed in (public scope). */
export const authPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = staffGuard(app);
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
      const { token, user, started, deviceCookie } = await login(app.ctx, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        deviceCookie: request.cookies[DEVICE_COOKIE],
      });
      // Before the session cookie: callers reading Set-Cookie as one string find the session's last.
      setDeviceCookie(request, reply, deviceCookie);
      setSessionCookie(request, reply, token, sessionExpiresAt(user, started));
      return { user: presentMe(user, started) };
    },
  );

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

/** Seguir conectado and Salir (staff scope). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
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

/**
 * The cookie outlives a closed browser for as long as the session may last, and no longer; the
 * server decides when the session ends (duracion_sesion). A browser-session cookie would be lost
 * with the browser while the session still blocks a new sign-in (one session per user).
 */
function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date) {
  const secure = secureCookie(request);
  const maxAge = Math.max(1, Math.min(Math.ceil((expires.getTime() - Date.now()) / 1000), SESSION_MAX_MINUTES * 60));
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge });
}

/**
 * The trusted-device cookie (device.ts): sent only with sign-ins, for LOGIN_DEVICE_DAYS; Salir
 * leaves it, so the device stays trusted.
 */
function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string) {
  const maxAge = request.server.ctx.config.login.deviceDays * 86_400;
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie(request),
    path: DEVICE_COOKIE_PATH,
    maxAge,
  });
}

/** COOKIE_SECURE, or with 'auto' whether the request came over HTTPS. */
function secureCookie(request: FastifyRequest): boolean {
  const { cookieSecure } = request.server.ctx.config;
  return cookieSecure === 'auto' ? request.protocol === 'https' : cookieSecure;
}
