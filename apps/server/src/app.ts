import { STATUS_CODES } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { MSG } from '@vialex/domain';
import type { AppContext } from './platform/context.js';
import { body, installErrorHandler } from './platform/errors.js';
import { RequestLog, loggerOptions } from './platform/logging.js';
import { installRequestGuards } from './platform/request-guards.js';
import { installCompression, serveWeb } from './platform/static-assets.js';
import { installMetrics } from './platform/metrics.js';
import { SERVICE_RESTART } from './platform/live-hub.js';
import { staffGuard } from './modules/auth/guard.js';
import { noSession, readSessionCookie } from './modules/auth/session.js';
import type { Viewer } from './platform/viewer.js';
import { authPublicRoutes, authRoutes } from './modules/auth/routes.js';
import { meRoutes } from './modules/users/me-routes.js';
import { pushPublicRoutes, pushRoutes } from './modules/push/routes.js';
import { liveRoutes } from './modules/live/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { testRoutes } from './modules/system/test-routes.js';
import { clientRoutes } from './modules/clients/routes.js';
import { lookupRoutes } from './modules/lookups/routes.js';
import { userAdminRoutes, userStatusRoutes } from './modules/users/admin-routes.js';
import { caseRoutes, cronosRoutes } from './modules/cases/routes.js';
import { caseStatusRoutes } from './modules/cases/status-routes.js';
import { workspaceRoutes } from './modules/cases/workspace-routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { caseSmsRoutes } from './modules/messaging/routes.js';
import { clientLinkRoutes, shortLinkRoutes } from './modules/client-links/routes.js';
import { exportListRoutes, exportRoutes } from './modules/exports/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { chatRoutes } from './modules/chat/routes.js';
import { caseMapRoutes } from './modules/case-map/routes.js';
import { vehicleRoutes } from './modules/vehicles/routes.js';
import { areaRoutes, caseStatusCatalogueRoutes, companyRoutes } from './modules/catalogues/routes.js';
import { clientCaseRoutes, clientEntryRoutes } from './modules/client-links/client-routes.js';
import { clientEntryPageRoute } from './modules/client-links/entry-page-route.js';
import { dashboardRoutes, reportRoutes, statisticsRoutes } from './modules/reports/routes.js';
import { dataSubjectRoutes } from './modules/data-subject/routes.js';
import { rememberRequestAddress } from './modules/audit/request-address.js';
import { loadClient, readClientCookie, type ClientViewer } from './modules/client-links/client-session.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff user: set by the staff scope's hook, null elsewhere (read it with viewerOf). */
    viewer: Viewer | null;
    /** The client of the client scope (their one case): set by its hook, null elsewhere. */
    client: ClientViewer | null;
  }
}

/** Builds the HTTP app: external plugins, then application plugins, then route modules. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(ctx.config.logLevel, ctx.config.logStream),
    logController: new RequestLog(),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Requests Node's HTTP parser refuses before Fastify sees them (headers too large, …) get the
    // same Spanish JSON shape as every other refusal.
    clientErrorHandler(err: Error & { code?: string }, socket) {
      if (!socket.writable) return socket.destroy();
      const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const json = JSON.stringify(
        body(status, err.code ?? 'BAD_REQUEST', status === 431 ? MSG.encabezadosMuyGrandes : MSG.solicitudNoValida),
      );
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
      );
    },
    // What the router refuses before any route (a path segment longer than maxParamLength, a
    // malformed %-escape) gets the same Spanish shape too.
    frameworkErrors(error, _request, reply) {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const message = status === 414 ? MSG.direccionMuyLarga : MSG.direccionNoValida;
      // Typed for the routes' schemas; this reply belongs to no route.
      void (reply as unknown as FastifyReply)
        .code(status)
        .type('application/json; charset=utf-8')
        .send(body(status, error.code, message));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  app.decorate('ctx', ctx);
  app.decorateRequest('viewer', null);
  app.decorateRequest('client', null);

  await app.register(cookie);
  // A stopping server closes its live sockets with 1012 (service restart): clients reconnect,
  // to another instance behind the proxy, and resubscribe. A frame ws refuses is logged at debug.
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    preClose: closeLiveSockets,
    errorHandler: liveSocketError,
  });
  // After @fastify/websocket's own hook, which marks an upgrade so that a refused one (another
  // site's Origin) gets its socket closed.
  installRequestGuards(app, ctx.config);
  // Before the scopes, so that its onSend hook applies to every route.
  installCompression(app);
  // Before the scopes too: its latency hook sees every route.
  installMetrics(app, ctx);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vialex API',
        version: '1.0.0',
        description: 'API de Vialex. Autenticación por cookie de sesión (vialex_sid).',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(publicScope);
  await app.register(staffScope);
  await app.register(clientScope);

  await app.register(clientEntryPageRoute, { webDist: ctx.config.webDist, serveWeb: ctx.config.serveWeb });
  await serveWeb(app, ctx.config);
  return app;
}

/**
 * @fastify/websocket's preClose with the restart close code (its default closes with none). A
 * socket whose device does not answer the close within LIVE_CLOSE_GRACE_MS is cut: the stop waits
 * for every connection, and ws's own wait (30 s) would outlast SHUTDOWN_TIMEOUT_MS.
 */
function closeLiveSockets(this: FastifyInstance, done: () => void): void {
  const clients = [...this.websocketServer.clients];
  for (const client of clients) client.close(SERVICE_RESTART, 'server restarting');
  if (clients.length > 0)
    setTimeout(() => {
      for (const client of clients) if (client.readyState !== client.CLOSED) client.terminate();
    }, this.ctx.config.liveCloseGraceMs).unref();
  this.websocketServer.close();
  done();
}

/**
 * @fastify/websocket's errorHandler: what a live socket emits as 'error', and what its handler
 * throws. A frame ws refuses (text that is not UTF-8, a message over maxPayload, a bad opcode or
 * close code: ws's `WS_ERR_*` codes) is the client's doing, and any signed-in user could send
 * thousands: it is logged at debug level, without a stack (ws has already sent the close: 1007,
 * 1009, 1002). Anything else is ours and logged as an error. Either way the socket is cut, as the
 * plugin's own handler does.
 */
function liveSocketError(this: FastifyInstance, err: Error, socket: WebSocket, request: FastifyRequest): void {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('WS_ERR_'))
    request.log.debug({ code, reason: err.message }, 'live: malformed frame refused');
  else request.log.error({ err }, 'live: socket error');
  socket.terminate();
}

/**
 * /api/docs (Swagger UI, its files and the OpenAPI JSON) as API_DOCS says: by default only to a
 * signed-in staff session (the staff scope's guard: 401 otherwise), to anyone with `public`, to
 * nobody with `off` (404). Its own scope, so the guard covers every route the UI registers.
 */
const apiDocsScope: FastifyPluginAsyncZod = async (app) => {
  const mode = app.ctx.config.apiDocs;
  if (mode === 'off') return;
  if (mode === 'staff') app.addHook('onRequest', staffGuard(app));
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
};

/**
 * Public and machine routes: no session. Health, sign-in, the push public key, the API docs
 * (by API_DOCS: signed-in staff only by default), Cronos (its own API key, checked by its routes'
 * hook before the body is read) and, under NODE_ENV=test only, the browser tests' helpers.
 */
const publicScope: FastifyPluginAsyncZod = async (app) => {
  await app.register(apiDocsScope);
  await app.register(systemRoutes, { prefix: '/api' });
  await app.register(authPublicRoutes, { prefix: '/api/auth' });
  await app.register(pushPublicRoutes, { prefix: '/api/push' });
  await app.register(cronosRoutes, { prefix: '/api/cronos' });
  await app.register(shortLinkRoutes);
  await app.register(clientEntryRoutes, { prefix: '/api/cliente/entrada' });
  if (app.ctx.config.isTest) await app.register(testRoutes, { prefix: '/api/test' });
};

/**
 * Staff routes: one onRequest hook checks the session before the body is read or validated, so
 * a signed-out caller gets 401 first, and sets request.viewer. A route that checks the session
 * inside its own statement (the location update, 250+ a second) says so with
 * `config: { sessionCheckedByRoute: true }`: the hook then only refuses a request without a
 * session cookie, and the route calls the guard itself when its statement found no session.
 */
const staffScope: FastifyPluginAsyncZod = async (app) => {
  const guard = staffGuard(app);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.sessionCheckedByRoute) return guard(request, reply);
    if (!readSessionCookie(request)) throw noSession();
  });
  // After the guard: the audit records of the request's acts name the address it came from.
  app.addHook('preHandler', rememberRequestAddress);
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(meRoutes, { prefix: '/api/me' });
  await app.register(pushRoutes, { prefix: '/api/push' });
  await app.register(liveRoutes, { prefix: '/api' });
  await app.register(lookupRoutes, { prefix: '/api/lookups' });
  await app.register(clientRoutes, { prefix: '/api/clientes' });
  await app.register(userAdminRoutes, { prefix: '/api/usuarios' });
  await app.register(userStatusRoutes, { prefix: '/api/estado-usuarios' });
  await app.register(caseRoutes, { prefix: '/api/casos' });
  await app.register(caseStatusRoutes, { prefix: '/api/casos' });
  await app.register(workspaceRoutes, { prefix: '/api/casos' });
  await app.register(notificationRoutes, { prefix: '/api/notificaciones' });
  await app.register(caseSmsRoutes, { prefix: '/api/casos' });
  await app.register(clientLinkRoutes, { prefix: '/api/casos' });
  await app.register(exportRoutes, { prefix: '/api/casos' });
  await app.register(exportListRoutes, { prefix: '/api/exportaciones' });
  // AUDITORÍA: the Administrador's trail (its own 403 for every other cargo).
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(chatRoutes, { prefix: '/api' });
  await app.register(caseMapRoutes, { prefix: '/api/casos' });
  await app.register(vehicleRoutes, { prefix: '/api/vehiculos' });
  await app.register(companyRoutes, { prefix: '/api/empresas' });
  await app.register(areaRoutes, { prefix: '/api/areas' });
  await app.register(caseStatusCatalogueRoutes, { prefix: '/api/estados-caso' });
  await app.register(reportRoutes, { prefix: '/api/reportes' });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard' });
  await app.register(statisticsRoutes, { prefix: '/api/estadisticas' });
  await app.register(dataSubjectRoutes, { prefix: '/api/clientes' });
};

/**
 * Client routes: the driver who entered their case from the SMS link (spec 3 §2). One onRequest
 * hook loads the client session of their own cookie (never a staff session) before the body is
 * read: 401 without one, and the session ends 120 minutes after the entry. Only their case's
 * information, general chat room, map and live channel are here.
 */
const clientScope: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    request.client = await loadClient(app.ctx, readClientCookie(request));
  });
  await app.register(clientCaseRoutes, { prefix: '/api/cliente' });
};
