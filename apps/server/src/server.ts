import { deliveriesSettled } from './modules/notifications/service.js';
import { placesSettled } from './modules/cases/place.js';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { seedReferenceData } from './db/seed.js';
import { seedDemoData } from './demo/data.js';
import { seedDemoCases } from './demo/cases.js';
import { LiveHub } from './platform/live-hub.js';
import { InstanceRegistry } from './platform/instances.js';
import { releaseGoneInstances } from './modules/live/presence.js';
import type { AppContext } from './platform/context.js';
import { buildApp } from './app.js';
import { expireSessions } from './modules/auth/session.js';
import { expireClientSessions } from './modules/client-links/client-session.js';
import { alertStalledAssignments } from './modules/cases/client-entry-service.js';
import {
  FAKE_HUB_CREDENTIALS,
  startFakePolicyServices,
  type FakePolicyServices,
} from './integrations/fakes/policy-services.js';
import { FAKE_GOOGLE_KEY, startFakeMaps, type FakeMaps } from './integrations/fakes/maps.js';
import { startFakeSftp, type FakeSftp } from './integrations/fakes/sftp.js';
import { JobRunner, exponentialBackoff } from './platform/jobs.js';
import { EXPORT_JOB, exportJobHandler } from './modules/exports/job.js';
import { RETENTION_JOB, ensureRetentionScheduled, retentionJobHandler } from './modules/data-subject/job.js';

async function useFakePolicyServices(config: Config) {
  if (config.kronosUrl && config.hub.url) return undefined;
  const fake = await startFakePolicyServices();
  config.kronosUrl ??= fake.url;
  if (!config.hub.url) config.hub = { url: fake.url, ...FAKE_HUB_CREDENTIALS };
  return fake;
}

/** The demo and the tests route and geocode through a local fake of Google's maps APIs, unless a provider is set. */
async function useFakeMaps(config: Config): Promise<FakeMaps | undefined> {
  if (config.maps.googleKey || config.maps.osrmUrl || config.maps.nominatimUrl) return undefined;
  const fake = await startFakeMaps();
  config.maps = { ...config.maps, googleKey: FAKE_GOOGLE_KEY, googleUrl: fake.url };
  return fake;
}

/** The demo sends case exports to a local SFTP server writing under DATA_DIR/sftp, unless SFTP_HOST is set. */
async function useFakeSftp(config: Config): Promise<FakeSftp | undefined> {
  if (config.sftp) return undefined;
  const dir =
    config.dataDir === 'memory://' ? path.join(os.tmpdir(), 'vialex-sftp') : path.join(config.dataDir, 'sftp');
  const fake = await startFakeSftp(dir);
  config.sftp = {
    host: fake.host,
    port: fake.port,
    username: fake.username,
    password: fake.password,
    root: '/',
    hostKeySha256: fake.hostKeySha256,
    timeoutMs: 20_000,
  };
  return fake;
}

const SWEEP_MS = 15_000;

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** The local policy-service fakes, in the demo and the tests (tests read what they were asked). */
  fakes?: FakePolicyServices;
  /** The local maps fake (Google's wire format), in the demo and the tests. */
  mapsFake?: FakeMaps;
  /** The local SFTP server of the demo (exports land in DATA_DIR/sftp). */
  sftpFake?: FakeSftp;
  /** The background-job worker (SFTP exports); it polls only when JOBS_POLL_MS > 0. */
  jobs: JobRunner;
  /** This instance's row, heartbeat and the sweep of dead instances' presence. */
  instances: InstanceRegistry;
  stop(): Promise<void>;
  /** What a stop under way is waiting for (logged when it takes too long); undefined before it. */
  stopStep(): string | undefined;
}

/** Opens the database, migrates and seeds it, starts the hub and the session sweep, builds the app. */
export async function createServer(config: Config): Promise<RunningServer> {
  // The demo and the tests talk to local fakes of the policy services over real HTTP.
  const fakes = config.demo || config.isTest ? await useFakePolicyServices(config) : undefined;
  const mapsFake = config.demo || config.isTest ? await useFakeMaps(config) : undefined;
  const sftpFake = config.demo ? await useFakeSftp(config) : undefined;
  let log: AppContext['log'];
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
    onError: (err, source) =>
      log ? log.warn({ err, source }, 'database connection error') : console.error(`database ${source}:`, err.message),
  });
  await seedReferenceData(database.db);
  if (config.demo) await seedDemoData(database.db);
  const hub = new LiveHub(database);
  await hub.start();
  // This instance's id and heartbeat: what its live sockets hold is released if it dies.
  const instances = new InstanceRegistry(database, {
    heartbeatMs: config.instanceHeartbeatMs,
    expiryMs: config.instanceExpiryMs,
    log: { warn: (obj, msg) => log?.warn(obj, msg) },
    // Swept while it stalled: its sockets' presence was given back; they reconnect and enter again.
    onRevived: () => hub.closeAll('presence expired'),
  });
  // The hub sends every socket to reconnect once it has the database back; first, what they held goes.
  hub.beforeResume = () => instances.giveBack();
  const ctx: AppContext = { config, database, db: database.db, hub, instanceId: instances.id };
  instances.onSweep(() => releaseGoneInstances(ctx));
  const app = await buildApp(ctx);
  ctx.log = log = app.log;
  await instances.start();
  if (config.demo) await seedDemoCases(ctx);
  const sweep = setInterval(() => {
    expireSessions(ctx.db, hub).catch((err) => app.log.error({ err }, 'session sweep failed'));
    expireClientSessions(ctx).catch((err) => app.log.error({ err }, 'client session sweep failed'));
    alertStalledAssignments(ctx).catch((err) => app.log.error({ err }, 'assignment watch failed'));
  }, SWEEP_MS);
  sweep.unref();
  // Case exports and retention runs: any instance may claim them; a restart resumes them.
  const jobs = new JobRunner(
    database,
    { [EXPORT_JOB]: exportJobHandler(ctx), [RETENTION_JOB]: retentionJobHandler(ctx) },
    {
      leaseMs: config.exportJobs.leaseSeconds * 1000,
      pollMs: config.exportJobs.pollMs,
      backoffMs: exponentialBackoff(config.exportJobs.retrySeconds * 1000),
      log: app.log,
    },
  );
  await jobs.start();
  // Clients' data past its retention period: the next run, unless one is waiting (DATA_RETENTION_*).
  await ensureRetentionScheduled(ctx);
  let stopStep: string | undefined;
  return {
    app,
    ctx,
    fakes,
    mapsFake,
    sftpFake,
    jobs,
    instances,
    stopStep: () => stopStep,
    async stop() {
      clearInterval(sweep);
      const step = async (name: string, work: () => Promise<unknown>) => {
        stopStep = name;
        await work();
      };
      // Running jobs go back to the queue (for this instance after a restart, or another one).
      await step('jobs', () => jobs.stop());
      await step('requests in flight and live sockets', () => app.close());
      // Whatever this instance's sockets still hold in the database (a client socket's leave
      // still on its way) is given back now rather than when the row would expire (as it does if
      // the database cannot be reached now).
      await step('presence', () =>
        instances.stop().catch((err: unknown) => app.log.warn({ err }, 'instance stop failed')),
      );
      // Notices of the last actions are still being announced and pushed, and new cases' addresses
      // geocoded: let them end first.
      await step('notices', () => Promise.all([deliveriesSettled(), placesSettled()]));
      await step('live hub', () => hub.stop());
      await step('database', () => database.close());
      await step('local fakes', async () => {
        await fakes?.close();
        await mapsFake?.close();
        await sftpFake?.close();
      });
      stopStep = 'stopped';
    },
  };
}
