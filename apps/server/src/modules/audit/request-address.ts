import type { FastifyRequest } from 'fastify';

/*
 * The address a staff request came from, for the audit records its acts write. A service receives
 * the request's viewer, never the request: the address is kept against that viewer (one object per
 * request, made by the staff guard), so every service records it without carrying it through.
 */
const addresses = new WeakMap<object, string>();

/** The staff scope's preHandler: the viewer the guard set, with request.ip (X-Forwarded-For only under TRUST_PROXY). */
export async function rememberRequestAddress(request: FastifyRequest): Promise<void> {
  if (request.viewer) addresses.set(request.viewer, request.ip);
}

/** The address of the request a viewer belongs to; null outside a request (the CLI, a job, a test's own viewer). */
export const addressOf = (viewer: object): string | null => addresses.get(viewer) ?? null;
