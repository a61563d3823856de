import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Db } from '../src/db/client.js';
import { setSetting } from '../src/db/settings.js';
import { REQUIRED_CARGOS_SETTING } from '../src/modules/auth/required-cargos.js';
import { seedReferenceData } from '../src/db/seed.js';

/*
 * The migrated, seeded database the tests start from: the API tests' (global-setup.ts) and the
 * browser tests' servers (e2e/support), whose demo data goes on top of it as on an empty one.
 */

/**
 * The reference data, and no cargo required to have a second factor: the API tests sign in with a
 * password as the demo does; the second factor's tests set the rule themselves.
 */
export async function seedForTests(db: Db): Promise<void> {
  await seedReferenceData(db);
  await setSetting(db, REQUIRED_CARGOS_SETTING, []);
}

const SERVER = fileURLToPath(new URL('../', import.meta.url));
const REPO = path.resolve(SERVER, '../..');
const CACHE = path.join(REPO, 'node_modules/.cache/vialex-api-tests');

/**
 * The PGlite dump, made once and kept in node_modules/.cache under a hash of everything that
 * shapes it: the migrations, the database code and seed data, the domain package (the seed
 * reads its lists) and PGlite's version. A change to any of them makes a new one; two runs at
 * once may both make it, and each writes its own file before renaming it into place.
 */
export async function pgliteSnapshot(): Promise<string> {
  const hash = crypto.createHash('sha256');
  for (const dir of ['apps/server/drizzle', 'apps/server/src/db', 'packages/domain/src'])
    for (const file of filesUnder(path.join(REPO, dir))) hash.update(file).update(fs.readFileSync(file));
  hash.update(fs.readFileSync(path.join(REPO, 'node_modules/@electric-sql/pglite/package.json')));
  hash.update(fs.readFileSync(fileURLToPath(import.meta.url)));
  const file = path.join(CACHE, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return file;

  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await seedForTests(database.db);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await dropTemplateDatabases(client);
    const dump = await client.dumpDataDir('none');
    fs.mkdirSync(CACHE, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
  // Dumps of older sources, left by earlier runs: a day is longer than any run that may read one.
  for (const old of fs.readdirSync(CACHE)) {
    const at = path.join(CACHE, old);
    if (at !== file && Date.now() - fs.statSync(at).mtimeMs > 86_400_000) fs.rmSync(at, { force: true });
  }
  return file;
}

/**
 * template0 and template1 are 15 of the dump's 44 MB and no test copies a database, so the dump goes
 * without them: each file's database loads with ~30 % less CPU (0.57 → 0.40 s here).
 */
async function dropTemplateDatabases(client: PGlite): Promise<void> {
  await client.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
  await client.exec('DROP DATABASE template0');
  await client.exec('DROP DATABASE template1');
  await client.exec('CHECKPOINT');
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}
