/**
 * The proxy keeps answering while its instances are up, whatever failed a moment ago:
 *
 *   npx tsx ops/cluster/proxy-check.ts
 *
 * nginx (ops/cluster/nginx.ts) in front of two small HTTP servers standing in for the instances.
 * One GET resets its connection on each (nginx tries it on the first, then on the second: both
 * are taken out for fail_timeout), then POSTs that any instance would answer are sent at once.
 * Each must answer 200, not nginx's "no live upstreams" 502. Exits 1 otherwise.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startNginx } from './cluster.js';

// Below the kernel's ephemeral range, as the cluster's (cluster.ts says why).
const PROXY_PORT = 21480;
const PORTS = [21481, 21482];

const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'vialex-proxy-check-'));
fs.chmodSync(prefix, 0o755); // nginx's workers (www-data under a root master) reach its temp folders
const servers = PORTS.map((port) =>
  http
    .createServer((req, res) => {
      // A connection dropped without an answer, as by an instance that crashed mid-request.
      if (req.url === '/api/reset') return req.socket.destroy();
      req.resume();
      req.on('end', () => res.end('ok'));
    })
    .listen(port, '127.0.0.1'),
);
const nginx = await startNginx({ prefix, proxyPort: PROXY_PORT, upstreamPorts: PORTS, log: () => {} });
// One connection, so every request goes through the same nginx worker.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const send = (method: string, url: string) =>
  new Promise<number>((resolve) => {
    const req = http.request({ agent, host: '127.0.0.1', port: PROXY_PORT, method, path: url }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end(method === 'POST' ? '{}' : undefined);
  });

let failed = false;
try {
  const reset = await send('GET', '/api/reset');
  const posts = await Promise.all(Array.from({ length: 5 }, () => send('POST', '/api/x')));
  const errors = fs.readFileSync(path.join(prefix, 'logs/error.log'), 'utf8');
  const takenOut = (errors.match(/upstream server temporarily disabled/g) ?? []).length;
  console.log(
    `the GET that resets: ${reset}; instances taken out: ${takenOut}; the POSTs after it: ${posts.join(' ')}`,
  );
  if (takenOut < PORTS.length) {
    console.log('FAIL: the reset did not take both instances out, so this checks nothing');
    failed = true;
  } else if (posts.some((s) => s !== 200)) {
    console.log('FAIL: nginx refused requests while both instances were up');
    failed = true;
  } else console.log('PASS');
} finally {
  agent.destroy();
  await nginx.stop();
  servers.forEach((s) => s.close());
  fs.rmSync(prefix, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
