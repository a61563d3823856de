import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/*
 * The file of the migrated, seeded embedded database the tests start from: the API tests'
 * (global-setup.ts, helper.ts) and the browser tests' servers (e2e/support), whose demo data
 * goes on top of it as on an empty one. Only making one loads the database code
 * (seeded-database.ts): a run that finds it cached reads a hash of files and no more.
 */

const SERVER = fileURLToPath(new URL('../', import.meta.url));
const REPO = path.resolve(SERVER, '../..');
const CACHE = path.join(REPO, 'node_modules/.cache/vialex-api-tests');
const MAKER = fileURLToPath(new URL('./seeded-database.ts', import.meta.url));

/**
 * The PGlite dump, made once and kept in node_modules/.cache under a hash of everything that
 * shapes it: the migrations, the database code and seed data, the domain package (the seed
 * reads its lists), PGlite's version and the code that makes it. A change to any of them makes a
 * new one; two runs at once may both make it, and each writes its own file before renaming it
 * into place.
 */
export async function pgliteSnapshot(): Promise<string> {
  const hash = crypto.createHash('sha256');
  for (const dir of ['apps/server/drizzle', 'apps/server/src/db', 'packages/domain/src'])
    for (const file of filesUnder(path.join(REPO, dir))) hash.update(file).update(fs.readFileSync(file));
  hash.update(fs.readFileSync(path.join(REPO, 'node_modules/@electric-sql/pglite/package.json')));
  // The maker, and the one module outside src/db it imports (the second-factor rule it clears).
  for (const file of [MAKER, path.join(SERVER, 'src/modules/auth/required-cargos.ts')])
    hash.update(fs.readFileSync(file));
  const file = path.join(CACHE, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return file;

  const { seededDump } = await import('./seeded-database.js');
  const dump = await seededDump();
  fs.mkdirSync(CACHE, { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, dump);
  fs.renameSync(partial, file);
  // Dumps of older sources, left by earlier runs: a day is longer than any run that may read one.
  for (const old of fs.readdirSync(CACHE)) {
    const at = path.join(CACHE, old);
    if (at !== file && Date.now() - fs.statSync(at).mtimeMs > 86_400_000) fs.rmSync(at, { force: true });
  }
  return file;
}

/**
 * Puts the dump in `dataDir` as an embedded server or an admin command finds it there
 * (`pglite/`): the dump is a tar of PGlite's data directory, so opening it skips initdb and the
 * migrations. It was taken of an open database, lock file included; nothing holds this copy open.
 */
export async function extractSnapshot(snapshot: string, dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'pglite');
  await fs.promises.mkdir(dir, { recursive: true });
  await promisify(execFile)('tar', ['-xf', snapshot, '-C', dir]);
  await fs.promises.rm(path.join(dir, 'postmaster.pid'), { force: true });
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}
