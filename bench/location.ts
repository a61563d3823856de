import autocannon from 'autocannon';
import { seedSignedInUsers } from './lib/staff.js';

/**
 * Budget: ≥ 1,000 location updates per second sustained on 2 cores (DESIGN.md). 1,000 signed-in
 * agents, each PUT /api/me/location through the full session check, for `seconds`.
 */
export async function benchLocation(serverUrl: string, databaseUrl: string, seconds = 10) {
  const { cookies } = await seedSignedInUsers(databaseUrl, 1000);
  let i = 0;
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
  return {
    name: 'location updates',
    perSecond: Math.round(ok / seconds),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    errors: result.non2xx + result.errors,
    budget: '≥ 1000/s',
    pass: ok / seconds >= 1000 && result.non2xx === 0,
  };
}
