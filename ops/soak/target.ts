import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDatabase } from '../../bench/lib/server-process.js';
import { canConnect, startCluster, type Instance } from '../cluster/cluster.js';
import { serverNodeFlags } from '../cluster/server-flags.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the soak runs against (the shape of ops/cluster's Cluster). */
export interface Target {
  kind: 'cluster' | 'single';
  url: string;
  databaseUrl: string;
  /** METRICS_TOKEN of the instances. */
  metricsToken: string;
  instances: Instance[];
  /** Undefined when this target cannot restart its database (the shared server of `--single`). */
  restartPostgres?: () => Promise<void>;
  stop(): Promise<void>;
}

export interface TargetOptions {
  /** Ports from here: the proxy, then the instances (cluster), or the one instance (single). */
  basePort: number;
  instances: number;
  env: Record<string, string>;
  dataDir: string;
  log?: (line: string) => void;
}

/** The soak's ports from `base`: the proxy there, the instances after it, PostgreSQL at +432. */
const layout = (base: number) => ({ proxyPort: base, basePort: base + 1, pgPort: base + 432 });

const portsFrom = (base: number, instances: number) => {
  const { proxyPort, basePort, pgPort } = layout(base);
  return [proxyPort, ...Array.from({ length: instances }, (_, i) => basePort + i), pgPort];
};

/**
 * The first base from `from`, in steps of 1,000 below the kernel's ephemeral range (32768), at
 * which nothing listens on any of the soak's ports; `from` itself when every block is taken (the
 * cluster then says which port is). Something else on the machine may hold one of them for a
 * while: a CI run on a shared machine found 23001 taken once.
 */
export async function freeBase(from: number, instances: number): Promise<number> {
  for (let base = from; base + 1000 <= 32768; base += 1000) {
    const taken = await Promise.all(portsFrom(base, instances).map(canConnect));
    if (!taken.includes(true)) return base;
  }
  return from;
}

/** ops/cluster: PostgreSQL of its own, the instances, nginx in front (API only: SERVE_WEB=0). */
export async function startClusterTarget(opts: TargetOptions): Promise<Target> {
  const cluster = await startCluster({
    instances: opts.instances,
    ...layout(opts.basePort),
    dataDir: opts.dataDir,
    demo: false,
    env: { SERVE_WEB: '0', ...opts.env },
    log: opts.log,
  });
  return {
    kind: 'cluster',
    url: cluster.url,
    databaseUrl: cluster.databaseUrl,
    metricsToken: cluster.metricsToken,
    instances: cluster.instances,
    restartPostgres: () => cluster.restartPostgres(),
    stop: () => cluster.stop(),
  };
}

/**
 * One instance of our own on the shared PostgreSQL server (a temporary database), for trying the
 * soak without ops/cluster: no proxy, and no database restart (the server is not ours).
 */
export async function startSingleTarget(opts: TargetOptions & { baseDatabaseUrl: string }): Promise<Target> {
  const db = await tempDatabase(opts.baseDatabaseUrl);
  const instances = Array.from({ length: opts.instances }, (_, i) =>
    ownInstance(layout(opts.basePort).basePort + i, { DATABASE_URL: db.url, ...opts.env }),
  );
  try {
    for (const i of instances) await i.start();
  } catch (err) {
    for (const i of instances) await i.stop('SIGKILL');
    await db.drop();
    throw err;
  }
  return {
    kind: 'single',
    url: instances[0].url,
    databaseUrl: db.url,
    metricsToken: opts.env.METRICS_TOKEN ?? '',
    instances,
    async stop() {
      await Promise.all(instances.map((i) => i.stop('SIGTERM')));
      await db.drop();
    },
  };
}

/** A server process on a fixed port that can be killed and started again (bench/lib/server-process.ts's way). */
function ownInstance(port: number, env: Record<string, string>): Instance {
  let child: ChildProcess | undefined;
  const url = `http://127.0.0.1:${port}`;
  return {
    port,
    url,
    pid: () => child?.pid,
    async start() {
      const c = spawn(
        process.execPath,
        [...serverNodeFlags(ROOT), '--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')],
        {
          env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            DEMO: '0',
            SERVE_WEB: '0',
            LOG_LEVEL: 'warn',
            NODE_ENV: 'production',
            ...env,
          },
          stdio: ['ignore', 'inherit', 'inherit'],
        },
      );
      child = c;
      const deadline = Date.now() + 90_000;
      for (;;) {
        try {
          if ((await fetch(`${url}/api/ready`)).ok) return;
        } catch {
          // not up yet
        }
        if (c.exitCode !== null) throw new Error(`instance on ${port} exited during start`);
        if (Date.now() > deadline) throw new Error(`instance on ${port} did not start in 90 s`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async stop(signal = 'SIGTERM') {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill(signal);
      });
    },
  };
}
