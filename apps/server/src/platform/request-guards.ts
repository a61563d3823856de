import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@vialex/domain';
import type { Config } from '../config.js';
import { AppError, badRequest } from './errors.js';
import { isOwnOrigin } from './origin.js';
import { securityHeaders } from './security-headers.js';

/** True when any string in the value (at any depth) holds a NUL character. */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin a browser says the request comes from: Origin, else the Referer's origin. */
function claimedOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (typeof origin === 'string') return origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

const HSTS = 'max-age=31536000; includeSubDomains';

const isUpgrade = (request: FastifyRequest) => request.headers.upgrade?.toLowerCase() === 'websocket';

/**
 * Checks and headers of every request, before its route sees it. Synchronous hooks on purpose:
 * every request pays for them.
 * - the security headers (helmet's, computed once: security-headers.ts), and HSTS over https;
 * - API answers carry personal data, so they are not stored by browsers or proxies unless the
 *   route says otherwise (the lookups set their own caching);
 * - a state-changing request that a browser sent from another site (its Origin, or Referer,
 *   is not this app's) is refused: a cookie alone is not consent. Requests with neither header
 *   come from non-browser clients (Cronos with its key, the admin tools) and pass;
 * - so is a WebSocket upgrade (the live channel) whose Origin is not this app's: the session
 *   cookie rides along on any site's WebSocket, so another site could otherwise listen in on a
 *   signed-in user (cross-site WebSocket hijacking). It is refused here, before the session
 *   check, as the live route did itself; clients without an Origin go on to the session check;
 * - a NUL character in any text (body, query, params) is refused once here, for every route —
 *   PostgreSQL cannot store it in text and would answer with an error.
 */
export function installRequestGuards(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);

  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (!request.url.startsWith('/api/')) return done();
    reply.header('cache-control', 'no-store');
    if (isUpgrade(request)) {
      if (request.headers.origin === undefined || isOwnOrigin(request, config)) return done();
      request.log.info({ code: 'ORIGIN_NOT_ALLOWED' }, 'live upgrade from another origin refused');
      return done(new AppError(403, 'ORIGIN_NOT_ALLOWED', MSG.noAutorizado));
    }
    if (!STATE_CHANGING.has(request.method)) return done();
    const claimed = claimedOrigin(request);
    if (
      claimed !== undefined &&
      !isOwnOrigin({ headers: { origin: claimed }, protocol: request.protocol, host: request.host }, config)
    ) {
      return done(new AppError(403, 'FOREIGN_ORIGIN', MSG.origenNoPermitido));
    }
    done();
  });

  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNul(request.body) || hasNul(request.query) || hasNul(request.params))
      return done(badRequest(MSG.caracteresNoPermitidos));
    done();
  });
}
