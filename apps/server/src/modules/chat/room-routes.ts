import multipart from '@fastify/multipart';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  chatPageQuery,
  chatPageResponse,
  chatReadResponse,
  chatReadSchema,
  chatSendResponse,
  chatSendSchema,
  type ChatPage,
  type ChatSendResult,
} from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { plainJson } from '../../platform/plain-json.js';
import { fileResponseSchema } from '../files/service.js';
import { presentFor, readRoom } from './messages.js';
import { sendMessage, type SendInput } from './send-service.js';
import { chatMultipartLimits, markRead, sendFiles, serveRoomFile } from './room-actions.js';
import { joinRoom, type OpenRoom } from './service.js';
import type { PageOptions } from './messages.js';

/** The room's routes, each documented in the audience's own words. */
type RoomRoute = 'read' | 'send' | 'files' | 'marks' | 'file';

/**
 * One audience of a chat room's routes: staff (/api/casos/{id}/chats/{tipo}, the room their
 * parameters name, by the staff rules) or the client of one case (/api/cliente/chat, their case's
 * general room, from their session). The routes do the same for both; the audience says where they
 * hang, who the caller is and which room they open.
 */
export interface RoomAudience {
  /** The room's path under the scope's prefix; the routes hang below it. */
  path: string;
  /** The path's parameters, checked before the room is opened (none for the client). */
  params?: z.ZodObject;
  tag: string;
  summary: Record<RoomRoute, string>;
  /** The caller's room, refused by the audience's rules; the request's params passed `params`. */
  open(ctx: AppContext, request: FastifyRequest): Promise<OpenRoom>;
  /** Reading a page makes the caller a member of the room first (the client: nobody adds them). */
  joinsOnRead?: boolean;
  /**
   * The busiest routes' own way to the room — a page read, a text, a read mark: every member's
   * screen makes the first and the last after each message (staff: the session checked inside the
   * room's statement, `config` telling the scope's hook to leave it to the route).
   */
  inSession?: {
    config: FastifyContextConfig;
    open(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<OpenRoom>;
  };
  /** A page read in one statement of a room opened moments ago; undefined: the usual way. */
  quickRead?(ctx: AppContext, request: FastifyRequest, query: PageOptions): Promise<ChatPage | undefined>;
  /** A text sent in one statement to a room opened moments ago; undefined: the usual way. */
  quickText?(ctx: AppContext, request: FastifyRequest, body: SendInput): Promise<ChatSendResult | undefined>;
}

/**
 * A chat room's routes for one audience: read a page (?antes, ?despues, ?q, ?leido), send a text, send
 * files, mark read, open a file of the room. Mounted once per audience, with its own multipart.
 */
export const chatRoomRoutes: FastifyPluginAsyncZod<{ audience: RoomAudience }> = async (app, { audience }) => {
  const { ctx } = app;
  const { path, tag, summary } = audience;
  const open = (request: FastifyRequest) => audience.open(ctx, request);
  const { inSession } = audience;
  const busyConfig = { config: inSession?.config ?? {} };
  const openBusy = (request: FastifyRequest, reply: FastifyReply) =>
    inSession ? inSession.open(ctx, request, reply) : open(request);
  const params = audience.params ? { params: audience.params } : {};
  const fileParams = (audience.params ?? z.object({})).extend({
    archivoId: z.uuid({ error: MSG.documentoNoEncontrado }),
  });
  await app.register(multipart, { limits: chatMultipartLimits(ctx.config.uploadMaxMb) });

  // A page and a send answer what presentFor and roomHeader build, exactly the documented shapes:
  // written as they are (plainJson), not encoded again by zod.
  app.get(
    path,
    {
      ...busyConfig,
      serializerCompiler: plainJson,
      schema: {
        tags: [tag],
        summary: summary.read,
        ...params,
        querystring: chatPageQuery,
        response: { 200: chatPageResponse },
      },
    },
    async (request, reply) => {
      const quick = audience.quickRead && (await audience.quickRead(ctx, request, request.query));
      if (quick) return quick;
      const room = await openBusy(request, reply);
      if (audience.joinsOnRead) await joinRoom(ctx.db, room.room.id, room.sender);
      return readRoom(ctx, room, request.query);
    },
  );

  app.post(
    `${path}/mensajes`,
    {
      ...busyConfig,
      serializerCompiler: plainJson,
      schema: {
        tags: [tag],
        summary: summary.send,
        ...params,
        body: chatSendSchema,
        response: { 200: chatSendResponse },
      },
    },
    async (request, reply) => {
      const quick = audience.quickText && (await audience.quickText(ctx, request, request.body));
      if (quick) return quick;
      const room = await openBusy(request, reply);
      const { row, repetido } = await sendMessage(ctx, room, request.body);
      return { mensaje: presentFor(room, row), repetido };
    },
  );

  app.post(
    `${path}/archivos`,
    { schema: { tags: [tag], summary: summary.files, ...params, response: { 200: chatSendResponse } } },
    async (request) => sendFiles(ctx, request, await open(request)),
  );

  app.post(
    `${path}/leidos`,
    {
      ...busyConfig,
      schema: {
        tags: [tag],
        summary: summary.marks,
        ...params,
        body: chatReadSchema,
        response: { 200: chatReadResponse },
      },
    },
    async (request, reply) => markRead(ctx, await openBusy(request, reply), request.body.hasta),
  );

  app.get(
    `${path}/archivos/:archivoId`,
    { schema: { tags: [tag], summary: summary.file, params: fileParams, response: { 200: fileResponseSchema } } },
    async (request, reply) => serveRoomFile(ctx, reply, await open(request), request.params.archivoId),
  );
};
