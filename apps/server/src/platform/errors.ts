import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG, type ApiErrorBody } from '@vialex/domain';
import { UNIQUE_VIOLATION, duplicateOf, pgErrorOf } from './db-errors.js';

/** An answer the client is meant to read: status, a stable code and the spec's Spanish message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly issues?: ApiErrorBody['issues'],
  ) {
    super(message);
  }
}

/** The value as the schema reads it, else a 400 with the schema's messages (the first one as the message). */
export function validated<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw badRequest(issues[0].message, issues);
}

export const forbidden = (message: string = MSG.noAutorizado) => new AppError(403, 'FORBIDDEN', message);
export const badRequest = (message: string, issues?: ApiErrorBody['issues']) =>
  new AppError(400, 'VALIDATION', message, issues);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);

/** Fastify's own refusals of a request it could not read, in Spanish. */
const FRAMEWORK_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MSG.jsonNoValido,
  FST_ERR_CTP_EMPTY_JSON_BODY: MSG.cuerpoVacio,
  FST_ERR_CTP_BODY_TOO_LARGE: MSG.cuerpoMuyGrande,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MSG.tipoContenidoNoSoportado,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: MSG.solicitudNoValida,
  FST_ERR_BAD_URL: MSG.direccionNoValida,
  FST_ERR_INVALID_URL: MSG.direccionNoValida,
};

/** The route a log line is about: its pattern, not the URL (which may carry values). */
const routeOf = (request: FastifyRequest) => request.routeOptions?.url ?? request.url.split('?')[0];

/** Maps every failure to the one JSON shape the web reads; unexpected errors never leak details. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const known = knownFailure(err);
    if (known) {
      // A value the column cannot hold slipped past validation: a schema should have caught it.
      if (known.unvalidated) request.log.warn({ err, route: routeOf(request) }, 'input refused by the database');
      return reply.code(known.body.statusCode).send(known.body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? MSG.campoRequerido,
      }));
      return reply.code(400).send(body(400, 'VALIDATION', issues[0]?.message ?? MSG.campoRequerido, issues));
    }
    if (isResponseSerializationError(err)) {
      request.log.error(
        { err, route: routeOf(request), issues: err.cause.issues.map((i) => ({ path: i.path, code: i.code })) },
        'response does not match its schema',
      );
      return reply.code(500).send(body(500, 'INTERNAL', MSG.errorServidor));
    }
    if (request.raw.destroyed && (err as NodeJS.ErrnoException).code === 'ECONNRESET') {
      // The client hung up mid-request (a phone losing signal during an upload): nobody reads
      // the answer, and nothing failed on this side.
      request.log.info({ route: routeOf(request) }, 'request aborted by the client');
      return reply.code(400).send(body(400, 'ABORTED', MSG.solicitudNoValida));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const message = (err.code && FRAMEWORK_ERRORS[err.code]) || MSG.solicitudNoValida;
      return reply.code(err.statusCode).send(body(err.statusCode, err.code ?? 'BAD_REQUEST', message));
    }
    request.log.error({ err, route: routeOf(request) }, 'unexpected error');
    return reply.code(500).send(body(500, 'INTERNAL', MSG.errorServidor));
  });
}

/**
 * A failure with an answer the client can act on: the app's own refusals, and what the database
 * refused of the client's input. Undefined for anything else (a failure of ours: 500).
 */
export function knownFailure(err: unknown): { body: ApiErrorBody; unvalidated?: true } | undefined {
  if (err instanceof AppError) return { body: body(err.statusCode, err.code, err.message, err.issues) };
  const pg = pgErrorOf(err);
  if (pg?.code === UNIQUE_VIOLATION) {
    // Two simultaneous creations both passed the service's check; the index stopped one.
    const dup = duplicateOf(pg);
    return { body: body(409, dup.code, dup.message) };
  }
  // A data exception: a value the column cannot hold. Still the client's input, so a 400.
  if (pg && pg.code.startsWith('22'))
    return { body: body(400, 'VALIDATION', MSG.solicitudNoValida), unvalidated: true };
  return undefined;
}

export function body(statusCode: number, code: string, message: string, issues?: ApiErrorBody['issues']): ApiErrorBody {
  return issues ? { statusCode, code, message, issues } : { statusCode, code, message };
}
