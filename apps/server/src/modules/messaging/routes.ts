import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, caseSmsResponse, sendSmsResponse, sendSmsSchema } from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { caseSms, sendCaseSms } from './service.js';

const params = z.object({ id: z.uuid({ error: MSG.casoNoExiste }) });

/**
 * The origin the client's short links are built on: PUBLIC_URL, else the first of APP_ORIGINS —
 * never a request's Host header, which a proxy may pass on from anyone. With neither, only the
 * outbox can be in use (a real provider stops the start: sms-config.ts), whose messages leave
 * nobody's hands: there the staff request's own origin lets the demo open its links.
 */
function originOf(request: FastifyRequest): string {
  const { publicUrl, appOrigins } = request.server.ctx.config;
  return publicUrl ?? appOrigins[0] ?? `${request.protocol}://${request.host}`;
}

/** The SMS panel of a case (DATOS DEL CASO): read the outbox, send. */
export const caseSmsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/sms',
    {
      schema: {
        tags: ['casos'],
        summary: "SMS panel: whether Send SMS is offered, the client's mobile, the messages sent",
        params,
        response: { 200: caseSmsResponse },
      },
    },
    async (request) => caseSms(app.ctx, viewerOf(request), request.params.id, originOf(request)),
  );

  app.post(
    '/:id/sms',
    {
      schema: {
        tags: ['casos'],
        summary:
          "Send the client the SMS with a new case link (502 'No se logró enviar el SMS' when the provider fails; 429 over the SMS limits)",
        params,
        body: sendSmsSchema,
        response: { 200: sendSmsResponse },
      },
    },
    async (request, reply) => ({
      message: MSG.smsEnviado,
      mensaje: await sendCaseSms(
        app.ctx,
        viewerOf(request),
        request.params.id,
        request.body.telefono,
        originOf(request),
        (seconds) => void reply.header('retry-after', String(seconds)),
      ),
    }),
  );
};
