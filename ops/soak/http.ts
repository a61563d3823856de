import http from 'node:http';
import zlib from 'node:zlib';
import { BROWSER_ACCEPT_ENCODING } from '../../bench/lib/load.js';

/** One answered (or failed: status 0) request, timed on the run's clock (ms since the load began). */
export interface Sample {
  t: number;
  route: string;
  status: number;
  ms: number;
}

export interface Answer {
  status: number;
  text: string;
  ms: number;
}

let t0 = performance.now();
/** Milliseconds since the load began (negative during set-up). */
export const now = () => performance.now() - t0;
/** Moves the clock's zero to now; answers how far it moved (times taken before must be rebased by it). */
export function startClock(): number {
  const shift = performance.now() - t0;
  t0 += shift;
  return shift;
}

export const samples: Sample[] = [];
// An idle kept-alive connection is let go after 30 s, well before nginx's own 75 s: otherwise a
// request sent on one just as nginx closes it fails with a reset (4 requests at 569 s of one run,
// the burst's connections idle since 494 s). Browsers send such a request again by themselves;
// Node's agent does not, and it follows a server's `Keep-Alive: timeout` hint only when it has a
// timeout of its own.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 30_000 });
// Asked for as a browser asks, so the instances compress as they do for people;
// SOAK_ACCEPT_ENCODING='' asks for none, as the soak did before.
const ACCEPT_ENCODING = process.env.SOAK_ACCEPT_ENCODING ?? BROWSER_ACCEPT_ENCODING;

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}
const TIMEOUT_MS = 30_000;

/**
 * A request over keep-alive connections, recorded in `samples` under `route` (a label without ids).
 * A network error or a timeout answers status 0. No Origin header: a non-browser client, as the
 * request guards allow.
 */
export function request(
  base: string,
  route: string,
  method: string,
  path: string,
  opts: { cookie?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(base);
  const headers: Record<string, string> = ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {};
  Object.assign(headers, opts.headers);
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: Buffer | undefined = opts.body;
  if (opts.json !== undefined) {
    body = Buffer.from(JSON.stringify(opts.json));
    headers['content-type'] = 'application/json';
  }
  if (body) headers['content-length'] = String(body.length);
  const start = now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (status: number, text: string) => {
      if (settled) return;
      settled = true;
      const ms = now() - start;
      samples.push({ t: start, route, status, ms });
      resolve({ status, text, ms });
    };
    const req = http.request({ agent, host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let text: string;
        try {
          text = decoded(Buffer.concat(chunks), res.headers['content-encoding']);
        } catch {
          return done(0, '');
        }
        done(res.statusCode ?? 0, text);
      });
      res.on('error', () => done(0, ''));
    });
    // The whole request, queueing for a connection included, is given up after TIMEOUT_MS.
    const deadline = setTimeout(() => req.destroy(new Error('timeout')), TIMEOUT_MS);
    req.on('close', () => clearTimeout(deadline));
    req.on('error', () => done(0, ''));
    req.end(body);
  });
}

/** multipart/form-data of text fields (the status change form). */
export function multipart(fields: Record<string, string>): { body: Buffer; contentType: string } {
  const boundary = `soak${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Calls `fn(n)` at `perSecond` on an even schedule from now until `until()` (run ms), without waiting for it. */
export async function paced(perSecond: number, endMs: number, fn: (n: number) => void | Promise<void>) {
  if (perSecond <= 0) return;
  const start = now();
  for (let n = 0; ; n++) {
    const due = start + (n * 1000) / perSecond;
    if (due >= endMs) return;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    void fn(n);
  }
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const round1 = (v: number) => Math.round(v * 10) / 10;
