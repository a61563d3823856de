import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG, type ApiErrorBody } from '@vialex/domain';

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

export const forbidden = (message: string = MSG.noAutorizado) => new AppError(403, 'FORBIDDEN', message);
export const badRequest = (message: string, issues?: ApiErrorBody['issues']) => new AppError(400, 'VALIDATION', message, issues);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);

/** Maps every failure to the one JSON shape the web reads; unexpected errors never leak details. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send(body(err.statusCode, err.code, err.message, err.issues));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? MSG.campoRequerido,
      }));
      return reply.code(400).send(body(400, 'VALIDATION', issues[0]?.message ?? MSG.campoRequerido, issues));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send(body(500, 'INTERNAL', MSG.errorServidor));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, …).
      return reply.code(err.statusCode).send(body(err.statusCode, err.code ?? 'BAD_REQUEST', err.message));
    }
    request.log.error({ err }, 'unexpected error');
    return reply.code(500).send(body(500, 'INTERNAL', MSG.errorServidor));
  });
}

function body(statusCode: number, code: string, message: string, issues?: ApiErrorBody['issues']): ApiErrorBody {
  return issues ? { statusCode, code, message, issues } : { statusCode, code, message };
}
