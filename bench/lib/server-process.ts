import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverNodeFlags } from '../../ops/cluster/server-flags.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The servers this process started and that have not exited, by URL. */
const running = new Map<string, ChildProcess>();

/** A fresh database on the PostgreSQL server, dropped by `drop()`. */
export async function tempDatabase(baseUrl: string) {
  const name = `vialex_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Runs the real server in its own process, so the load generator doesn't share its event loop.
 * BENCH_NODE_ARGS adds node flags to it (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 * BENCH_SERVER_ROOT runs the server of another checkout (an earlier commit's worktree, with its
 * own node_modules) under these benchmarks, to compare the two on one machine.
 */
export async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void>; child: ChildProcess }> {
  const port = String(await freePort());
  const child = spawn(
    process.execPath,
    [
      ...serverNodeFlags(process.env.BENCH_SERVER_ROOT ?? ROOT),
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      path.join(process.env.BENCH_SERVER_ROOT ?? ROOT, 'apps/server/src/main.ts'),
    ],
    {
      env: {
        ...process.env,
        PORT: port,
        HOST: '127.0.0.1',
        DEMO: '0',
        SERVE_WEB: '0',
        // A server in production logs each request at `info`; BENCH_LOG_LEVEL=info measures that.
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        NODE_ENV: 'production',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  running.set(url, child);
  child.once('exit', () => running.delete(url));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error('server exited during start');
    if (Date.now() > deadline) {
      // A child left running would keep this process (and whoever waits on its output) alive.
      child.kill('SIGKILL');
      await exited;
      throw new Error(`server did not start in ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const START_TIMEOUT_MS = 60_000;

/** A port nothing listens on now, from the OS (a random pick could land on another service's). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Kills every server still running (a bench that threw or timed out) as this process ends. */
export function killServers(): void {
  for (const child of running.values()) child.kill('SIGKILL');
}
process.once('exit', killServers);

/**
 * CPU time (user + system, ms) the server process at `url` has used so far, from /proc (Linux);
 * undefined elsewhere. CPU per request is steadier than latency on a machine others share.
 */
export function serverCpuMs(url: string): number | undefined {
  const pid = running.get(url)?.pid;
  if (!pid) return undefined;
  try {
    return statCpuMs(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The server's CPU from now on, per operation: call the answer with how many operations were done
 * since (ms each, 3 significant digits; null where the CPU time cannot be read). What a budget's
 * operation costs, steadier than its latency when others share the machine.
 */
export function cpuPerOp(url: string): (ops: number) => number | null {
  const before = serverCpuMs(url);
  return (ops) => {
    const after = serverCpuMs(url);
    if (before === undefined || after === undefined || ops <= 0) return null;
    return Number(((after - before) / ops).toPrecision(3));
  };
}

/** utime + stime (ms) of one process from its /proc/<pid>/stat text (fields 14 and 15, clock ticks of 10 ms). */
const statCpuMs = (stat: string) => {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

/**
 * CPU time (ms) this machine's PostgreSQL processes (the server, its backends and workers) have
 * used so far, from /proc; undefined where there is none. A backend that ends takes its time with
 * it, so it counts what the benchmark's pool (connections held through the run) spent.
 */
export function databaseCpuMs(): number | undefined {
  let total = 0;
  let found = false;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      total += statCpuMs(stat);
      found = true;
    } catch {
      // Gone meanwhile.
    }
  }
  return found ? total : undefined;
}

/** The machine's PostgreSQL CPU from now on, per operation (as cpuPerOp). */
export function databaseCpuPerOp(): (ops: number) => number | null {
  const before = databaseCpuMs();
  return (ops) => {
    const after = databaseCpuMs();
    if (before === undefined || after === undefined || ops <= 0) return null;
    return Number(((after - before) / ops).toPrecision(3));
  };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Resident memory (kB) of the server process at `url`, from /proc (Linux); undefined elsewhere. */
export function serverRssKb(url: string): number | undefined {
  const pid = running.get(url)?.pid;
  if (!pid) return undefined;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}
