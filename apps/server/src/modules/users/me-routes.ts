import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  availabilitySchema,
  changePasswordSchema,
  gpsSchema,
  locationSchema,
  meResponse,
  messageResponse,
} from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { staffGuard } from '../auth/guard.js';
import { readSessionCookie } from '../auth/session.js';
import { hashSessionToken } from '../auth/tokens.js';
import { presentMe } from '../auth/me-presenter.js';
import { passwordRateLimit } from './password-limits.js';
import { recordLocation } from './positions.js';
import { changeOwnPassword, setGps, setOwnAvailability } from './service.js';

/** What a signed-in user changes about themselves: password, availability, position. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = staffGuard(app);
  const limit = passwordRateLimit(app.ctx);

  app.put(
    '/password',
    {
      schema: {
        tags: ['me'],
        summary: 'Change own password (the current one is checked); one at a time and 10 per 10 minutes per user',
        body: changePasswordSchema,
        response: { 200: messageResponse },
      },
    },
    async (request, reply) => {
      const { currentPassword, password } = request.body;
      await limit('own', request, reply, () =>
        changeOwnPassword(app.ctx.db, viewerOf(request), currentPassword, password),
      );
      return { message: MSG.exito };
    },
  );

  app.put(
    '/availability',
    {
      schema: {
        tags: ['me'],
        summary: 'Pick own availability',
        body: availabilitySchema,
        response: { 200: meResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const user = await setOwnAvailability(app.ctx, viewer, request.body.disponibilidad);
      return presentMe(user, viewer.sessionStarted);
    },
  );

  // The location route checks the session inside its own UPDATE (one round trip at 250+/s): the
  // staff hook only refuses a request without a cookie, before the body is looked at.
  app.put(
    '/location',
    {
      config: { sessionCheckedByRoute: true },
      schema: {
        tags: ['me'],
        summary: 'Device position (every 4 s)',
        body: locationSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const token = readSessionCookie(request);
      const updated = token
        ? await recordLocation(app.ctx, {
            session: hashSessionToken(token),
            lat: request.body.lat,
            long: request.body.long,
          })
        : false;
      // No row updated: let the guard say why (no session, expired, forced out, …).
      if (!updated) await guard(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/gps',
    {
      schema: {
        tags: ['me'],
        summary: 'Whether the device shares its location',
        body: gpsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await setGps(app.ctx, viewerOf(request), request.body.gps);
      return reply.code(204).send(null);
    },
  );
};
