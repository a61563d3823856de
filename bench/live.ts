import WebSocket from 'ws';
import { cpuPerOp, percentile } from './lib/server-process.js';
import { seedSignedInUsers } from './lib/staff.js';

/**
 * Budget: a live event reaches every subscribed socket within p99 ≤ 100 ms of its commit, with
 * 1,000 sockets open (quick: 50). Call-center staff each with a tab open, all subscribed to the
 * users list (a cargo that may follow it); one availability change per round is committed and
 * the delivery time to each socket measured from the moment the HTTP answer (after commit) is
 * sent.
 */
export async function benchLive(serverUrl: string, databaseUrl: string, quick = false) {
  const rounds = quick ? 10 : 40;
  const { cookies } = await seedSignedInUsers(databaseUrl, (quick ? 50 : 1000) + 1, 'Call Center');
  const wsUrl = serverUrl.replace('http', 'ws') + '/api/live';
  const sockets: WebSocket[] = [];
  let roundStart = 0;
  const latencies: number[] = [];
  let received = 0;
  for (const cookie of cookies.slice(1)) {
    const ws = new WebSocket(wsUrl, { headers: { cookie } });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ action: 'subscribe', topic: 'list:usuarios' }));
    // The server confirms nothing: a refused topic would only show as no deliveries below.
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw));
      if (msg.type === 'event' && msg.topic === 'list:usuarios') {
        latencies.push(performance.now() - roundStart);
        received++;
      }
    });
    sockets.push(ws);
  }
  await new Promise((r) => setTimeout(r, 500));
  const actor = cookies[0];
  const values = ['Fuera de su horario laboral', 'Activo en espera'];
  // An operation: one change committed and its event written to every socket.
  const cpu = cpuPerOp(serverUrl);
  for (let r = 0; r < rounds; r++) {
    const expected = received + sockets.length;
    roundStart = performance.now();
    const res = await fetch(`${serverUrl}/api/me/availability`, {
      method: 'PUT',
      headers: { cookie: actor, 'content-type': 'application/json' },
      body: JSON.stringify({ disponibilidad: values[r % 2] }),
    });
    if (!res.ok) throw new Error(`availability change failed: ${res.status}`);
    const deadline = performance.now() + 2000;
    while (received < expected && performance.now() < deadline) await new Promise((x) => setTimeout(x, 2));
  }
  const serverCpuMsPerOp = cpu(rounds);
  for (const ws of sockets) ws.close();
  const sorted = latencies.sort((a, b) => a - b);
  const p50 = Math.round(percentile(sorted, 50) * 10) / 10;
  const p99 = percentile(sorted, 99);
  return {
    name: `live event to ${sockets.length} sockets`,
    deliveries: sorted.length,
    expected: rounds * sockets.length,
    p50ms: p50,
    p99ms: Math.round(p99 * 10) / 10,
    serverCpuMsPerOp,
    op: 'event',
    figure: `p50 ${p50} ms, p99 ${Math.round(p99 * 10) / 10} ms, ${sorted.length} of ${rounds * sockets.length} delivered`,
    budget: 'p99 ≤ 100 ms',
    met: p99 <= 100,
    pass: sorted.length === rounds * sockets.length && (quick || p99 <= 100),
  };
}
