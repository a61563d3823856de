/** What the origin rule reads of a request (a FastifyRequest has all of it). */
export interface OriginRequest {
  headers: { origin?: string | string[] };
  /** 'http' or 'https'; Fastify honours X-Forwarded-Proto under TRUST_PROXY. */
  protocol: string;
  /** The Host header with its port; X-Forwarded-Host under TRUST_PROXY. */
  host: string;
}

function parse(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}

const originOf = (value: string) => parse(value)?.origin;

/**
 * Is the request's Origin header this app? It is when it names the request's own host with the
 * request's own protocol (what the browser shows in the address bar when it loaded the app from
 * this server or through the proxy), or one of the origins listed in APP_ORIGINS.
 * A request without an Origin header answers false: the caller decides what a non-browser client
 * (no Origin) may do.
 */
export function isOwnOrigin(request: OriginRequest, config: { appOrigins: readonly string[] }): boolean {
  const header = request.headers.origin;
  if (typeof header !== 'string') return false;
  const origin = originOf(header);
  if (!origin) return false; // 'null' (sandboxed frames, file:) and anything unparsable
  if (config.appOrigins.includes(origin)) return true;
  if (!request.host) return false;
  return originOf(`${request.protocol}://${request.host}`) === origin;
}
