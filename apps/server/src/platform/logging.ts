import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { pgErrorOf } from './db-errors.js';

/**
 * Logs say what failed, never with what (docs/ARCHITECTURE.md): an error is logged as its class, its codes
 * and its stack frames. A database error's message is withheld — Drizzle puts the statement's
 * parameters in it (names, identification numbers, e-mails, a password hash) and PostgreSQL's
 * `detail` repeats the offending value — leaving the SQLSTATE and the constraint's name.
 */
export function safeError(err: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error)) return { type: typeof err, message: '', stack: '' };
  const pg = pgErrorOf(err);
  // Drizzle's "Failed query: … params: …" wraps every failed statement, whatever its cause.
  const query = !!pg || err.constructor?.name === 'DrizzleQueryError' || err.message.startsWith('Failed query');
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const code = (err as { code?: unknown }).code;
  return {
    type: err.constructor?.name ?? err.name,
    message: query ? 'database error (message withheld: it may carry values)' : err.message.slice(0, 300),
    ...(pg ? { pg } : typeof code === 'string' ? { code } : {}),
    stack: frames.slice(0, 12).join('\n'),
  };
}

/**
 * Paths whose last segment is a credential: the client's short link, their case link's entry page
 * and its API. Whoever reads the log could open the case with it, so these are logged as their
 * route pattern. Matched on the raw path, before routing (a 404 of a mistyped code is logged too).
 */
const SECRET_PATHS: [prefix: string, pattern: string][] = [
  ['/s/', '/s/:code'],
  ['/login/auth-cliente/', '/login/auth-cliente/:token'],
  ['/api/cliente/entrada/', '/api/cliente/entrada/:token'],
];

/** The path of a request as the log may keep it. */
export function loggedPath(url: string): string {
  const path = url.split('?')[0];
  for (const [prefix, pattern] of SECRET_PATHS)
    if (path.startsWith(prefix) && path.length > prefix.length) return pattern;
  return path;
}

/** A request as logged: method and path, never the query string (list criteria carry names). */
function safeRequest(req: { method: string; url: string; ip?: string; routeOptions?: { url?: string } }) {
  return { method: req.method, url: loggedPath(req.url), route: req.routeOptions?.url, remoteAddress: req.ip };
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { err: safeError, error: safeError, req: safeRequest },
  };
}

/**
 * One line per request, once it has been answered: its method, path, route, status and time.
 * Fastify's own writes two (one as the request comes in, one as it ends), and serialising and
 * writing a line is most of what logging costs a request at `info`.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
