import crypto from 'node:crypto';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../src/config.js';
import { createServer, type RunningServer } from '../src/server.js';
import { resetVapidCache } from '../src/modules/push/service.js';

/**
 * A real server on a real database for each test file: in-memory PGlite by default, or, when
 * DATABASE_URL is set, a fresh database created on that PostgreSQL server and dropped afterwards.
 */
export interface TestServer extends RunningServer {
  config: Config;
  databaseUrl?: string;
  close(): Promise<void>;
}

export async function startTestServer(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<TestServer> {
  resetVapidCache();
  const baseUrl = process.env.DATABASE_URL;
  const databaseUrl = baseUrl ? await createTempDatabase(baseUrl) : undefined;
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

async function createTempDatabase(baseUrl: string): Promise<string> {
  const name = `vialex_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
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

/** The session cookie of a response, ready for a `cookie` header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'vialex_sid');
  if (!c) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `vialex_sid=${c.value}`;
}
