import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config.js';

/** The origin of a tile URL template such as `https://{s}.tile.example.org/{z}/{x}/{y}.png`. */
function tileSource(template: string): string | undefined {
  const match = /^(https?:\/\/[^/]+)/.exec(template);
  return match?.[1].replace('{s}', '*');
}

/**
 * The Content-Security-Policy the built app runs under: its scripts come only from its own
 * origin (the build has no inline script; the service worker is a file), its styles may be
 * inline (MUI's emotion writes <style> elements at run time), its live channel is same-origin
 * (`'self'` covers ws: and wss: of this host), and its images may come from the map's tile
 * server. No frame may embed it.
 */
export function contentSecurityPolicy(config: Pick<Config, 'mapTileUrl'>): Record<string, string[]> {
  const tiles = tileSource(config.mapTileUrl);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The security headers of every response, computed once by helmet at start. They depend on
 * nothing in the request (no CSP nonces), and @fastify/helmet rebuilds helmet's whole
 * middleware on every request: measured, that cost a quarter of the throughput of a small API
 * answer. HSTS is left out here: it is sent only over https (request-guards.ts).
 */
export function securityHeaders(config: Pick<Config, 'mapTileUrl'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | string[]) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
  })({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}
