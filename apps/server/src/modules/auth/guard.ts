import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { clearSessionCookie, loadViewer, readSessionCookie } from './session.js';

/**
 * onRequest hook for staff routes: a live session or 401 (and the stale cookie is dropped). It runs
 * before the body is read or validated, so a signed-out caller gets 401 first.
 */
export function staffGuard(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      request.viewer = await loadViewer(app.ctx.db, app.ctx.hub, readSessionCookie(request));
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 401) clearSessionCookie(reply);
      throw err;
    }
  };
}
