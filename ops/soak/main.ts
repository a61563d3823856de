/**
 * npm run soak — a working day compressed, with faults, checked by queries afterwards.
 *
 *   npm run soak                 10 minutes of the full load against ops/cluster (PostgreSQL of its
 *                                own, 2 instances, nginx in front)
 *   npm run soak -- --quick      CI: one minute at a tenth of the load, the same faults
 *   --single                     one instance of our own on the shared PostgreSQL (DATABASE_URL,
 *                                default postgres://root@127.0.0.1:5432/test), without the database
 *                                restart — for trying the soak without ops/cluster
 *   --direct                     sockets dial the instances by turn instead of the proxy
 *   --instances N                Vialex instances of the cluster (default 2: the count for 2 cores)
 *   --seconds N                  another length (the faults keep their fractions of it)
 *   --scale X                    another share of the full load (quick: 0.1)
 *   --json FILE                  also write the report there
 *   --samples FILE               also write every request's and chat message's timings there (JSON,
 *                                run ms): to find what the slow moments had in common
 *   --keep                       keep the run's folder (the cluster's logs, nginx's access log)
 *   --no-faults                  the load alone, for diagnosing the steady state (the budgets' faults
 *                                are part of the soak: a run without them cannot pass)
 *   --no-screens                 the chat members' sockets only hear their rooms: no room on screen
 *                                shows, marks or reads a message after its event (as the soak did before)
 *   --texts-by-post              the chat members' texts go by POST, not on their sockets (as before 2026-12-03)
 *
 * Ports: SOAK_BASE_PORT, else the first block from 23000 (then 24000, …) nothing listens on: nginx
 * there, the instances after it, PostgreSQL at +432 — below the kernel's ephemeral range, where no
 * client connection can hold them; the fakes and their fault proxies on ports the system picks.
 * Load: staff sockets (half Administradores in the chat rooms, each with the room on screen, which
 * shows a message from its event and marks it over the socket, or reads it, as the web's room
 * does; half Investigadores sending positions,
 * one city each), positions, chat messages, case creations each followed by an assignment, two status
 * changes, an SMS (one in two) and an export (one in ten), the case list, case maps, reports.
 * Faults at fractions of the run: an instance SIGKILLed and started again (0.15), PostgreSQL
 * restarted (0.30), the policy, maps, SMS and SFTP fakes slow (0.45–0.55) then failing (0.55–0.65),
 * a burst of sign-ins (0.80). Afterwards the acknowledged writes are looked for in the database,
 * the 5xx and the latencies outside the fault windows (and GRACE_MS after each; the latencies after
 * the warm-up too) are counted, and
 * each instance's live heap is held flat. Exit 1 when anything is lost or a budget fails.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { SERVICES, startFaultyFakes, type FaultMode } from './faults.js';
import { now, percentile, request, round1, samples, sleep, startClock } from './http.js';
import { seed } from './seed.js';
import { StaffSocket } from './sockets.js';
import { RoomScreen, screenTotals } from '../../bench/lib/room-screen.js';
import { freeBase, startClusterTarget, startSingleTarget, type Target } from './target.js';
import { runWork, type Rates } from './work.js';
import { checkDatabase, presenceLeft, type PresenceLeft } from './checks.js';
import { cpuMeter, pidFromFile } from './cpu.js';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const quick = flag('--quick');
const single = flag('--single');
const noFaults = flag('--no-faults');
const scale = Number(option('--scale') ?? (quick ? 0.1 : 1));
const SECONDS = Number(option('--seconds') ?? (quick ? 60 : 600));
const INSTANCES = Number(option('--instances') ?? 2);
const SOCKETS = Math.round(1000 * scale);
const ROOMS = Math.round(100 * scale);
const SIGN_INS = Math.round(200 * scale);
const rates: Rates = {
  seconds: SECONDS,
  locations: 250 * scale,
  chat: 50 * scale,
  cases: 5 * scale,
  reportsPerMinute: Math.max(4, 20 * scale),
  caseList: quick ? 5 : 20,
  maps: quick ? 0.5 : 2,
  smsEvery: 2,
  exportEvery: 10,
};
/** Budgets outside the fault windows. */
const BUDGET = {
  /** README: case list p95 ≤ 5 ms at 10 clients on an idle server; under the whole soak load, through the proxy: p99 ≤ 50 ms. */
  caseListP99Ms: 50,
  /** README: chat commit → every online member p99 ≤ 100 ms. */
  chatP99Ms: 100,
  /** Every client resubscribed within 5 s of an instance's death: a field user barely notices a restart. */
  reconnectMs: 5000,
  /**
   * The live heap: the median of the last tenth of the run ≤ 1.2 × the median of its baseline — the
   * second tenth, or the fifth when the faults moved the instance's sockets or it was the one
   * restarted (memory.baseline).
   */
  heapGrowth: 1.2,
};
/** After a fault ends, answers still settling (a 10 s slow call started just before) are not held to the budgets. */
const GRACE_MS = 12_000;
/**
 * The load's first seconds are its warm-up, held like a fault's end: the instances start cold (V8
 * compiles their hot paths as the full load arrives at once) and every stream begins in the same
 * second, so medians of 50–200 ms fall to 10 within about 5 s. They are not held to the latency
 * budgets (everything else is, from the first second) and the report gives their own p99.
 */
const WARMUP_MS = GRACE_MS;
/** The room screens' routes, as the samples name them. */
const ROOM_READ = '/api/casos/:id/chats/general';
const ROOM_MARK = '/api/casos/:id/chats/general/leidos';
/** A chat member that stayed subscribed this long after the message's answer must have it. */
const DELIVERY_MS = 5_000;
/** Presence must be gone this long after the last socket closed: an expiry (30 s) and a heartbeat (10 s) and some. */
const PRESENCE_GONE_MS = 60_000;

const runId = randomBytes(3).toString('hex');
/**
 * The generator's own event loop: it timestamps every answer and every delivery, so a late loop
 * here inflates the latencies it reports (the report shows it beside the instances').
 */
const generatorLoop = monitorEventLoopDelay({ resolution: 10 });
const log = (line: string) => console.log(`[soak ${(now() / 1000).toFixed(1)}s] ${line}`);

interface Window {
  name: string;
  start: number;
  end: number;
  /** 5xx are expected during it (the sign-in burst is not a fault of the service). */
  allows5xx: boolean;
  detail?: Record<string, unknown>;
}

/**
 * The cluster's own lines are shown; the instances' warnings and errors are counted (their logs
 * stay in the run's folder with --keep) and each instance's last few kept, shown when it stops
 * with an exit code other than 0 (the run's folder is gone by then without --keep).
 */
let instanceLines = 0;
const lastLines = new Map<string, string[]>();
const clusterLog = (line: string) => {
  if (line.startsWith('cluster:')) {
    console.log(line);
    const failed = /^cluster: (\S+) stopped \(SIGTERM, exit [1-9]/.exec(line);
    if (failed) for (const l of lastLines.get(failed[1]) ?? []) console.log(`  ${l.slice(0, 2000)}`);
    return;
  }
  instanceLines++;
  const name = /^\[(\S+)\]/.exec(line)?.[1] ?? '?';
  const kept = lastLines.get(name) ?? [];
  kept.push(line);
  if (kept.length > 10) kept.shift();
  lastLines.set(name, kept);
};

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vialex-soak-${runId}-`));
  // The cluster's PostgreSQL runs as its own user and makes its folder in here.
  fs.chmodSync(dataDir, 0o755);
  const fakes = await startFaultyFakes(path.join(dataDir, 'sftp'));
  const env = {
    ...fakes.env,
    // Exports retry soon after a failure (2 s, 4 s, 8 s…) so the run sees them finish.
    EXPORT_RETRY_SECONDS: '2',
    JOBS_POLL_MS: '1000',
    METRICS_TOKEN: `soak-${runId}`,
    LOG_LEVEL: 'warn',
    DB_POOL_SIZE: '10',
  };
  let target: Target | undefined;
  const sockets: StaffSocket[] = [];
  const screens: RoomScreen[] = [];
  const windows: Window[] = [];
  const rss: MemorySample[] = [];
  let pass: boolean | undefined;
  let ended: Promise<void> | undefined;
  const end = () =>
    (ended ??= (async () => {
      for (const x of sockets) x.close();
      await target?.stop().catch((err: unknown) => console.error('stop failed:', err));
      await fakes.close();
      if (!pass) printProxyErrors(dataDir);
      if (flag('--keep')) console.log(`kept: ${dataDir}`);
      else fs.rmSync(dataDir, { recursive: true, force: true });
    })());
  // Ctrl-C or a time limit ends the run as its end does: PostgreSQL and nginx run in process
  // groups of their own, which the signal does not reach, and would outlive the run. The signal
  // comes twice (to the process group, and relayed by tsx): the first ends the run, a repeat
  // must not kill it before its end is done.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => {
      if (!ended) console.log(`soak: ${signal}, stopping the cluster`);
      void end().finally(() => process.exit(128 + os.constants.signals[signal]));
    });
  try {
    const startedAt = Date.now();
    const basePort = process.env.SOAK_BASE_PORT ? Number(process.env.SOAK_BASE_PORT) : await freeBase(23000, INSTANCES);
    target = single
      ? await startSingleTarget({
          basePort,
          instances: 1,
          env,
          dataDir,
          baseDatabaseUrl: process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test',
          log: console.log,
        })
      : await startClusterTarget({ basePort, instances: INSTANCES, env, dataDir, log: clusterLog });
    const t = target;
    log(`${t.kind}: ${t.url}, ${t.instances.length} instance(s), started in ${Date.now() - startedAt} ms`);
    const s = await seed(t.databaseUrl, {
      chatUsers: SOCKETS / 2,
      investigators: SOCKETS / 2,
      rooms: ROOMS,
      signIns: SIGN_INS,
      runId,
    });
    log(`seeded ${SOCKETS} staff, ${ROOMS} rooms, ${SIGN_INS} accounts to sign in`);

    // Sockets: Administradores in rooms i % ROOMS, each with its room on screen, Investigadores
    // with no topic.
    const dialUrls = () => (flag('--direct') ? t.instances.map((i) => i.url) : [t.url]);
    s.chat.cookies.forEach((cookie, i) => {
      const { caseId, roomId } = s.rooms[i % ROOMS];
      const screen = flag('--no-screens')
        ? undefined
        : new RoomScreen(
            `/api/casos/${caseId}/chats/general`,
            (method, url, json) =>
              request(t.url, `${method} ${method === 'GET' ? ROOM_READ : ROOM_MARK}`, method, url, { cookie, json }),
            now,
          );
      if (screen) screens.push(screen);
      sockets.push(new StaffSocket(i, cookie, dialUrls, `chat:${roomId}`, screen));
    });
    s.investigators.cookies.forEach((cookie, i) =>
      sockets.push(new StaffSocket(s.chat.cookies.length + i, cookie, dialUrls)),
    );
    for (let i = 0; i < sockets.length; i += 50) await Promise.all(sockets.slice(i, i + 50).map((x) => x.connect()));
    log(`${sockets.filter((x) => x.open).length} sockets subscribed`);
    const spread = await liveSockets(t, t.metricsToken);
    log(`live sockets per instance: ${spread.join(', ')}`);

    // The run.
    const shift = startClock();
    generatorLoop.enable();
    // Where the run's CPU goes: each part's process trees, and this process (the load generator).
    const cpu = cpuMeter(() => ({
      instances: t.instances.map((i) => i.pid()),
      postgres: [pidFromFile(path.join(dataDir, 'pg', 'postmaster.pid'))],
      nginx: [pidFromFile(path.join(dataDir, 'nginx', 'nginx.pid'))],
    }));
    cpu.sample();
    const generatorBefore = process.cpuUsage();
    const cpuFrom = performance.now();
    for (const x of sockets) x.rebase(shift);
    const endMs = SECONDS * 1000;
    const sampler = setInterval(
      () => {
        cpu.sample();
        t.instances.forEach((inst, i) => {
          const pid = inst.pid();
          const kb = pid ? rssKb(pid) : undefined;
          if (!pid || !kb) return;
          const sample: MemorySample = { t: now(), instance: i, pid, kb, fds: openFiles(pid) };
          rss.push(sample);
          void liveHeap(inst.url, t.metricsToken).then(({ mb, collections }) => {
            sample.heapMb = mb;
            sample.collections = collections;
          });
        });
      },
      quick ? 1000 : 5000,
    );
    // The chat members' texts go on their sockets, as the app sends them (--texts-by-post: by POST).
    const texters = flag('--texts-by-post') ? [] : sockets.slice(0, s.chat.cookies.length);
    const work = runWork(() => t.url, s, rates, endMs, endMs + 30_000, runId, screens, texters);
    const faults = noFaults ? Promise.resolve() : runFaults(t, fakes, windows, s, sockets, endMs);
    const [w] = await Promise.all([work, faults]);
    clearInterval(sampler);
    cpu.sample();
    const generator = process.cpuUsage(generatorBefore);
    const wallSeconds = (performance.now() - cpuFrom) / 1000;
    const cpuSeconds = { ...cpu.seconds(), generator: (generator.user + generator.system) / 1e6 };
    // Each part's CPU over the run, in % of one core (the machine has `cpus` × 100 %).
    const cpuPercent = Object.fromEntries(
      Object.entries(cpuSeconds).map(([part, sec]) => [part, Math.round((sec / wallSeconds) * 100)]),
    );
    const loop = await loopDelays(t, t.metricsToken);
    log('load done; waiting for the last deliveries and exports');
    await sleep(DELIVERY_MS);
    for (const x of screens) x.stop();
    for (const x of sockets) x.close();
    // Exports that ended in Error during the SFTP fault are asked again, as staff would (Reintentar).
    await settleExports(t, s, w);

    const db = await checkDatabase(t.databaseUrl, s, w);
    const presence = await presenceLeft(t.databaseUrl, PRESENCE_GONE_MS);
    const report = buildReport(
      t,
      s,
      w,
      db,
      presence,
      loop,
      windows,
      rss,
      sockets,
      screens,
      spread,
      fakes.counts,
      cpuPercent,
    );
    print(report);
    const out = option('--json');
    if (out) fs.writeFileSync(out, JSON.stringify(report, null, 2));
    const samplesOut = option('--samples');
    if (samplesOut) fs.writeFileSync(samplesOut, JSON.stringify(rawTimings(s, w, sockets)));
    pass = report.pass;
  } finally {
    await end();
  }
  process.exit(pass ? 0 : 1);
}

/**
 * nginx's own account of a failed run (which instance it took out, and why) is gone with the run's
 * folder: its last lines are printed, so a failure on CI can be read from CI's log.
 */
function printProxyErrors(dataDir: string) {
  const file = path.join(dataDir, 'nginx', 'logs', 'error.log');
  if (!fs.existsSync(file)) return;
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
  if (lines.length === 0) return;
  console.log(`nginx's error log, its last ${Math.min(lines.length, 40)} of ${lines.length} lines:`);
  for (const line of lines.slice(-40)) console.log(`  ${line.slice(0, 300)}`);
}

/** An instance's resident memory, live heap and open descriptors (mostly its sockets: what it holds). */
interface MemorySample {
  t: number;
  instance: number;
  pid: number;
  kb: number;
  fds: number;
  /** The live heap (after the last full collection), from the instance's metrics. */
  heapMb?: number;
  /** How many full collections the instance had made when it answered: which one heapMb is from. */
  collections?: number;
}

/**
 * `vialex_heap_live_bytes` and the count of full collections behind it, each alone (`?name=`: the
 * event-loop figures are not restarted by it).
 */
async function liveHeap(url: string, token: string): Promise<{ mb?: number; collections?: number }> {
  const read = async (name: string) => metricValues(await metricsText(url, token, name), [name])[0];
  const [bytes, collections] = await Promise.all([
    read('vialex_heap_live_bytes'),
    read('vialex_heap_full_collections_total'),
  ]);
  return {
    mb: bytes >= 0 ? bytes / 2 ** 20 : undefined,
    collections: collections >= 0 ? collections : undefined,
  };
}

/**
 * The live heap of a stretch [from, to) of one process's samples, from full collections made in it.
 * A figure is what the last full collection left, and an instance can go minutes without one: a
 * figure read in the stretch may be older than the stretch (a warm-up's heap read as the second
 * tenth's). Without a collection in the stretch, the first figure of one after it; without any, the
 * stretch's own figures, the newest there are.
 */
function heapOfStretch(samples: MemorySample[], from: number, to: number, median: (xs: number[]) => number) {
  const read = samples.filter((r) => r.heapMb !== undefined && r.collections !== undefined);
  const before = read.filter((r) => r.t < from).at(-1)?.collections ?? -1;
  const fresh = read.filter((r) => r.collections! > before);
  const inStretch = fresh.filter((r) => r.t >= from && r.t < to);
  if (inStretch.length) return { mb: median(inStretch.map((r) => r.heapMb!)) };
  const next = fresh.find((r) => r.t >= to);
  if (next) return { mb: next.heapMb!, collectedAtS: Math.round(next.t / 1000) };
  return {
    mb: median(read.filter((r) => r.t >= from && r.t < to).map((r) => r.heapMb!)),
    noCollection: true,
  };
}

function openFiles(pid: number): number {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return -1;
  }
}

function rssKb(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Some metrics of each instance, from one scrape each (/metrics with the token: one scrape, as
 * the event-loop figures start again at every scrape); -1 where it did not answer.
 */
async function scrape(t: Target, token: string, metrics: string[]): Promise<number[][]> {
  return Promise.all(t.instances.map(async (i) => metricValues(await metricsText(i.url, token), metrics)));
}

/** An instance's /metrics (one metric with `name`); '' when it does not answer. */
async function metricsText(url: string, token: string, name?: string): Promise<string> {
  try {
    const res = await fetch(`${url}/metrics${name ? `?name=${name}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return await res.text();
  } catch {
    return '';
  }
}

/** The value of each unlabelled metric in a scrape's text; -1 where it is not there. */
function metricValues(text: string, metrics: string[]): number[] {
  return metrics.map((metric) => {
    const m = new RegExp(`^${metric}\\s+([\\d.e+-]+)$`, 'm').exec(text);
    return m ? Number(m[1]) : -1;
  });
}

/** vialex_live_sockets of each instance. */
const liveSockets = async (t: Target, token: string) =>
  (await scrape(t, token, ['vialex_live_sockets'])).map(([n]) => n);

/**
 * Each instance's event-loop delay over the run, p99 and max in ms (prom-client measures it
 * between two scrapes: from the start's scrape, or a restarted instance's start, to the end).
 */
async function loopDelays(t: Target, token: string): Promise<{ p99Ms: number; maxMs: number }[]> {
  const figures = await scrape(t, token, ['nodejs_eventloop_lag_p99_seconds', 'nodejs_eventloop_lag_max_seconds']);
  return figures.map(([p99, max]) => ({ p99Ms: round1(p99 * 1000), maxMs: round1(max * 1000) }));
}

async function untilReady(urls: string[], timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (const url of urls) {
    for (;;) {
      try {
        if ((await fetch(`${url}/api/ready`)).ok) break;
      } catch {
        // not yet
      }
      if (Date.now() > deadline) throw new Error(`${url} not ready in ${timeoutMs} ms`);
      await sleep(100);
    }
  }
}

/** The faults, at fractions of the run; each window recorded on the run's clock. */
async function runFaults(
  t: Target,
  fakes: Awaited<ReturnType<typeof startFaultyFakes>>,
  windows: Window[],
  s: Awaited<ReturnType<typeof seed>>,
  sockets: StaffSocket[],
  endMs: number,
) {
  const at = async (fraction: number) => {
    const wait = fraction * endMs - now();
    if (wait > 0) await sleep(wait);
  };

  // 1. An instance SIGKILLed, then started again; the window lasts until it is ready and every
  //    socket it dropped is subscribed again.
  await at(0.15);
  {
    const victim = t.instances.length > 1 ? 1 : 0;
    const inst = t.instances[victim];
    const start = now();
    log(`fault: SIGKILL instance ${victim} (pid ${inst.pid()})`);
    await inst.stop('SIGKILL');
    const killedAt = now();
    await sleep(500);
    await inst.start();
    const readyAt = now();
    // Sockets whose connection closed at the kill: the time until each was subscribed again.
    const dropped = sockets.filter((x) => x.epochs.some((e) => e.closed !== undefined && e.closed >= start));
    const deadline = now() + 30_000;
    while (dropped.some((x) => !x.open) && now() < deadline) await sleep(50);
    const reconnectMs = dropped.map((x) => {
      const closed = x.epochs.find((e) => e.closed !== undefined && e.closed >= start)!;
      const back = x.epochs.find((e) => e.opened >= closed.closed! && e.ready !== undefined);
      return back ? back.ready! - closed.closed! : Infinity;
    });
    reconnectMs.sort((a, b) => a - b);
    windows.push({
      name: `instance ${victim} SIGKILLed and restarted`,
      start,
      end: now(),
      allows5xx: true,
      detail: {
        downMs: Math.round(readyAt - killedAt),
        socketsDropped: dropped.length,
        resubscribedP50Ms: Math.round(percentile(reconnectMs, 50)),
        resubscribedMaxMs: Math.round(reconnectMs.at(-1) ?? 0),
        notBack: reconnectMs.filter((x) => x === Infinity).length,
        examples: dropped
          .slice(0, 3)
          .map((x) =>
            x.epochs.map((e) =>
              [e.opened, e.ready, e.closed, e.code].map((v) => (v === undefined ? null : Math.round(v))),
            ),
          ),
        failedDials: countBy(dropped.flatMap((x) => x.failures.filter((f) => f.t >= start).map((f) => f.reason))),
      },
    });
  }

  // 2. PostgreSQL restarted.
  await at(0.3);
  if (t.restartPostgres) {
    const start = now();
    log('fault: PostgreSQL restart');
    await t.restartPostgres();
    const back = now();
    await untilReady(t.instances.map((i) => i.url));
    windows.push({
      name: 'PostgreSQL restarted',
      start,
      end: now(),
      allows5xx: true,
      detail: { restartMs: Math.round(back - start), readyAfterMs: Math.round(now() - start) },
    });
  } else log('fault skipped: PostgreSQL restart (--single: the shared server is not ours)');

  // 3. The outside services slow (10 s), then failing, then back.
  const setAll = (m: FaultMode) => SERVICES.forEach((svc) => fakes.set(svc, m));
  await at(0.45);
  let start = now();
  log('fault: policy, maps, SMS and SFTP slow (10 s)');
  setAll('slow');
  await at(0.55);
  windows.push({ name: 'outside services slow (10 s)', start, end: now(), allows5xx: true });
  start = now();
  log('fault: policy, maps, SMS and SFTP failing');
  setAll('fail');
  await at(0.65);
  setAll('ok');
  windows.push({ name: 'outside services failing', start, end: now(), allows5xx: true });
  log('outside services back');

  // 4. A burst of sign-ins (argon2 on every instance's thread pool), all at once.
  await at(0.8);
  start = now();
  log(`burst: ${s.signIn.emails.length} sign-ins`);
  // Each person whose sign-in is refused (429) tries again 2 s later, for at most a minute.
  const first: number[] = [];
  const answers = await Promise.all(
    s.signIn.emails.map(async (email) => {
      const began = now();
      for (let attempt = 0; ; attempt++) {
        const a = await request(t.url, 'POST /api/auth/login', 'POST', '/api/auth/login', {
          json: { email, password: s.signIn.password },
        });
        if (attempt === 0) first.push(a.status);
        if (a.status !== 429 || now() - began > 60_000) return { status: a.status, ms: now() - began, attempt };
        await sleep(2000);
      }
    }),
  );
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  windows.push({
    name: `burst of ${answers.length} sign-ins`,
    start,
    end: now(),
    allows5xx: false,
    detail: {
      ok: answers.filter((a) => a.status === 200).length,
      firstTry: countBy(first),
      statuses: countBy(answers.map((a) => a.status)),
      retried: answers.filter((a) => a.attempt > 0).length,
      p50Ms: Math.round(percentile(ms, 50)),
      maxMs: Math.round(ms.at(-1) ?? 0),
    },
  });
}

const countBy = (xs: (string | number)[]) => {
  const out: Record<string, number> = {};
  for (const x of xs) out[x] = (out[x] ?? 0) + 1;
  return out;
};

/** Waits for the exports to end; those that ended in Error are retried once (Reintentar) and waited for. */
async function settleExports(t: Target, s: Awaited<ReturnType<typeof seed>>, w: Awaited<ReturnType<typeof runWork>>) {
  const ids = w.cases.flatMap((c) => (c.exportacion?.id ? [{ id: c.exportacion.id, desk: c.desk }] : []));
  if (!ids.length) return;
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  try {
    const states = async () =>
      (
        await db.query<{ id: string; estado: string }>(
          `select id, estado from exportaciones where id = any($1::uuid[])`,
          [ids.map((x) => x.id)],
        )
      ).rows;
    const wait = async (ms: number) => {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline && (await states()).some((r) => r.estado === 'En proceso')) await sleep(500);
    };
    await wait(40_000);
    const failed = (await states()).filter((r) => r.estado === 'Error');
    for (const f of failed) {
      const desk = ids.find((x) => x.id === f.id)!.desk;
      await request(t.url, 'POST /api/exportaciones/:id/reintentar', 'POST', `/api/exportaciones/${f.id}/reintentar`, {
        cookie: s.chat.cookies[desk],
      });
    }
    if (failed.length) {
      log(`${failed.length} exports ended in Error during the faults: retried`);
      await wait(40_000);
    }
  } finally {
    await db.end();
  }
}

/** Every request (start, route, status, ms) and chat message (send, answer, each arrival's ms after the send). */
function rawTimings(
  s: Awaited<ReturnType<typeof seed>>,
  w: Awaited<ReturnType<typeof runWork>>,
  sockets: StaffSocket[],
) {
  const chat = w.chat.map((m) => {
    const key = `${s.rooms[m.room].roomId}:${m.indexId}`;
    const arrivals = sockets.flatMap((x) => {
      const at = x.arrivals.get(key);
      return at === undefined ? [] : [Math.round(at - m.firstAt)];
    });
    return { t: Math.round(m.firstAt), ack: m.ackAt === undefined ? null : Math.round(m.ackAt - m.firstAt), arrivals };
  });
  const requests = samples.filter((x) => x.t >= 0).map((x) => [Math.round(x.t), x.route, x.status, Math.round(x.ms)]);
  return { chat, requests };
}

function buildReport(
  t: Target,
  s: Awaited<ReturnType<typeof seed>>,
  w: Awaited<ReturnType<typeof runWork>>,
  db: Awaited<ReturnType<typeof checkDatabase>>,
  presence: PresenceLeft,
  loop: { p99Ms: number; maxMs: number }[],
  windows: Window[],
  rss: MemorySample[],
  sockets: StaffSocket[],
  screens: RoomScreen[],
  spread: number[],
  fakeCounts: Awaited<ReturnType<typeof startFaultyFakes>>['counts'],
  cpuPercent: Record<string, number>,
) {
  const endMs = SECONDS * 1000;
  const inWindow = (x: number) => windows.some((win) => x >= win.start && x <= win.end + GRACE_MS);
  const during = samples.filter((x) => x.t >= 0);
  // A request counts as in a window when any part of it (sent … answered) overlaps the window.
  const overlaps = (x: { t: number; ms: number }) =>
    windows.some((win) => win.allows5xx && x.t <= win.end + GRACE_MS && x.t + x.ms >= win.start);
  // 5xx or no answer at all, outside the windows that allow them.
  const errors = during.filter((x) => (x.status >= 500 || x.status === 0) && !overlaps(x));
  const errorsInWindows = during.filter((x) => (x.status >= 500 || x.status === 0) && overlaps(x));

  const listAnswers = during.filter((x) => x.route === 'GET /api/casos' && x.status === 200 && !inWindow(x.t));
  const list = listAnswers
    .filter((x) => x.t >= WARMUP_MS)
    .map((x) => x.ms)
    .sort((a, b) => a - b);
  const listWarmup = listAnswers
    .filter((x) => x.t < WARMUP_MS)
    .map((x) => x.ms)
    .sort((a, b) => a - b);

  // Chat delivery: each acknowledged message to each member of its room that stayed subscribed from
  // before its first send until DELIVERY_MS after its answer.
  const members = new Map<number, StaffSocket[]>();
  sockets.forEach((x, i) => {
    if (i >= s.chat.ids.length) return;
    const list2 = members.get(i % s.rooms.length) ?? [];
    list2.push(x);
    members.set(i % s.rooms.length, list2);
  });
  const latencies: number[] = [];
  const warmupLatencies: number[] = [];
  let expected = 0;
  let delivered = 0;
  let missedOutside = 0;
  let missedInWindows = 0;
  let duplicates = 0;
  let messagesOutside = 0;
  const missedBy: Record<string, number> = {};
  // On the other members' screens: from the send to the read that showed it.
  const screenLatencies: number[] = [];
  let notShownOutside = 0;
  const missedOutsideAt: Record<string, number> = {};
  for (const x of sockets) duplicates += x.duplicates;
  for (const m of w.chat) {
    if (m.ackAt === undefined || m.indexId === undefined) continue;
    const key = `${s.rooms[m.room].roomId}:${m.indexId}`;
    const outside = !inWindow(m.firstAt);
    if (outside) messagesOutside++;
    for (const x of members.get(m.room) ?? []) {
      if (!x.heldThrough(m.firstAt, m.ackAt + DELIVERY_MS)) continue;
      expected++;
      const at = x.arrivals.get(key);
      if (at === undefined) {
        if (outside) {
          missedOutside++;
          // By the 10 s of the run the message was sent in, to tell a gap from a scatter.
          const bucket = `${Math.floor(m.firstAt / 10_000) * 10}s`;
          missedOutsideAt[bucket] = (missedOutsideAt[bucket] ?? 0) + 1;
        } else {
          missedInWindows++;
          // The latest window begun before the send (graces overlap the next fault's start).
          const win = windows.filter((x2) => m.firstAt >= x2.start && m.firstAt <= x2.end + GRACE_MS).at(-1);
          if (win) missedBy[win.name] = (missedBy[win.name] ?? 0) + 1;
        }
        continue;
      }
      delivered++;
      if (outside) (m.firstAt >= WARMUP_MS ? latencies : warmupLatencies).push(at - m.firstAt);
      const screen = screens[x.index];
      if (!screen || x.index === m.sender || !outside) continue;
      const shownAt = screen.shown.get(m.indexId);
      if (shownAt === undefined) notShownOutside++;
      else if (m.firstAt >= WARMUP_MS) screenLatencies.push(shownAt - m.firstAt);
    }
  }
  latencies.sort((a, b) => a - b);
  warmupLatencies.sort((a, b) => a - b);
  screenLatencies.sort((a, b) => a - b);
  const screenSums = screenTotals(screens);

  // Memory: per instance process, the median of the last tenth of the run against the second tenth.
  const tenth = endMs / 10;
  const median = (xs: number[]) => {
    const ys = [...xs].sort((a, b) => a - b);
    return ys.length ? ys[Math.floor(ys.length / 2)] : NaN;
  };
  const memory = t.instances.map((_, i) => {
    const mine = rss.filter((r) => r.instance === i);
    const lastPid = mine.at(-1)?.pid;
    const ofPid = mine.filter((r) => r.pid === lastPid);
    const born = ofPid[0]?.t ?? 0;
    // A restarted instance is measured from its own start: its second tenth after it.
    const second = ofPid.filter((r) => r.t >= born + tenth && r.t < born + 2 * tenth);
    const last = ofPid.filter((r) => r.t >= endMs - tenth);
    const heapOf = (xs: MemorySample[]) => median(xs.flatMap((r) => (r.heapMb === undefined ? [] : [r.heapMb])));
    const kbOf = (xs: MemorySample[]) => median(xs.map((r) => r.kb));
    const fdsOf = (xs: MemorySample[]) => median(xs.map((r) => r.fds));
    // A heap is compared at the same work: the kill and the database restart may leave most sockets
    // on one instance (its heap then holds ~1,000 sockets' state, not a leak). When the open
    // descriptors of the second tenth and the last differ by more than a fifth, the baseline is the
    // fifth tenth instead, the first whole one after the database restart (0.30), the last fault
    // that moves sockets: half a run of steady load is still compared.
    const moved = Math.abs(fdsOf(second) - fdsOf(last)) > 0.2 * fdsOf(last);
    // So is an instance the kill restarted (0.15): its own second tenth is its first minutes,
    // still filling what a warm instance holds (compiled code, prepared statements, the hub's
    // minute of events), and it spans the database restart; its heap rises there, then holds
    // flat (ops/soak/HISTORY.md, 2026-11-30).
    const restarted = born > tenth;
    const fromFifth = moved ? 'sockets moved' : restarted ? 'restarted' : undefined;
    const [baseFrom, baseTo] = fromFifth ? [4 * tenth, 5 * tenth] : [born + tenth, born + 2 * tenth];
    const baseline = ofPid.filter((r) => r.t >= baseFrom && r.t < baseTo);
    // Held: the live heap (what full collections leave), which a leak raises, as collections made
    // in each stretch measured it. Resident memory, reported beside it, also moves with garbage
    // not yet collected and sockets moved by a fault.
    const baseHeap = heapOfStretch(ofPid, baseFrom, baseTo, median);
    const lastHeap = heapOfStretch(ofPid, endMs - tenth, Infinity, median);
    const ratio = lastHeap.mb / baseHeap.mb;
    const rssRatio = kbOf(last) / kbOf(baseline);
    const collected = (h: typeof baseHeap) =>
      h.collectedAtS !== undefined
        ? `, its first full collection after it at ${h.collectedAtS} s`
        : h.noCollection
          ? ', no full collection since it began'
          : '';
    return {
      instance: i,
      pid: lastPid,
      baseline: `${fromFifth ? `fifth tenth (${fromFifth})` : 'second tenth'}${collected(baseHeap)}`,
      baselineMb: round1(baseHeap.mb),
      lastTenthMb: round1(lastHeap.mb),
      ratio: Math.round(ratio * 100) / 100,
      flat: Number.isFinite(ratio) ? ratio <= BUDGET.heapGrowth : undefined,
      rss: {
        baselineMb: round1(kbOf(baseline) / 1024),
        lastTenthMb: round1(kbOf(last) / 1024),
        peakMb: round1(Math.max(...mine.map((r) => r.kb)) / 1024),
        ratio: Math.round(rssRatio * 100) / 100,
      },
      // Each tenth of the run: resident MB, live heap MB and open descriptors (mostly sockets).
      byTenth: Array.from({ length: 10 }, (_, k) => {
        const inTenth = ofPid.filter((r) => r.t >= k * tenth && r.t < (k + 1) * tenth);
        return inTenth.length
          ? [round1(kbOf(inTenth) / 1024), round1(heapOf(inTenth)), median(inTenth.map((r) => r.fds))]
          : null;
      }),
    };
  });

  const kill = windows.find((x) => x.name.includes('SIGKILL'));
  const reconnectMax = Number(kill?.detail?.resubscribedMaxMs ?? 0);
  const routes = countBy(during.map((x) => x.route));
  const statuses: Record<string, Record<string, number>> = {};
  for (const x of during) {
    statuses[x.route] ??= {};
    statuses[x.route][x.status] = (statuses[x.route][x.status] ?? 0) + 1;
  }
  // The load the server took: each stream's 2xx answers against its offered rate × the run.
  const twoXx = (route: string) => during.filter((x) => x.route === route && x.status >= 200 && x.status < 300).length;
  const offered = (perSecond: number) => perSecond * SECONDS;
  const achieved = {
    locations: twoXx('PUT /api/me/location') / offered(rates.locations),
    chat: w.chat.filter((m) => m.ackAt !== undefined).length / offered(rates.chat),
    cases: w.cases.filter((c) => c.id).length / offered(rates.cases),
    caseList: twoXx('GET /api/casos') / offered(rates.caseList),
  };
  const worstShare = Math.min(...Object.values(achieved));
  const caseListP99 = percentile(list, 99);
  const chatP99 = percentile(latencies, 99);
  // A quick run's fault windows and their graces can cover all of it: then there is no p99 to read.
  const tail = (p99: number) => (Number.isNaN(p99) ? 'no sample outside the windows and the warm-up' : round1(p99));
  const burst = windows.find((x) => x.name.includes('sign-ins'));
  const burstOk = burst ? burst.detail?.ok === s.signIn.emails.length : true;
  const burstFirstTry = burst
    ? ((burst.detail?.firstTry as Record<string, number> | undefined)?.['200'] ?? 0)
    : s.signIn.emails.length;
  const budgets = [
    {
      name: 'the load sustained: each stream (positions, chat, cases, case list) ≥ 90 % of its rate answered 2xx',
      value: Object.entries(achieved)
        .map(([k, v]) => `${k} ${Math.round(v * 100)}%`)
        .join(', '),
      met: worstShare >= 0.9,
      held: !quick,
    },
    {
      name: 'nothing lost (acknowledged writes in the database once; chat deliveries outside the windows)',
      value: db.lost + missedOutside + duplicates,
      met: db.lost === 0 && missedOutside === 0 && duplicates === 0,
      held: true,
    },
    {
      name: 'no 5xx or unanswered request outside the fault windows',
      value: errors.length,
      met: errors.length === 0,
      held: true,
    },
    {
      name: `every sign-in of the burst answered 200 at its first try`,
      value: burstFirstTry,
      met: burstOk && burstFirstTry === s.signIn.emails.length,
      held: true,
    },
    {
      name: `presence given back: no room screen or followed position counted once every socket closed (the killed instance's swept)`,
      value: `${presence.roomScreens} screens, ${presence.followedPositions} follows after ${round1(presence.waitedMs / 1000)} s`,
      met: presence.roomScreens === 0 && presence.followedPositions === 0,
      held: true,
    },
    {
      name: `case list p99 ≤ ${BUDGET.caseListP99Ms} ms outside the windows and the warm-up`,
      value: tail(caseListP99),
      met: caseListP99 <= BUDGET.caseListP99Ms,
      held: !quick,
    },
    {
      name: `chat delivery p99 ≤ ${BUDGET.chatP99Ms} ms outside the windows and the warm-up`,
      value: tail(chatP99),
      met: chatP99 <= BUDGET.chatP99Ms,
      held: !quick,
    },
    {
      name: `every dropped socket resubscribed ≤ ${BUDGET.reconnectMs} ms after the kill`,
      value: reconnectMax,
      met: reconnectMax <= BUDGET.reconnectMs && Number(kill?.detail?.notBack ?? 0) === 0,
      held: true,
    },
    {
      name: `memory flat: the live heap's last-tenth median ≤ ${BUDGET.heapGrowth}× its baseline's (the second tenth, or the fifth where sockets moved or the instance restarted), each instance`,
      value: memory.map((m) => m.ratio).join(' / '),
      // A live heap never read (no figure to compare) fails too: a check that cannot fail is none.
      met: memory.every((m) => m.flat === true),
      held: !quick,
    },
  ];
  const pass = !noFaults && budgets.every((b) => b.met || !b.held);
  return {
    mode: `${quick ? 'quick' : 'full'}${noFaults ? ', no faults' : ''}`,
    target: t.kind,
    instances: t.instances.length,
    seconds: SECONDS,
    load: {
      sockets: sockets.length,
      rooms: s.rooms.length,
      rates,
      socketsPerInstanceAtStart: spread,
      eventLoopDelayPerInstance: loop,
      achieved: Object.fromEntries(Object.entries(achieved).map(([k, v]) => [k, Math.round(v * 1000) / 10])),
      shed: w.shed,
      generatorCpuSeconds: round1((process.cpuUsage().user + process.cpuUsage().system) / 1e6),
      generatorEventLoop: {
        p99Ms: round1(generatorLoop.percentile(99) / 1e6),
        maxMs: round1(generatorLoop.max / 1e6),
      },
      loadAverage: os.loadavg().map((x) => round1(x)),
      cpus: os.cpus().length,
      cpuPercent,
    },
    windows: windows.map((x) => ({
      ...x,
      start: round1(x.start / 1000),
      end: round1(x.end / 1000),
      graceS: GRACE_MS / 1000,
    })),
    requests: {
      byRoute: routes,
      statuses,
      errorsOutsideWindows: errors.length,
      /** The first 20 of them. */
      errorsOutsideWindowsFirst: errors.slice(0, 20),
      errorsInWindows: errorsInWindows.length,
    },
    refusals: Object.fromEntries(w.refusals),
    caseList: {
      samples: list.length,
      p50Ms: round1(percentile(list, 50)),
      p95Ms: round1(percentile(list, 95)),
      p99Ms: round1(caseListP99),
      warmup: { samples: listWarmup.length, p99Ms: round1(percentile(listWarmup, 99)) },
    },
    chat: {
      sent: w.chat.length,
      acknowledged: w.chat.filter((m) => m.ackAt !== undefined).length,
      retried: w.chat.filter((m) => m.attempts > 1).length,
      messagesOutsideWindows: messagesOutside,
      expectedDeliveries: expected,
      delivered,
      missedOutsideWindows: missedOutside,
      missedOutsideBySendTime: missedOutsideAt,
      missedInWindows,
      missedByWindow: missedBy,
      duplicates,
      p50Ms: round1(percentile(latencies, 50)),
      p99Ms: round1(chatP99),
      warmup: { deliveries: warmupLatencies.length, p99Ms: round1(percentile(warmupLatencies, 99)) },
      // The rooms on screen: the messages shown from their events (marked over the socket), their
      // reads and marks by request (their 5xx are held with every request's),
      // and when a message showed on each other member's screen (no budget of its own).
      screens: screens.length
        ? {
            members: screens.length,
            socketMarks: screenSums.socketMarks,
            reads: screenSums.reads,
            marksRead: screenSums.marksRead,
            failed: screenSums.failures,
            requestsPerMessage: round1(
              (screenSums.reads + screenSums.marksRead) / Math.max(1, w.chat.filter((m) => m.ackAt).length),
            ),
            notShownOutsideWindows: notShownOutside,
            p50Ms: round1(percentile(screenLatencies, 50)),
            p99Ms: round1(percentile(screenLatencies, 99)),
          }
        : null,
    },
    cases: {
      started: w.cases.length,
      acknowledged: w.cases.filter((c) => c.id).length,
      retried: w.cases.filter((c) => c.attempts > 1).length,
      assigned: w.cases.filter((c) => c.assigned).length,
      statusChanges: w.cases.reduce((a, c) => a + c.statuses.filter((x) => x.acked).length, 0),
      sms: countBy(w.cases.flatMap((c) => (c.sms ? [c.sms.status] : []))),
      exports: countBy(w.cases.flatMap((c) => (c.exportacion ? [c.exportacion.status] : []))),
    },
    locations: {
      acknowledged: during.filter((x) => x.route === 'PUT /api/me/location' && x.status >= 200 && x.status < 300)
        .length,
      skippedBusy: w.locations.reduce((a, l) => a + l.skipped, 0),
    },
    outsideServices: fakeCounts,
    instanceLogWarningsAndErrors: instanceLines,
    database: db,
    memory,
    budgets,
    pass,
  };
}

function print(r: ReturnType<typeof buildReport>) {
  console.log(JSON.stringify(r, null, 2));
  const rows: [string, string][] = [
    [
      'mode',
      `${r.mode}, ${r.target}, ${r.instances} instance(s), ${r.seconds} s, load average ${r.load.loadAverage.join(' ')}`,
    ],
    [
      'CPU',
      `${Object.entries(r.load.cpuPercent)
        .map(([part, pct]) => `${part} ${pct} %`)
        .join(', ')} of one core (${r.load.cpus * 100} % in all)`,
    ],
    ['sockets', `${r.load.sockets} (per instance at start: ${r.load.socketsPerInstanceAtStart.join(', ')})`],
    [
      'load taken',
      `${Object.entries(r.load.achieved)
        .map(([k, v]) => `${k} ${v}%`)
        .join(
          ', ',
        )} of the offered rates; shed ${JSON.stringify(r.load.shed)}; generator CPU ${r.load.generatorCpuSeconds} s`,
    ],
    ...r.windows.map((w): [string, string] => [
      `fault ${w.start}–${w.end} s`,
      `${w.name} ${w.detail ? JSON.stringify(w.detail) : ''}`,
    ]),
    [
      'cases',
      `${r.cases.acknowledged}/${r.cases.started} acknowledged (${r.cases.retried} retried), numbers ${r.database.cases.numbers.first}–${r.database.cases.numbers.last} gapless ${r.database.cases.numbers.gapless}`,
    ],
    [
      'chat',
      `${r.chat.acknowledged}/${r.chat.sent} acknowledged, ${r.chat.delivered}/${r.chat.expectedDeliveries} deliveries (missed outside windows ${r.chat.missedOutsideWindows}, in windows ${r.chat.missedInWindows}), p50 ${r.chat.p50Ms} ms p99 ${r.chat.p99Ms} ms; the warm-up's p99 ${r.chat.warmup.p99Ms} ms`,
    ],
    [
      'room screens',
      r.chat.screens
        ? `${r.chat.screens.members} members' rooms on screen: ${r.chat.screens.socketMarks} shown from their event and marked over the socket, ${r.chat.screens.reads} reads and ${r.chat.screens.marksRead} marks read (${r.chat.screens.requestsPerMessage} a message, ${r.chat.screens.failed} failed); on the other members' screens p50 ${r.chat.screens.p50Ms} ms p99 ${r.chat.screens.p99Ms} ms (not shown outside windows ${r.chat.screens.notShownOutsideWindows})`
        : 'none (--no-screens)',
    ],
    [
      'case list',
      `${r.caseList.samples} outside windows and the warm-up: p50 ${r.caseList.p50Ms} p95 ${r.caseList.p95Ms} p99 ${r.caseList.p99Ms} ms; the warm-up's p99 ${r.caseList.warmup.p99Ms} ms`,
    ],
    [
      'event loop',
      [
        ...r.load.eventLoopDelayPerInstance.map((d, i) => `#${i} p99 ${d.p99Ms} ms, max ${d.maxMs} ms`),
        `the generator's p99 ${r.load.generatorEventLoop.p99Ms} ms, max ${r.load.generatorEventLoop.maxMs} ms`,
      ].join('; '),
    ],
    [
      'memory',
      r.memory
        .map(
          (m) =>
            `#${m.instance} live heap ${m.baselineMb}→${m.lastTenthMb} MB (${m.ratio}×, from the ${m.baseline}), resident ${m.rss.baselineMb}→${m.rss.lastTenthMb} MB (${m.rss.ratio}×)`,
        )
        .join('; '),
    ],
    [
      'by tenth',
      r.memory
        .map(
          (m) =>
            `#${m.instance} ${m.byTenth.map((x) => (x ? `${Math.round(x[0])}/${Number.isFinite(x[1]) ? Math.round(x[1]) : '–'}/${x[2]}` : '–')).join(' ')}`,
        )
        .join('; ') + ' (resident MB/live heap MB/descriptors)',
    ],
    ['5xx/unanswered', `${r.requests.errorsOutsideWindows} outside windows, ${r.requests.errorsInWindows} inside`],
    ...r.budgets.map((b): [string, string] => [
      b.met ? 'MET' : b.held ? 'FAILED' : 'not met (not held)',
      `${b.name}: ${b.value}`,
    ]),
    ['result', r.pass ? 'PASS' : 'FAIL'],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n'));
}

await main();
