import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { seedReferenceData } from '../src/db/seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory (dumpDataDir) of a migrated, seeded database; each test file loads it. */
    pgliteSnapshot?: string;
    /** On PostgreSQL: a migrated, seeded database that each test file's database is created from. */
    templateDatabase?: string;
  }
}

/**
 * Migrates and seeds one database per run, before any test file starts: a PGlite dump, or on
 * PostgreSQL (DATABASE_URL) a template database. Every file then starts from a copy of it
 * (helper.ts) instead of running initdb, the migrations and the seed itself. The names are
 * random, so two runs on one machine never share them.
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
      await seedReferenceData(database.db);
    } finally {
      await database.close();
    }
    project.provide('templateDatabase', name);
    return () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialex-api-'));
  const file = path.join(dir, 'pglite.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await seedReferenceData(database.db);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshot', file);
  return async () => fs.rmSync(dir, { recursive: true, force: true });
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
