import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_FILES_MAX,
  MSG,
  clientCaseResponse,
  clientEntryInfoResponse,
  clientEntryResponse,
  clientEntrySchema,
  clientMeResponse,
  messageResponse,
} from '@vialex/domain';
import { caseMapViewRoutes, type MapAudience } from '../case-map/routes.js';
import { loadClientMap } from '../case-map/service.js';
import { chatRoomRoutes, type RoomAudience } from '../chat/room-routes.js';
import { openRoomForClient } from '../chat/service.js';
import { pushSubscriptionRoutes, type PushAudience } from '../push/routes.js';
import { saveClientSubscription } from '../push/service.js';
import {
  clearClientCookie,
  endClientSession,
  loadClient,
  setClientCookie,
  type ClientViewer,
} from './client-session.js';
import { entryInfo, enterWithLink } from './entry-service.js';
import { loadClientCase } from './client-case.js';
import { clientLiveRoutes } from './client-live.js';

const me = (client: ClientViewer) => ({
  caseId: client.caseId,
  caso: client.caso,
  nombre: client.nombre,
  expira: client.expira.toISOString(),
});

/**
 * The client's entry page's calls (public: the client has no session yet), under
 * /api/cliente/entrada: what the link opens, and entering it (spec 3 §2, §7).
 */
export const clientEntryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/:token',
    {
      schema: {
        tags: ['cliente'],
        summary:
          "The case a client's link opens ('El caso no existe' for a forged, expired or revoked one) and the privacy notice its driver is asked to authorise",
        params: z.object({ token: z.string().max(400) }),
        response: { 200: clientEntryInfoResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const { caso, privacidad } = await entryInfo(ctx, request.params.token);
      return { caso, privacidad };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['cliente'],
        summary:
          "Enter the case: the driver's authorisation of their data (422 without it), the client session (its own cookie), Recibido → Verificado, the automatic assignment",
        body: clientEntrySchema,
        response: { 200: clientEntryResponse },
      },
    },
    async (request, reply) => {
      const result = await enterWithLink(ctx, request.body, request.ip);
      setClientCookie(request, reply, result.token, result.expira);
      const client = await loadClient(ctx, result.token);
      return { ...me(client), asignacion: result.asignacion, aviso: result.aviso };
    },
  );
};

function clientOf(request: { client: ClientViewer | null }): ClientViewer {
  if (!request.client) throw new Error('route is missing the client guard');
  return request.client;
}

/** The client opens their case's general room only, as its client (chat/room-routes.ts). */
const clientRoom: RoomAudience = {
  path: '/chat',
  tag: 'cliente',
  summary: {
    read: "The case's general chat room and a page of its messages (as the staff route)",
    send: 'Send a text to the general room',
    files: `Send files to the general room (multipart: clientId, content?, replyTo?, 1–${CHAT_FILES_MAX} \`archivos\`)`,
    marks: 'Read up to a message',
    file: "A file of the case's general room",
  },
  open: (ctx, request) => openRoomForClient(ctx, clientOf(request)),
  // Nobody adds the client to the room: they become a member when they first read it.
  joinsOnRead: true,
};

/** The client reads their own case's map, without staff's actions (case-map/routes.ts). */
const clientMap: MapAudience = {
  path: '',
  tag: 'cliente',
  summary: { map: "The case's map", address: "The address of a point of the case's map" },
  load: (ctx, request) => loadClientMap(ctx, clientOf(request).caseId),
};

/** The client's phone, for their session (push/routes.ts). */
const clientPush: PushAudience = {
  path: '/push',
  tag: 'cliente',
  summary: "The client's phone's push subscription (clientes.tokenPush), until their session ends",
  async save(ctx, request, subscription) {
    const client = clientOf(request);
    // A case without a client row has nobody to push to.
    if (client.id !== client.caseId) await saveClientSubscription(ctx, client, subscription);
  },
};

/**
 * The client's routes under /api/cliente (client scope): their case's information, its general
 * chat room, its map, their phone's push subscription, their live channel, and leaving. The room,
 * the map and push are the staff's routes mounted with the client's access. Nothing else of the
 * product answers them.
 */
export const clientCaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/yo',
    { schema: { tags: ['cliente'], summary: "The client's session", response: { 200: clientMeResponse } } },
    async (request) => me(clientOf(request)),
  );

  app.get(
    '/caso',
    {
      schema: {
        tags: ['cliente'],
        summary: 'What the client sees of their case: the información tab and the status card',
        response: { 200: clientCaseResponse },
      },
    },
    async (request) => loadClientCase(ctx, clientOf(request).caseId),
  );

  await app.register(chatRoomRoutes, { audience: clientRoom });
  await app.register(caseMapViewRoutes, { audience: clientMap });
  await app.register(pushSubscriptionRoutes, { audience: clientPush });

  app.post(
    '/salir',
    {
      schema: {
        tags: ['cliente'],
        summary: 'Leave the case (the link opens it again)',
        response: { 200: messageResponse },
      },
    },
    async (request, reply) => {
      const client = clientOf(request);
      await endClientSession(ctx, client.sessionId, 'logout');
      clearClientCookie(reply);
      return { message: MSG.sesionClienteCerrada };
    },
  );

  await app.register(clientLiveRoutes);
};
