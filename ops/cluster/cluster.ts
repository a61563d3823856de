import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { nginxConfig } from './nginx.js';
import { serverNodeFlags } from './server-flags.js';

/**
 * Vialex as production runs it (docs/operations.md "Production"), on one machine: a PostgreSQL of its own,
 * several instances of the real server on it, nginx in front. For `npm run cluster`, the browser
 * tests (E2E_BASE_URL) and the soak. Every process is a child of this one; stop() ends them.
 */

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
/**
 * The checkout whose server the instances run: this one, or CLUSTER_SERVER_ROOT (another commit's
 * worktree, as `npm run soak:alternate` sets it, to compare two commits under one load).
 */
const SERVER_ROOT = process.env.CLUSTER_SERVER_ROOT ? path.resolve(process.env.CLUSTER_SERVER_ROOT) : REPO;
const ENTRY = path.join(SERVER_ROOT, 'ops/cluster/instance-entry.ts');

export interface ClusterOptions {
  /** Vialex instances (default 3). */
  instances?: number;
  /** The first instance's port; the others follow it (default 22001). */
  basePort?: number;
  /** nginx's port: the cluster's URL (default 22080). */
  proxyPort?: number;
  /** The cluster's own PostgreSQL (default 22432). */
  pgPort?: number;
  /** PostgreSQL's data (`pg/`, kept across runs), nginx's prefix, the logs (default ./data/cluster). */
  dataDir?: string;
  /** The built web app (default apps/web/dist). */
  webDist?: string;
  /** DEMO=1: the demo accounts and clients on a new database, local fakes for the outside services. */
  demo?: boolean;
  /** Extra environment for every instance (fake services' URLs, NODE_ENV=test, LIVE_PING_MS…). */
  env?: Record<string, string>;
  /** Where the cluster's own lines and the instances' warnings and errors go (default stderr). */
  log?: (line: string) => void;
}

export interface Instance {
  port: number;
  /** The instance itself, bypassing the proxy. */
  url: string;
  /** The server process's pid while it runs. */
  pid(): number | undefined;
  /** SIGTERM (default): graceful stop; SIGKILL: a crash. Resolves when the process has exited. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts it (again); resolves when its /api/ready answers 200. */
  start(): Promise<void>;
}

export interface Cluster {
  /** The proxy: what browsers use. */
  url: string;
  databaseUrl: string;
  /** PostgreSQL's data, nginx's prefix, the logs (logs/i1.log…, nginx/logs/access.log). */
  dataDir: string;
  /** METRICS_TOKEN of every instance (scrape `${instance.url}/metrics`). */
  metricsToken: string;
  instances: Instance[];
  /** PostgreSQL stopped (fast shutdown: sessions cut) and started again; resolves when it accepts. */
  restartPostgres(): Promise<void>;
  /** Everything stopped: the instances gracefully, then nginx and PostgreSQL. */
  stop(): Promise<void>;
}

const READY_MS = 120_000;

export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const count = opts.instances ?? 3;
  // The default ports are below the kernel's ephemeral range (32768–60999): a client connection
  // of this machine may hold a port in that range as its local port, and for a minute after it
  // closes (TIME_WAIT), and a bind there then fails — PostgreSQL's did in CI after the benchmarks.
  const basePort = opts.basePort ?? 22001;
  const proxyPort = opts.proxyPort ?? 22080;
  const pgPort = opts.pgPort ?? 22432;
  const dataDir = path.resolve(REPO, opts.dataDir ?? 'data/cluster');
  const webDist = path.resolve(REPO, opts.webDist ?? process.env.WEB_DIST ?? 'apps/web/dist');
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (!(count >= 1)) throw new Error(`instances: at least 1 (${count})`);
  // SERVE_WEB=0 in `env`: an API-only cluster (the failover check, the soak) needs no build.
  if (opts.env?.SERVE_WEB !== '0' && !fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error(`no built web app in ${webDist}: run \`npm run build\` first (or set WEB_DIST)`);

  const ports = Array.from({ length: count }, (_, i) => basePort + i);
  fs.mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
  // PostgreSQL runs as `postgres` under it: it must be able to pass through (mkdtemp gives 0700).
  if (process.getuid?.() === 0) fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o011);
  let postgres: Postgres | undefined;
  let nginx: { stop(): Promise<void> } | undefined;
  const instances: Instance[] = [];
  // nginx first (no new requests), then the instances (gracefully, together), then PostgreSQL.
  const stop = async () => {
    const steps = [() => nginx?.stop(), () => Promise.all(instances.map((i) => i.stop())), () => postgres?.stop()];
    for (const step of steps) await Promise.resolve(step()).catch((err) => log(`cluster: ${String(err)}`));
  };

  try {
    // What a previous run of this data folder left when it was killed (the instances end with it).
    await stopStale(path.join(dataDir, 'nginx', 'nginx.pid'), 'SIGQUIT', log);
    await stopStale(path.join(dataDir, 'pg', 'postmaster.pid'), 'SIGINT', log);
    await Promise.all([...ports, proxyPort].map((p) => assertFree(p)));
    postgres = await startPostgres({ dir: path.join(dataDir, 'pg'), port: pgPort, log });
    const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/vialex`;
    const metricsToken = opts.env?.METRICS_TOKEN ?? 'cluster-metrics';
    const env = (port: number): NodeJS.ProcessEnv => ({
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      // One folder for every instance's files (on one machine, as a shared volume would be).
      FILES_DIR: path.join(dataDir, 'files'),
      SERVE_WEB: '1',
      WEB_DIST: webDist,
      DEMO: opts.demo ? '1' : '0',
      // Behind nginx: the browser's protocol, host and address come in X-Forwarded-*.
      TRUST_PROXY: '1',
      METRICS_TOKEN: metricsToken,
      ...opts.env,
    });
    for (const [i, port] of ports.entries())
      instances.push(makeInstance({ name: `i${i + 1}`, port, env: env(port), dataDir, log }));
    // The first one alone: it migrates (and seeds the demo on a new database) before the others start.
    await instances[0].start();
    await Promise.all(instances.slice(1).map((instance) => instance.start()));

    nginx = await startNginx({
      prefix: path.join(dataDir, 'nginx'),
      proxyPort,
      upstreamPorts: ports,
      uploadMaxMb: Number(env(0).UPLOAD_MAX_MB) || undefined,
      log,
    });
    const url = `http://127.0.0.1:${proxyPort}`;
    await waitFor(async () => (await fetchStatus(`${url}/api/ready`)) === 200, READY_MS, 'nginx → /api/ready');
    const pgHandle = postgres;
    return {
      url,
      databaseUrl,
      dataDir,
      metricsToken,
      instances,
      restartPostgres: async () => {
        log('cluster: restarting PostgreSQL');
        await pgHandle.stop();
        await pgHandle.start();
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Instances                                                                                   */

function makeInstance(o: {
  name: string;
  port: number;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  log: (l: string) => void;
}): Instance {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  /** The exit was asked for (stop()), not a crash to report. */
  let stopping = false;
  const url = `http://127.0.0.1:${o.port}`;
  const logFile = path.join(o.dataDir, 'logs', `${o.name}.log`);
  const running = (proc: ChildProcess | undefined): proc is ChildProcess =>
    !!proc && proc.exitCode === null && proc.signalCode === null;

  return {
    port: o.port,
    url,
    pid: () => (running(child) ? child.pid : undefined),

    async start() {
      if (running(child)) throw new Error(`${o.name} already runs`);
      stopping = false;
      const out = fs.createWriteStream(logFile, { flags: 'a' });
      // CLUSTER_NODE_ARGS: extra options for each instance's node (e.g. `--cpu-prof
      // --cpu-prof-dir=/tmp/prof`, which NODE_OPTIONS does not take).
      const nodeArgs = [
        ...serverNodeFlags(SERVER_ROOT),
        ...(process.env.CLUSTER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      ];
      const proc = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ENTRY], {
        cwd: SERVER_ROOT,
        env: o.env,
        stdio: ['pipe', 'pipe', 'pipe'],
        // A process group of its own: a terminal's Ctrl-C reaches the cluster, which stops the
        // instances in order, not every process at once.
        detached: true,
      });
      child = proc;
      exited = new Promise((resolve) =>
        proc.once('exit', (code, signal) => {
          if (!stopping) o.log(`cluster: ${o.name} (pid ${proc.pid}) ended: ${signal ?? `exit ${code}`}`);
          out.end();
          resolve();
        }),
      );
      // Every line to the instance's log file; warnings, errors and non-JSON lines (a crash's
      // trace) to `log` too.
      for (const stream of [proc.stdout!, proc.stderr!]) {
        readline.createInterface({ input: stream }).on('line', (line) => {
          out.write(`${line}\n`);
          let level = 50;
          try {
            level = (JSON.parse(line) as { level?: number }).level ?? 30;
          } catch {
            // not pino's JSON
          }
          if (level >= 40) o.log(`[${o.name}] ${line}`);
        });
      }
      const ended = exited.then(() => {
        throw new Error(`${o.name} ended before it was ready (see ${logFile})`);
      });
      ended.catch(() => undefined);
      try {
        await Promise.race([
          waitFor(async () => (await fetchStatus(`${url}/api/ready`)) === 200, READY_MS, `${o.name} /api/ready`),
          ended,
        ]);
      } catch (err) {
        stopping = true;
        proc.kill('SIGKILL');
        throw err;
      }
      o.log(`cluster: ${o.name} ready on ${url} (pid ${proc.pid})`);
    },

    async stop(signal = 'SIGTERM') {
      const proc = child;
      if (!running(proc)) return;
      stopping = true;
      proc.kill(signal);
      // The server exits by itself after SHUTDOWN_TIMEOUT_MS (25 s); a little later it is killed.
      const backstop = setTimeout(() => proc.kill('SIGKILL'), 35_000);
      await exited;
      clearTimeout(backstop);
      o.log(`cluster: ${o.name} stopped (${signal}, ${proc.signalCode ?? `exit ${proc.exitCode}`})`);
    },
  };
}

/* ------------------------------------------------------------------------------------------ */
/* PostgreSQL                                                                                  */

interface Postgres {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function pgBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) throw new Error(`no ${name} under ${root}/*/bin: apt-get install -y postgresql`);
  return path.join(root, versions[0], 'bin', name);
}

/** As the `postgres` user when this runs as root (initdb and postgres refuse root). */
function asPostgres(cmd: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

async function startPostgres(o: { dir: string; port: number; log: (l: string) => void }): Promise<Postgres> {
  const root = process.getuid?.() === 0;
  if (!fs.existsSync(path.join(o.dir, 'PG_VERSION'))) {
    fs.mkdirSync(o.dir, { recursive: true, mode: 0o700 });
    if (root) spawnSync('chown', ['postgres:postgres', o.dir]);
    o.log(`cluster: initdb ${o.dir}`);
    const [cmd, args] = asPostgres(pgBin('initdb'), [
      '-D',
      o.dir,
      '-U',
      'postgres',
      '--auth-local=trust',
      '--auth-host=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    const init = spawnSync(cmd, args, { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }
  await stopStale(path.join(o.dir, 'postmaster.pid'), 'SIGINT', o.log);
  await assertFree(o.port);

  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const logFile = path.join(o.dir, '..', 'logs', 'postgres.log');
  const startOnce = async () => {
    const out = fs.openSync(logFile, 'a');
    const [cmd, args] = asPostgres(pgBin('postgres'), [
      '-D',
      o.dir,
      '-p',
      String(o.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${o.dir}`,
      // Three instances × DB_POOL_SIZE (10) + their LISTEN connections and export cursors, the
      // soak's checks and a psql or two.
      '-c',
      'max_connections=200',
      // CLUSTER_PG_ARGS: more settings for diagnosis (e.g. `-c shared_preload_libraries=pg_stat_statements`).
      ...(process.env.CLUSTER_PG_ARGS ?? '').split(' ').filter(Boolean),
    ]);
    const proc = spawn(cmd, args, { stdio: ['ignore', out, out], detached: true });
    child = proc;
    exited = new Promise((resolve) => proc.once('exit', () => (fs.closeSync(out), resolve())));
    const ended = exited.then(() => {
      // The log's end goes into the error: the folder holding it is removed when the run fails.
      const tail = fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-15).join('\n');
      throw new Error(`PostgreSQL ended at start (${logFile}):\n${tail}`);
    });
    ended.catch(() => undefined);
    try {
      await Promise.race([waitFor(() => accepts(o.port), 60_000, `PostgreSQL on ${o.port}`), ended]);
    } catch (err) {
      await stop();
      throw err;
    }
    const admin = new pg.Client({ host: '127.0.0.1', port: o.port, user: 'postgres', database: 'postgres' });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(`select 1 from pg_database where datname = 'vialex'`);
      if (!rowCount) await admin.query('create database vialex');
    } finally {
      await admin.end();
    }
    o.log(`cluster: PostgreSQL ready on 127.0.0.1:${o.port}`);
  };
  /**
   * Another process may still hold the port for a moment (an earlier cluster stopping): tried
   * again a few times before giving up.
   */
  const start = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await startOnce();
      } catch (err) {
        if (attempt >= 5 || !/Address already in use/.test(String(err))) throw err;
        o.log(`cluster: port ${o.port} busy, PostgreSQL tried again (${attempt})`);
        await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
      }
    }
  };
  const stop = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    // SIGINT to the postmaster: fast shutdown (sessions cut, a clean checkpoint). runuser's own pid
    // may sit in between, so the postmaster's pid comes from its pid file.
    const pid = readPid(path.join(o.dir, 'postmaster.pid'));
    if (pid) process.kill(pid, 'SIGINT');
    else proc.kill('SIGINT');
    await exited;
  };
  await start();
  return { start, stop };
}

/* ------------------------------------------------------------------------------------------ */
/* nginx                                                                                       */

function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(candidate)) return candidate;
  if (process.getuid?.() !== 0) throw new Error('nginx is not installed: apt-get install -y nginx');
  const install = spawnSync('sh', ['-c', 'apt-get install -y nginx || (apt-get update && apt-get install -y nginx)'], {
    stdio: 'inherit',
  });
  if (install.status !== 0 || !fs.existsSync('/usr/sbin/nginx')) throw new Error('could not install nginx');
  return '/usr/sbin/nginx';
}

export async function startNginx(o: {
  prefix: string;
  proxyPort: number;
  upstreamPorts: number[];
  uploadMaxMb?: number;
  log: (l: string) => void;
}): Promise<{ stop(): Promise<void> }> {
  const bin = nginxBinary();
  const root = process.getuid?.() === 0;
  for (const dir of ['logs', 'temp/client_body', 'temp/proxy', 'temp/fastcgi', 'temp/uwsgi', 'temp/scgi'])
    fs.mkdirSync(path.join(o.prefix, dir), { recursive: true });
  // Workers run as www-data under a root master: they write the temp folders.
  const user = root ? 'www-data' : undefined;
  if (user) spawnSync('chown', ['-R', user, path.join(o.prefix, 'temp')]);
  const conf = path.join(o.prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ ...o, user }));
  await stopStale(path.join(o.prefix, 'nginx.pid'), 'SIGQUIT', o.log);

  const check = spawnSync(bin, ['-t', '-q', '-p', o.prefix, '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const proc = spawn(bin, ['-p', o.prefix, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    proc.once('exit', (code, signal) => {
      if (!stopping) o.log(`cluster: nginx ended: ${signal ?? `exit ${code}`} (see ${o.prefix}/logs/error.log)`);
      resolve();
    }),
  );
  for (const stream of [proc.stdout!, proc.stderr!])
    readline.createInterface({ input: stream }).on('line', (line) => o.log(`[nginx] ${line}`));
  await Promise.race([
    waitFor(() => canConnect(o.proxyPort), 20_000, `nginx on ${o.proxyPort}`),
    exited.then(() => {
      const errors = fs.existsSync(path.join(o.prefix, 'logs/error.log'))
        ? fs.readFileSync(path.join(o.prefix, 'logs/error.log'), 'utf8').trim().split('\n').slice(-3).join('\n')
        : '';
      throw new Error(`nginx ended at start: ${errors}`);
    }),
  ]);
  o.log(`cluster: nginx on http://127.0.0.1:${o.proxyPort} (config ${conf})`);
  return {
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      stopping = true;
      // SIGQUIT: graceful (open requests finish); SIGTERM after 10 s.
      proc.kill('SIGQUIT');
      const t = setTimeout(() => proc.kill('SIGTERM'), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */

function readPid(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A process a previous run left behind (its runner was killed): stopped before starting anew. */
async function stopStale(pidFile: string, signal: NodeJS.Signals, log: (l: string) => void): Promise<void> {
  const pid = readPid(pidFile);
  if (!pid || !alive(pid)) return;
  log(`cluster: stopping pid ${pid} left by a previous run (${pidFile})`);
  process.kill(pid, signal);
  await waitFor(async () => !alive(pid), 30_000, `pid ${pid} to end`);
}

/** Whether something accepts connections on 127.0.0.1 at the port. */
export function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** PostgreSQL answers a query (a TCP connection alone may meet "the database system is starting up"). */
async function accepts(port: number): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function assertFree(port: number): Promise<void> {
  if (await canConnect(port))
    throw new Error(`port ${port} is taken: choose other ports (--base-port, --proxy-port, --pg-port)`);
}

async function fetchStatus(url: string): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** Polls `check` every 100 ms until it is true, or throws after `ms`. */
export async function waitFor(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
