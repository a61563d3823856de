import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CASE_LIST,
  IDEMPOTENCY_KEY_HEADER,
  MSG,
  PLATE_LOOKUP_MIN_LENGTH,
  PLATE_PATTERN,
  assignAgentSchema,
  caseSchema,
  cronosCaseSchema,
  idempotencyKeySchema,
  quickClientSchema,
  requestAgentSchema,
  takeCaseSchema,
  can,
  candidatesResponse,
  casePageResponse,
  caseResponse,
  cronosCaseResponse,
  listQuerySchema,
  messageResponse,
  plateLookupResponse,
  quickClientResponse,
  takeCaseResponse,
  type CaseResponse,
} from '@vialex/domain';
import { viewerOf } from '../../platform/context.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { readSessionCookie } from '../auth/session.js';
import type { Viewer } from '../../platform/viewer.js';
import { staffGuard } from '../auth/guard.js';
import { sessionHint } from '../auth/live-session.js';
import { hashSessionToken } from '../auth/tokens.js';
import { lookupPlate } from '../vehicles/plate-lookup.js';
import { presentCase } from './presenter.js';
import { findCaseWithNames, inScope, listCaseKeys } from './queries.js';
import { listRowsJson, pageJson } from './list-rows.js';
import { createCase } from './create-service.js';
import { updateCase } from './edit-service.js';
import { quickRegisterClient } from '../clients/service.js';
import { runOnce } from './idempotency.js';
import { assignAgent, listAssignCandidates } from './assign-service.js';
import { requestAgent } from './request-service.js';
import { takeCase } from './take-service.js';
import { authorizeAttention, requestAttention } from './attention-service.js';
import { archiveCase } from './archive-service.js';

const idParams = z.object({ id: z.uuid({ error: MSG.casoNoExiste }) });

export const caseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const present = async (request: { viewer: Viewer | null }, id: string) => {
    const row = await findCaseWithNames(ctx.db, id);
    if (!row) throw notFound(MSG.casoNoExiste);
    return presentCase(row, viewerOf(request));
  };

  const guard = staffGuard(app);
  for (const [url, archived, summary] of [
    ['/', false, 'LISTA DE CASOS'],
    ['/archivados', true, 'LISTA DE CASOS ARCHIVADOS'],
  ] as const) {
    // The busiest read: a session this process has checked before is checked again inside the
    // page's own statement (one round trip instead of two); the staff hook only refuses a
    // request without a cookie. Anything else (no hint, no live session) gets the full check.
    app.get(
      url,
      {
        config: { sessionCheckedByRoute: true },
        schema: {
          tags: ['casos'],
          summary: `${summary}: 10 per page, newest first, scoped by cargo`,
          querystring: listQuerySchema,
          response: { 200: casePageResponse },
        },
      },
      async (request, reply) => {
        const { query } = request;
        const limit = query.limit ?? CASE_LIST.defaultPageSize;
        const sessionId = hashSessionToken(readSessionCookie(request)!);
        const hint = sessionHint(sessionId);
        let viewer = hint;
        let page = hint && (await listCaseKeys(ctx.db, hint, archived, query, limit, sessionId));
        if (!viewer || !page) {
          // No hint, or the session is no longer live as this user with this cargo: the full check
          // (which refuses it, or reads the user's cargo as it is now).
          await guard(request, reply);
          viewer = viewerOf(request);
          page = await listCaseKeys(ctx.db, viewer, archived, query, limit);
        }
        const rows = await listRowsJson(ctx.db, page.rows, viewer);
        // Written by pageJson as presentCase's answers would be written. Fastify sends bytes
        // typed JSON as they are, past the route's serializer (the schema still documents it).
        const json = pageJson(rows, page, { create: can(viewer.cargo, 'casos.create') });
        return reply.type('application/json; charset=utf-8').send(json as never);
      },
    );
  }

  app.get(
    '/:id',
    { schema: { tags: ['casos'], params: idParams, response: { 200: caseResponse } } },
    async (request) => {
      if (!(await inScope(ctx.db, viewerOf(request), request.params.id))) throw notFound(MSG.casoNoExiste);
      return present(request, request.params.id);
    },
  );

  app.get(
    '/consulta-placa',
    {
      schema: {
        tags: ['casos'],
        summary: 'Plate look-up: own data, Tecnicar (kronos) and the insurers hub',
        querystring: z.object({ placa: z.string() }),
        response: { 200: plateLookupResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      if (!can(viewer.cargo, 'casos.create') && !can(viewer.cargo, 'casos.edit')) throw forbidden();
      const placa = request.query.placa.trim().toUpperCase();
      if (placa.length < PLATE_LOOKUP_MIN_LENGTH) throw badRequest(MSG.consultaPlacaMinimo);
      // Only plates are sent to the outside services (and kept in the look-up cache).
      if (!PLATE_PATTERN.test(placa)) throw badRequest(MSG.placaNoValida);
      return lookupPlate(ctx, placa);
    },
  );

  /**
   * Creating a case (by hand or from the Cronos dialog) takes an optional Idempotency-Key: a
   * retry with the same key by the same user answers the first creation instead of a second case.
   */
  for (const [url, origen, summary, body] of [
    ['/', 'own', 'Create a case', caseSchema],
    ['/cronos', 'cronos', 'Add a case that arrived from Cronos (staff dialog)', cronosCaseSchema],
  ] as const) {
    const ruta = `POST /api/casos${url === '/' ? '' : url}`;
    app.post(
      url,
      {
        schema: {
          tags: ['casos'],
          summary: `${summary}. Header Idempotency-Key (optional, 1–100 printable ASCII characters): a retry with the same key answers the first creation`,
          headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() }),
          body,
          response: { 201: caseResponse },
        },
      },
      async (request, reply) => {
        const viewer = viewerOf(request);
        const clave = request.headers[IDEMPOTENCY_KEY_HEADER];
        const answer = await runOnce(
          ctx.db,
          typeof clave === 'string' ? { usuario: viewer.id, clave, ruta } : undefined,
          (hooks) => createCase(ctx, viewer, request.body, origen, hooks),
          async (db, id) => presentCase((await findCaseWithNames(db, id))!, viewer),
          request.log,
        );
        // Only a creation that succeeded is stored, so a replay is the first request's 201 too.
        return reply.code(answer.estado as 201).send(answer.respuesta as CaseResponse);
      },
    );
  }

  app.put(
    '/:id',
    {
      schema: {
        tags: ['casos'],
        summary: 'Edit a case',
        params: idParams,
        body: caseSchema,
        response: { 200: caseResponse },
      },
    },
    async (request) => {
      await updateCase(ctx, viewerOf(request), request.params.id, request.body);
      return present(request, request.params.id);
    },
  );

  app.post(
    '/clientes-rapido',
    {
      schema: {
        tags: ['casos'],
        summary: 'Affected-person quick registration',
        body: quickClientSchema,
        response: { 201: quickClientResponse },
      },
    },
    async (request, reply) => {
      const row = await quickRegisterClient(ctx, viewerOf(request), request.body);
      return reply
        .code(201)
        .send({ id: row.id, nombres: row.nombres, apellidos: row.apellidos, identificacion: row.identificacion });
    },
  );

  app.get(
    '/:id/candidatos',
    {
      schema: {
        tags: ['casos'],
        summary: 'Users the assign dialog offers for a type',
        params: idParams,
        querystring: z.object({ tipo: assignAgentSchema.shape.tipo }),
        response: { 200: candidatesResponse },
      },
    },
    async (request) => listAssignCandidates(ctx, viewerOf(request), request.params.id, request.query.tipo),
  );

  app.post(
    '/:id/asignar',
    { schema: { tags: ['casos'], params: idParams, body: assignAgentSchema, response: { 200: caseResponse } } },
    async (request) => {
      await assignAgent(ctx, viewerOf(request), request.params.id, request.body.tipo, request.body.usuario);
      return present(request, request.params.id);
    },
  );

  app.post(
    '/:id/solicitar',
    {
      schema: {
        tags: ['casos'],
        summary: 'SOLICITAR AGENTE',
        params: idParams,
        body: requestAgentSchema,
        response: { 200: caseResponse },
      },
    },
    async (request) => {
      await requestAgent(ctx, viewerOf(request), request.params.id, request.body.tipo);
      return present(request, request.params.id);
    },
  );

  app.post(
    '/:id/tomar',
    {
      schema: {
        tags: ['casos'],
        summary: 'Take or release the case',
        params: idParams,
        body: takeCaseSchema,
        response: { 200: takeCaseResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      await takeCase(ctx, viewer, request.params.id, request.body.tomar);
      const row = (await inScope(ctx.db, viewer, request.params.id)) ? await present(request, request.params.id) : null;
      return request.body.tomar
        ? { title: MSG.exito, message: MSG.casoAsignado, caso: row }
        : { title: MSG.exito, message: MSG.exito, caso: row };
    },
  );

  app.post(
    '/:id/solicitar-atencion',
    { schema: { tags: ['casos'], params: idParams, response: { 200: caseResponse } } },
    async (request) => {
      await requestAttention(ctx, viewerOf(request), request.params.id);
      return present(request, request.params.id);
    },
  );

  app.post(
    '/:id/autorizar-atencion',
    { schema: { tags: ['casos'], params: idParams, response: { 200: caseResponse } } },
    async (request) => {
      await authorizeAttention(ctx, viewerOf(request), request.params.id);
      return present(request, request.params.id);
    },
  );

  app.post(
    '/:id/archivar',
    { schema: { tags: ['casos'], params: idParams, response: { 200: messageResponse } } },
    async (request) => {
      await archiveCase(ctx, viewerOf(request), request.params.id, true);
      return { message: MSG.casoArchivado };
    },
  );

  app.post(
    '/:id/restablecer',
    { schema: { tags: ['casos'], params: idParams, response: { 200: messageResponse } } },
    async (request) => {
      await archiveCase(ctx, viewerOf(request), request.params.id, false);
      return { message: MSG.casoActivado };
    },
  );
};

/**
 * Cronos creates its cases itself with an API key (x-api-key), checked before the body is read
 * (public scope: no session; no key configured, no endpoint).
 */
export const cronosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    const key = app.ctx.config.cronosApiKey;
    if (!key || !sameSecret(request.headers['x-api-key'], key)) throw forbidden();
  });

  app.post(
    '/casos',
    {
      schema: {
        tags: ['cronos'],
        summary: 'Create a case from Cronos (origin Cronos). Header x-api-key: CRONOS_API_KEY',
        headers: z.object({ 'x-api-key': z.string().optional() }),
        body: cronosCaseSchema,
        response: { 201: cronosCaseResponse },
      },
    },
    async (request, reply) => {
      const { id } = await createCase(app.ctx, null, request.body, 'cronos');
      const row = await findCaseWithNames(app.ctx.db, id);
      return reply.code(201).send({ id, caso: row!.caso.caso });
    },
  );
};

const digest = (s: string) => createHash('sha256').update(s).digest();
/** Compares the key in constant time (hashed first, so lengths don't leak either). */
function sameSecret(given: unknown, key: string): boolean {
  return typeof given === 'string' && timingSafeEqual(digest(given), digest(key));
}
