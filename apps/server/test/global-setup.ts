import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { pgliteSnapshot } from './pglite-snapshot.js';
import { seedForTests } from './seeded-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory (dumpDataDir) of a migrated, seeded database; each test file loads it. */
    pgliteSnapshot?: string;
    /** On PostgreSQL: a migrated, seeded database that each test file's database is created from. */
    templateDatabase?: string;
  }
}

/**
 * Migrates and seeds one database before any test file starts: on PostgreSQL (DATABASE_URL) a
 * template database of this run (a random name, so two runs on one server never share it), else
 * a PGlite dump (cached: pglite-snapshot.ts). Every file then starts from a copy of it (helper.ts)
 * instead of running initdb, the migrations and the seed itself.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `vialex_tpl_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 1 });
    try {
      await seedForTests(database.db);
    } finally {
      await database.close();
    }
    project.provide('templateDatabase', name);
    return () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }

  project.provide('pgliteSnapshot', await pgliteSnapshot());
  return async () => undefined;
}

async function adminQuery(baseUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
