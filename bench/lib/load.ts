import http from 'node:http';
import { percentile } from './server-process.js';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
}

/**
 * What Chromium asks for on every request: the server then compresses each answer of 1 KB or more
 * (brotli), work a browser's request costs and a load without the header would leave out.
 */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * A small HTTP load generator: `connections` keep-alive clients, each sending its next request
 * when the previous answer arrived (closed loop). With `rate` (requests per second for all of
 * them together) each client keeps its own evenly spaced schedule, staggered from the others,
 * and latency is counted from the scheduled moment, so a slow answer that delays the next
 * request is charged to that request (no coordinated omission). Latencies are exact (µs
 * resolution), not bucketed: autocannon rounds to whole milliseconds, its rate limit fires each
 * second's requests as a burst, and with a rate it back-fills samples as if one were due every
 * millisecond, which measures queueing of its own making.
 */
export async function load(opts: {
  url: string;
  cookies: string[];
  connections?: number;
  seconds: number;
  rate?: number;
  warmupSeconds?: number;
  /** Sent as Accept-Encoding (BROWSER_ACCEPT_ENCODING: answers compressed as a browser gets them). */
  acceptEncoding?: string;
}): Promise<LoadResult> {
  const connections = opts.connections ?? 10;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(opts.url);
  const headers: Record<string, string> = opts.acceptEncoding ? { 'accept-encoding': opts.acceptEncoding } : {};
  const get = (cookie: string) =>
    new Promise<boolean>((resolve) => {
      const req = http.request(
        { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, headers: { ...headers, cookie } },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => resolve(res.statusCode === 200));
        },
      );
      req.on('error', () => resolve(false));
      req.end();
    });
  try {
    return await drive((client) => get(opts.cookies[client % opts.cookies.length]), { ...opts, connections });
  } finally {
    agent.destroy();
  }
}

/**
 * The same schedule for any operation (the raw database round trip the HTTP page is compared
 * with): `send(client)` answers whether it succeeded.
 */
export async function drive(
  send: (client: number) => Promise<boolean>,
  opts: { connections?: number; seconds: number; rate?: number; warmupSeconds?: number },
): Promise<LoadResult> {
  const connections = opts.connections ?? 10;
  const latencies: number[] = [];
  let errors = 0;
  const warmupEnd = performance.now() + (opts.warmupSeconds ?? 1) * 1000;
  const end = warmupEnd + opts.seconds * 1000;
  const interval = opts.rate ? (connections * 1000) / opts.rate : 0;

  async function client(index: number) {
    let scheduled = performance.now() + (interval * index) / connections;
    for (;;) {
      const now = performance.now();
      // On time: wait for the slot and count from the actual send (timer lateness is ours, not
      // the server's). Behind: the previous answer held this request up, so count from the slot.
      let start = now;
      if (interval && scheduled > now) {
        await new Promise((r) => setTimeout(r, scheduled - now));
        start = performance.now();
      } else if (interval) start = scheduled;
      if (start >= end) return;
      const ok = await send(index);
      const done = performance.now();
      if (start >= warmupEnd) {
        if (ok) latencies.push(done - start);
        else errors++;
      }
      scheduled = interval ? scheduled + interval : done;
    }
  }

  await Promise.all(Array.from({ length: connections }, (_, i) => client(i)));
  latencies.sort((a, b) => a - b);
  const ms = (v: number) => Math.round(v * 100) / 100;
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / opts.seconds),
    p50: ms(percentile(latencies, 50)),
    p95: ms(percentile(latencies, 95)),
    p99: ms(percentile(latencies, 99)),
    max: ms(latencies.at(-1) ?? NaN),
    errors,
  };
}
