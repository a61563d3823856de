import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vialex/domain';
import { preferredEncoding } from '../src/platform/static-assets.js';
import { startTestServer, type TestServer } from './helper.js';

/** A web build as vite writes it: hashed assets with their .br/.gz, a small asset without. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vialex-dist-'));
const INDEX = `<!doctype html><html lang="es"><head><title>VIALEX</title></head><body><div id="root"></div>${'<!-- relleno -->'.repeat(80)}</body></html>`;
const APP_JS = `export const app = ${JSON.stringify('x'.repeat(4000))};`;
const SMALL_JS = 'export const small = 1;';
const SW_JS = `self.addEventListener('push', () => {});${' '.repeat(2000)}`;

function write(name: string, text: string, precompressed = true) {
  const file = path.join(dist, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  if (!precompressed) return;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

let s: TestServer;
beforeAll(async () => {
  write('index.html', INDEX);
  write('assets/app-B3xk9.js', APP_JS);
  write('assets/small-Q1w2.js', SMALL_JS, false);
  write('sw.js', SW_JS);
  write('robots.txt', 'User-agent: *\nAllow: /\n', false);
  // API_DOCS=public: the OpenAPI JSON is the large API answer read without a session below.
  s = await startTestServer({ SERVE_WEB: '1', WEB_DIST: dist, API_DOCS: 'public' });
});
afterAll(async () => {
  await s.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  s.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

function decoded(res: Awaited<ReturnType<typeof get>>): string {
  const raw = res.rawPayload;
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(raw).toString();
  if (enc === 'gzip') return zlib.gunzipSync(raw).toString();
  return raw.toString();
}

describe('Accept-Encoding negotiation', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['*', 'br'],
    ['deflate', 'identity'],
    ['GZIP ; q=1', 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('the web build is sent precompressed', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
  ])('a hashed asset with Accept-Encoding %j is sent as %s, cached for a year', async (accept, encoding) => {
    const res = await get('/assets/app-B3xk9.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(res)).toBe(APP_JS);
    expect(res.rawPayload.length).toBeLessThan(APP_JS.length / 5);
  });

  it('without Accept-Encoding the asset goes as it is, still saying it varies on it', async () => {
    const res = await get('/assets/app-B3xk9.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(APP_JS);
  });

  it('an asset the build did not compress is sent as it is to a client that accepts br', async () => {
    const res = await get('/assets/small-Q1w2.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SMALL_JS);
  });

  it('a missing asset is 404, not the HTML page', async () => {
    const res = await get('/assets/gone-Zz9.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.recursoNoEncontrado);
  });

  it.each(['/login', '/casos', '/'])('%s gets index.html, compressed and revalidated', async (url) => {
    const res = await get(url, 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decoded(res)).toBe(INDEX);
  });

  it('the service worker is revalidated on every visit', async () => {
    const res = await get('/sw.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decoded(res)).toBe(SW_JS);
  });

  it('robots.txt is a robots file, not the HTML page', async () => {
    const res = await get('/robots.txt', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*/);
  });
});

describe('API answers', () => {
  it('an answer of 1 KB or more is compressed with the best encoding the client accepts', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, br', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const res = await get('/api/docs/json', accept);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decoded(res))).toEqual(plain.json());
    }
  });

  it('a small answer and a client without Accept-Encoding get it as it is', async () => {
    const small = await get('/api/health', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toBeTruthy();
    const identity = await get('/api/docs/json', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('an unknown API path is a JSON 404, not the HTML page', async () => {
    const res = await get('/api/no-existe', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.recursoNoEncontrado);
  });
});
