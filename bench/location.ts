import autocannon from 'autocannon';
import { cpuPerOp } from './lib/server-process.js';
import { seedSignedInUsers } from './lib/staff.js';

/**
 * Budget: ≥ 2,000 location updates per second sustained on 2 cores (docs/ARCHITECTURE.md). 1,000 signed-in
 * agents, each PUT /api/me/location through the full session check, for 10 seconds (quick: 100
 * agents for 2 seconds, held only to answering every update).
 */
export async function benchLocation(serverUrl: string, databaseUrl: string, quick = false) {
  const seconds = quick ? 2 : 10;
  const { cookies } = await seedSignedInUsers(databaseUrl, quick ? 100 : 1000);
  let i = 0;
  const cpu = cpuPerOp(serverUrl);
  const result = await autocannon({
    url: `${serverUrl}/api/me/location`,
    method: 'PUT',
    connections: 50,
    pipelining: 1,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest(req: autocannon.Request) {
          const n = i++;
          return {
            ...req,
            headers: { ...req.headers, cookie: cookies[n % cookies.length] },
            body: JSON.stringify({ lat: 4.6 + (n % 100) / 1000, long: -74.08 - (n % 100) / 1000 }),
          };
        },
      },
    ],
  });
  const ok = result['2xx'];
  const serverCpuMsPerOp = cpu(ok + result.non2xx);
  return {
    name: 'location updates',
    perSecond: Math.round(ok / seconds),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    serverCpuMsPerOp,
    op: 'update',
    errors: result.non2xx + result.errors,
    figure: `${Math.round(ok / seconds)}/s, p99 ${result.latency.p99} ms`,
    budget: '≥ 2000/s',
    met: ok / seconds >= 2000,
    pass: result.non2xx === 0 && result.errors === 0 && (quick || ok / seconds >= 2000),
  };
}
