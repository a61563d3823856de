import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_FILES_MAX,
  MSG,
  caseMapResponse,
  chatPageQuery,
  chatPageResponse,
  chatReadResponse,
  chatReadSchema,
  chatSendResponse,
  chatSendSchema,
  clientCaseResponse,
  clientEntryInfoResponse,
  clientEntryResponse,
  clientEntrySchema,
  clientMeResponse,
  mapAddressQuery,
  mapAddressResponse,
  messageResponse,
} from '@vialex/domain';
import { loadClientMap, mapAddress } from '../case-map/service.js';
import { presentMessage, readRoom } from '../chat/messages.js';
import { sendMessage } from '../chat/send-service.js';
import { chatMultipartLimits, markRead, sendFiles, serveRoomFile } from '../chat/room-actions.js';
import { joinRoom, openRoomForClient } from '../chat/service.js';
import { fileResponseSchema } from '../files/service.js';
import {
  clearClientCookie,
  endClientSession,
  loadClient,
  setClientCookie,
  type ClientViewer,
} from './client-session.js';
import { entryInfo, enterWithLink } from './entry-service.js';
import { pushSubscriptionBody } from '../push/routes.js';
import { saveClientSubscription } from '../push/service.js';
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

/**
 * The client's routes under /api/cliente (client scope): their case's information, its general
 * chat room, its map, their live channel, and leaving. Nothing else of the product answers them.
 */
export const clientCaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  await app.register(multipart, { limits: chatMultipartLimits(ctx.config.uploadMaxMb) });

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

  app.get(
    '/chat',
    {
      schema: {
        tags: ['cliente'],
        summary: "The case's general chat room and a page of its messages (as the staff route)",
        querystring: chatPageQuery,
        response: { 200: chatPageResponse },
      },
    },
    async (request) => {
      const open = await openRoomForClient(ctx, clientOf(request));
      await joinRoom(ctx.db, open.room.id, open.sender);
      return readRoom(ctx, open, request.query);
    },
  );

  app.post(
    '/chat/mensajes',
    {
      schema: {
        tags: ['cliente'],
        summary: 'Send a text to the general room',
        body: chatSendSchema,
        response: { 200: chatSendResponse },
      },
    },
    async (request) => {
      const open = await openRoomForClient(ctx, clientOf(request));
      const { row, repetido } = await sendMessage(ctx, open, request.body);
      return { mensaje: presentMessage(open.caso.id, 'general', row, open.sender.id), repetido };
    },
  );

  app.post(
    '/chat/archivos',
    {
      schema: {
        tags: ['cliente'],
        summary: `Send files to the general room (multipart: clientId, content?, replyTo?, 1–${CHAT_FILES_MAX} \`archivos\`)`,
        response: { 200: chatSendResponse },
      },
    },
    async (request) => sendFiles(ctx, request, await openRoomForClient(ctx, clientOf(request))),
  );

  app.post(
    '/chat/leidos',
    {
      schema: {
        tags: ['cliente'],
        summary: 'Read up to a message',
        body: chatReadSchema,
        response: { 200: chatReadResponse },
      },
    },
    async (request) => markRead(ctx, await openRoomForClient(ctx, clientOf(request)), request.body.hasta),
  );

  app.get(
    '/chat/archivos/:archivoId',
    {
      schema: {
        tags: ['cliente'],
        summary: "A file of the case's general room",
        params: z.object({ archivoId: z.uuid({ error: MSG.documentoNoEncontrado }) }),
        response: { 200: fileResponseSchema },
      },
    },
    async (request, reply) =>
      serveRoomFile(ctx, reply, await openRoomForClient(ctx, clientOf(request)), request.params.archivoId),
  );

  app.get(
    '/mapa',
    { schema: { tags: ['cliente'], summary: "The case's map", response: { 200: caseMapResponse } } },
    async (request) => loadClientMap(ctx, clientOf(request).caseId),
  );

  app.get(
    '/mapa/direccion',
    {
      schema: {
        tags: ['cliente'],
        summary: "The address of a point of the case's map",
        querystring: mapAddressQuery,
        response: { 200: mapAddressResponse },
      },
    },
    async (request) => mapAddress(ctx, await loadClientMap(ctx, clientOf(request).caseId), request.query),
  );

  app.post(
    '/push',
    {
      schema: {
        tags: ['cliente'],
        summary: "The client's phone's push subscription (clientes.tokenPush), until their session ends",
        body: pushSubscriptionBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const client = clientOf(request);
      // A case without a client row has nobody to push to.
      if (client.id !== client.caseId) await saveClientSubscription(ctx, client, request.body.subscription);
      return reply.code(204).send(null);
    },
  );

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
