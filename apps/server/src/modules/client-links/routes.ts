import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, maySendSms, messageResponse } from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { conflict, notFound } from '../../platform/errors.js';
import { enforce } from '../../platform/policy.js';
import { inScope } from '../cases/queries.js';
import { resolveShortCode, revokeClientLink } from './service.js';
import { endCaseClientSessions } from './client-session.js';

/**
 * Vialex's own short links (decisions.md D9, replacing spec 2 §7 acortar_url): /s/{code}
 * redirects (302) to the client's entry page with the case link's token. An unknown code gets
 * the not-found page (the web app's, when it is served), or 404 JSON for a client that does not
 * ask for HTML. Public: the client has no session.
 */
export const shortLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/s/:code',
    {
      schema: {
        // A redirect for phones, not an API operation: left out of /api/docs.
        hide: true,
        tags: ['enlaces'],
        summary: "Short link of an SMS: 302 to the client's entry page /login/auth-cliente/{token}",
        params: z.object({ code: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const token = await resolveShortCode(app.ctx, request.params.code);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (token) return reply.redirect(`/login/auth-cliente/${encodeURIComponent(token)}`, 302);
      // A browser gets the app, which shows its not-found page for this path, with the 404 status.
      if (request.headers.accept?.includes('text/html') && app.hasReplyDecorator('sendFile'))
        return reply.code(404).sendFile('index.html');
      throw notFound(MSG.enlaceNoExiste);
    },
  );
};

const params = z.object({
  id: z.uuid({ error: MSG.casoNoExiste }),
  enlace: z.uuid({ error: MSG.enlaceNoExiste }),
});

/**
 * Staff revoke a case link they issued by SMS, or end the client's session on the case: the SMS
 * desk, on a case in their list.
 */
export const clientLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/enlaces/:enlace/revocar',
    { schema: { tags: ['casos'], summary: "Revoke a client's case link", params, response: { 200: messageResponse } } },
    async (request) => {
      const viewer = viewerOf(request);
      enforce(maySendSms(viewer));
      if (!(await inScope(app.ctx.db, viewer, request.params.id))) throw notFound(MSG.casoNoExiste);
      await revokeClientLink(app.ctx, request.params.id, request.params.enlace, viewer);
      return { message: MSG.enlaceRevocado };
    },
  );

  app.post(
    '/:id/sesion-cliente/terminar',
    {
      schema: {
        tags: ['casos'],
        summary: "End the client's session on the case (their phone leaves it; the link opens it again)",
        params: params.pick({ id: true }),
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      // Who may revoke a link may also put the client out of the case.
      enforce(maySendSms(viewer));
      if (!(await inScope(app.ctx.db, viewer, request.params.id))) throw notFound(MSG.casoNoExiste);
      if ((await endCaseClientSessions(app.ctx, viewer, request.params.id)) === 0)
        throw conflict('NO_CLIENT_SESSION', MSG.clienteSinSesion);
      return { message: MSG.sesionClienteFinalizada };
    },
  );
};
