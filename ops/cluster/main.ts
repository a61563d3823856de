/**
 * `npm run cluster`: Vialex as production runs it, on this machine — a PostgreSQL of its own,
 * several instances of the server, nginx in front (docs/operations.md "Production"). Ctrl-C stops it all.
 *
 *   npm run build && npm run cluster -- [--instances 3] [--demo] [--test-routes]
 *     [--proxy-port 22080] [--base-port 22001] [--pg-port 22432] [--data-dir data/cluster]
 *     [--web-dist apps/web/dist]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster, type Instance } from './cluster.js';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    demo: { type: 'boolean', default: false },
    'test-routes': { type: 'boolean', default: false },
    'proxy-port': { type: 'string' },
    'base-port': { type: 'string' },
    'pg-port': { type: 'string' },
    'data-dir': { type: 'string' },
    'web-dist': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  process.stdout.write(`npm run cluster -- [options]
  --instances N      Vialex instances (default 3)
  --demo             demo accounts and clients on a new database, local fakes for outside services
  --test-routes      NODE_ENV=test: the browser tests' helper routes (/api/test) — for E2E_BASE_URL only
  --proxy-port P     nginx's port, the cluster's URL (default 22080)
  --base-port P      the first instance's port, the others follow (default 22001)
  --pg-port P        the cluster's own PostgreSQL (default 22432)
  --data-dir DIR     PostgreSQL's data (kept), nginx's config and logs (default data/cluster)
  --web-dist DIR     the built web app (default WEB_DIST or apps/web/dist: run npm run build first)
`);
  process.exit(0);
}

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
const started = Date.now();
const cluster = await startCluster({
  instances: num(values.instances),
  proxyPort: num(values['proxy-port']),
  basePort: num(values['base-port']),
  pgPort: num(values['pg-port']),
  dataDir: values['data-dir'],
  webDist: values['web-dist'],
  demo: values.demo,
  env: values['test-routes'] ? { NODE_ENV: 'test' } : undefined,
  log: (line) => process.stderr.write(`${line}\n`),
}).catch((err: unknown) => {
  process.stderr.write(`cluster: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

process.stdout.write(`
Vialex cluster ready in ${((Date.now() - started) / 1000).toFixed(1)} s
  ${cluster.url}                 (nginx)
${cluster.instances.map((i) => `  ${i.url}  pid ${i.pid()}`).join('\n')}
  ${cluster.databaseUrl}
  metrics: curl -H 'Authorization: Bearer ${cluster.metricsToken}' ${cluster.instances[0].url}/metrics
  logs: ${cluster.dataDir}/logs/ (instances, PostgreSQL), ${cluster.dataDir}/nginx/logs/
An instance that ends is started again. Ctrl-C stops everything.
`);

/**
 * A supervisor's part (systemd's Restart=always): an instance that ended without being asked —
 * crashed, killed, or stopped by a test (e2e/tests/cluster.spec.ts) — is started again. Its pids
 * are kept in DATA_DIR/cluster.json for such tests.
 */
const stateFile = path.join(cluster.dataDir, 'cluster.json');
const writeState = () =>
  fs.writeFileSync(
    stateFile,
    JSON.stringify(
      {
        url: cluster.url,
        databaseUrl: cluster.databaseUrl,
        metricsToken: cluster.metricsToken,
        instances: cluster.instances.map((i) => ({ port: i.port, url: i.url, pid: i.pid() ?? null })),
      },
      null,
      2,
    ),
  );
writeState();
let stopping = false;
const restarting = new Set<Instance>();
const supervisor = setInterval(() => {
  for (const instance of cluster.instances) {
    if (stopping || restarting.has(instance) || instance.pid() !== undefined) continue;
    restarting.add(instance);
    process.stderr.write(`cluster: restarting the instance on ${instance.port}\n`);
    instance
      .start()
      .then(writeState, (err: unknown) => process.stderr.write(`cluster: ${String(err)}\n`))
      .finally(() => restarting.delete(instance));
  }
}, 1000);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    clearInterval(supervisor);
    process.stderr.write(`\ncluster: ${signal}: stopping\n`);
    cluster.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`cluster: ${String(err)}\n`);
        process.exit(1);
      },
    );
  });
}
