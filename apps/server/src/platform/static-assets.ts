import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MSG } from '@vialex/domain';
import type { Config } from '../config.js';
import { notFound } from './errors.js';

/** Answers smaller than this go as they are: compressing them saves less than a packet. */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer with, from an Accept-Encoding header: br, else gzip, else identity.
 * A coding with q=0 is refused; `*` accepts br.
 */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let br = false;
  let gzip = false;
  for (const part of header.split(',')) {
    const [coding, ...params] = part.toLowerCase().split(';');
    const name = coding.trim();
    const q = params.map((p) => p.replace(/\s/g, '')).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br' || name === '*') br = true;
    else if (name === 'gzip' || name === 'x-gzip') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}

/**
 * An API answer is compressed on every request, on the event loop: CPU before bytes. Brotli's
 * fastest quality, its window fitted to the answer (a small answer spent most of its time setting
 * up the default 4 MB one). A ten-row case page (16 KB): ~100 µs at quality 4, ~30 µs so, for 9 %
 * more bytes (1,744 against 1,594; gzip's fastest level 1,903).
 */
function brotliFast(size: number): zlib.BrotliOptions {
  const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
  const window = Math.min(Math.max(Math.ceil(Math.log2(size)), 10), 24); // brotli's bounds
  return { params: { [BROTLI_PARAM_QUALITY]: 1, [BROTLI_PARAM_LGWIN]: window, [BROTLI_PARAM_SIZE_HINT]: size } };
}
const GZIP_FAST = { level: 1 };

/**
 * Compresses API answers of at least COMPRESS_MIN_BYTES (JSON, the documentation) with br or gzip
 * when the client accepts one. A request without Accept-Encoding costs one header read; streams
 * (the web app's files, already compressed at build time) pass untouched.
 */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const accept = request.headers['accept-encoding'];
    if (!accept) return done(null, payload);
    const data = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
    const size = data === null ? 0 : Buffer.byteLength(data);
    if (!data || size < COMPRESS_MIN_BYTES || reply.hasHeader('content-encoding')) return done(null, payload);
    reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    const encoding = preferredEncoding(accept);
    if (encoding === 'identity') return done(null, payload);
    const body = encoding === 'br' ? zlib.brotliCompressSync(data, brotliFast(size)) : zlib.gzipSync(data, GZIP_FAST);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    done(null, body);
  });
}

function varyWithEncoding(vary: unknown): string {
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, Accept-Encoding` : 'Accept-Encoding';
}

/** File names the browser must check on every visit: a new release replaces them under one name. */
const REVALIDATED = /^(index\.html|cliente\.html|sw\.js|manifest\.webmanifest|robots\.txt)$/;

/** The driver's pages are their own light app; every other path is the staff's. */
export const CLIENT_PAGES = /^\/(login\/auth-cliente|caso-cliente)(\/|\?|$)/;
export const appShellOf = (url: string) => (CLIENT_PAGES.test(url) ? 'cliente.html' : 'index.html');

/**
 * The built PWA on the same origin. Files are sent as the build precompressed them (name.br,
 * name.gz) by the request's Accept-Encoding, br before gzip, with Vary: Accept-Encoding. Hashed
 * files under /assets are cached for a year; index.html, the service worker and the manifest are
 * revalidated on every visit. A path that is no file gets its app's page (client-side routes), except
 * under /api and /assets, which get 404.
 */
export async function serveWeb(app: FastifyInstance, config: Pick<Config, 'serveWeb' | 'webDist'>): Promise<void> {
  const root = config.webDist;
  const hasWeb = config.serveWeb && fs.existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (REVALIDATED.test(name)) reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (!hasWeb || request.method !== 'GET' || url.startsWith('/api/') || url.startsWith('/assets/'))
      throw notFound(MSG.recursoNoEncontrado);
    return reply.sendFile(appShellOf(url));
  });
}
