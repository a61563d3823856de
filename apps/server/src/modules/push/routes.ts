import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, messageResponse, pushPublicKeyResponse } from '@vialex/domain';
import { viewerOf, type AppContext } from '../../platform/context.js';
import { deleteSubscription, saveSubscription, sendTestPush, vapidKeys } from './service.js';

const subscriptionSchema = z.object({
  endpoint: z.url().max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});

/** A browser's PushSubscription.toJSON(), as staff and clients register it. */
export const pushSubscriptionBody = z.object({ subscription: subscriptionSchema });

/** The VAPID public key (public scope: the browser asks before it signs in). */
export const pushPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public-key',
    {
      schema: {
        tags: ['push'],
        summary: 'VAPID public key for pushManager.subscribe',
        response: { 200: pushPublicKeyResponse },
      },
    },
    async () => ({ publicKey: (await vapidKeys(app.ctx)).publicKey }),
  );
};

/** One audience of the subscription route: where it hangs and whose subscription it saves. */
export interface PushAudience {
  /** The route's path under the scope's prefix. */
  path: string;
  tag: string;
  summary: string;
  /** Saves the subscription as the caller's (for their session: it ends with it). */
  save(ctx: AppContext, request: FastifyRequest, subscription: z.infer<typeof subscriptionSchema>): Promise<void>;
}

/**
 * A device's push subscription for one audience (staff under /api/push, the client under
 * /api/cliente): 204 once saved. Mounted once per audience.
 */
export const pushSubscriptionRoutes: FastifyPluginAsyncZod<{ audience: PushAudience }> = async (app, { audience }) => {
  app.post(
    audience.path,
    {
      schema: {
        tags: [audience.tag],
        summary: audience.summary,
        body: pushSubscriptionBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await audience.save(app.ctx, request, request.body.subscription);
      return reply.code(204).send(null);
    },
  );
};

/** Staff register the browser they are signed in on, as theirs. */
const staffPush: PushAudience = {
  path: '/subscription',
  tag: 'push',
  summary:
    'Register this browser for push (push services only; 409 PUSH_ENDPOINT_TAKEN when another user holds the endpoint)',
  save: (ctx, request, subscription) => saveSubscription(ctx, viewerOf(request), subscription),
};

/** This browser's push subscription and the test notification (staff scope). */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(pushSubscriptionRoutes, { audience: staffPush });
  app.delete(
    '/subscription',
    {
      schema: {
        tags: ['push'],
        summary: 'Forget a push subscription',
        body: z.object({ endpoint: z.string() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteSubscription(app.ctx, viewerOf(request).id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/test',
    {
      schema: {
        tags: ['push'],
        summary: 'Send a test notification to my devices',
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await sendTestPush(app.ctx, viewerOf(request).id);
      return { message: MSG.notificacionPruebaEnviada };
    },
  );
};
