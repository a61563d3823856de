import autocannon from 'autocannon';
import { cpuPerOp, databaseCpuPerOp } from './lib/server-process.js';
import { seedSignedInUsers } from './lib/staff.js';

/**
 * What the session check costs the server, the work every staff request begins with: GET
 * /api/auth/me from 1,000 signed-in users (the check, then the user as JSON) against the same
 * request with no cookie (answered null before any check), on 10 connections for 5 seconds each
 * after a warm-up of both (quick: 100 users, 1 second). The difference of their CPU per request is
 * the check's own. PostgreSQL's CPU a check is counted too, saturated (the checks that arrive
 * together read in one statement) and one request at a time (each check alone in its statement,
 * as most are under a steady load). No budget of its own: it is a part of every other one.
 */
export async function benchSession(serverUrl: string, databaseUrl: string, quick = false) {
  const seconds = quick ? 1 : 5;
  const { cookies } = await seedSignedInUsers(databaseUrl, quick ? 100 : 1000, 'Investigador', 'session');
  const run = async (withCookie: boolean, duration = seconds, connections = 10) => {
    let i = 0;
    const cpu = cpuPerOp(serverUrl);
    const dbCpu = databaseCpuPerOp();
    const result = await autocannon({
      url: `${serverUrl}/api/auth/me`,
      connections,
      duration,
      requests: [
        {
          setupRequest: (req: autocannon.Request) =>
            withCookie ? { ...req, headers: { ...req.headers, cookie: cookies[i++ % cookies.length] } } : req,
        },
      ],
    });
    const ops = result['2xx'] + result.non2xx;
    return { result, cpuMs: cpu(ops), dbCpuMs: dbCpu(ops) };
  };
  // Unmeasured: the server's code is compiled hot before either is counted.
  await run(false, 2);
  await run(true, 2);
  const bare = await run(false);
  const checked = await run(true);
  // One request at a time, every check alone in its statement, as most are under a steady load
  // (saturated, the checks that arrive together are read in one statement).
  const lone = await run(true, seconds, 1);
  const errors = [bare, checked, lone].reduce((n, r) => n + r.result.non2xx + r.result.errors, 0);
  const checkMs =
    bare.cpuMs === null || checked.cpuMs === null ? null : Number((checked.cpuMs - bare.cpuMs).toPrecision(3));
  // PostgreSQL's work is all the check's: the request without a cookie sends it nothing.
  const databaseCpuMsPerOp = checked.dbCpuMs;
  return {
    name: 'session check (GET /api/auth/me, signed in against no cookie)',
    perSecond: Math.round(checked.result['2xx'] / seconds),
    p50ms: checked.result.latency.p50,
    p99ms: checked.result.latency.p99,
    requestCpuMs: checked.cpuMs,
    bareRequestCpuMs: bare.cpuMs,
    serverCpuMsPerOp: checkMs,
    databaseCpuMsPerOp,
    loneDatabaseCpuMsPerOp: lone.dbCpuMs,
    op: 'check',
    errors,
    figure: `${Math.round(checked.result['2xx'] / seconds)}/s, p99 ${checked.result.latency.p99} ms; the request ${checked.cpuMs} ms, without a cookie ${bare.cpuMs} ms${databaseCpuMsPerOp === null ? '' : `; PostgreSQL ${databaseCpuMsPerOp} ms of CPU a check, ${lone.dbCpuMs} one at a time`}`,
    budget: 'none of its own (a part of every staff request)',
    pass: errors === 0,
  };
}
