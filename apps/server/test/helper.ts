import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../src/config.js';
import { setMemoryDatabases, type MemoryDatabases } from '../src/db/client.js';
import { createServer, type RunningServer } from '../src/server.js';
import { resetVapidCache } from '../src/modules/push/service.js';
import { seededDatabases } from './pglite-pool.js';
import { extractSnapshot } from './pglite-snapshot.js';

/**
 * A real server on a real database for each test file: in-memory PGlite by default, or, when
 * DATABASE_URL is set, a database created on that PostgreSQL server and dropped afterwards.
 * Either starts as a copy of the migrated, seeded database that global-setup.ts made for the
 * run (on PGlite a database loaded from its dump, or one an earlier file's server gave back and
 * that was put back to it: pglite-pool.ts; on PostgreSQL CREATE DATABASE … TEMPLATE); `fresh`
 * starts from an empty one instead, so the server migrates and seeds it itself.
 */
export interface TestServer extends RunningServer {
  config: Config;
  databaseUrl?: string;
  close(): Promise<void>;
}

export async function startTestServer(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
  { fresh = false }: { fresh?: boolean } = {},
): Promise<TestServer> {
  resetVapidCache();
  const baseUrl = process.env.DATABASE_URL;
  const databaseUrl = baseUrl
    ? await createTempDatabase(baseUrl, fresh ? undefined : inject('templateDatabase'))
    : undefined;
  if (!baseUrl) setMemoryDatabases(fresh ? undefined : seededPglite());
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    DEMO: '0',
    SERVE_WEB: '0',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  Object.assign(config, overrides);
  const server = await createServer(config);
  return {
    ...server,
    config,
    databaseUrl,
    async close() {
      await server.stop();
      if (baseUrl && databaseUrl) await dropDatabase(baseUrl, databaseUrl);
    },
  };
}

/** Opens a second server instance on the same PostgreSQL database (cross-instance tests). */
export async function startSecondInstance(first: TestServer): Promise<RunningServer> {
  return createServer({ ...first.config });
}

let seeded: MemoryDatabases | undefined;
function seededPglite(): MemoryDatabases | undefined {
  const file = inject('pgliteSnapshot');
  if (file) seeded ??= seededDatabases(new Blob([fs.readFileSync(file)]));
  return seeded;
}

async function createTempDatabase(baseUrl: string, template?: string): Promise<string> {
  const name = `vialex_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(baseUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** The run's migrated, seeded database in `dataDir` (pglite-snapshot.ts). PGlite runs only. */
export const embeddedFromSnapshot = (dataDir: string) => extractSnapshot(inject('pgliteSnapshot')!, dataDir);

/** The session cookie of a response, ready for a `cookie` header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'vialex_sid');
  if (!c) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `vialex_sid=${c.value}`;
}
