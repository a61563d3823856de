import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig, type Config } from '../config.js';
import { createStorage } from '../integrations/create-storage.js';
import { extractTar, tarStream, type TarEntry } from './tar.js';

/*
 * `npm run admin -- backup --to FILE` and `restore --from FILE` (docs/operations.md "Backups"): one .tar.gz
 * holding the database and every stored file the database refers to, for either database.
 *
 * - PostgreSQL: pg_dump -Fc of one snapshot, which the same snapshot's list of `archivos` matches
 *   (pg_export_snapshot), so the servers keep running. Files are only ever stored before their row
 *   commits, so every row of the snapshot has its bytes in storage.
 * - Embedded (PGlite): one process opens DATA_DIR at a time, so the server is stopped (the data
 *   directory's postmaster.pid says it is open); the data directory as PGlite dumps it.
 * - Files go through the storage adapter (disk or S3), so either storage is backed up and
 *   restored the same way; each one's SHA-256 is in the manifest and checked before restoring.
 *
 * Restore goes into an empty database only (a new PostgreSQL database, an empty DATA_DIR), files
 * first, then the database, so a failed restore can simply be run again. The manifest is the
 * archive's last entry: a backup that stopped half-way has none and is refused.
 *
 * Connection settings reach pg_dump and pg_restore through PG* environment variables, never the
 * command line (where `ps` would show the password), and the password never reaches a message.
 */

const MANIFEST = 'vialex-respaldo.json';
const DB_PGLITE = 'base/pglite.tar';
const DB_POSTGRES = 'base/postgres.dump';
const FILES = 'archivos/';
const JOURNAL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle/meta/_journal.json');

/** The tables whose row counts a restore must find again. */
const COUNTED = ['casos', 'trazabilidad', 'archivos', 'mensajes', 'usuarios'] as const;

export interface BackupManifest {
  formato: 'vialex-respaldo';
  version: 1;
  creado: string;
  base: 'pglite' | 'postgres';
  /** The database's version() when backed up. */
  servidor: string;
  /** created_at of every migration applied (drizzle.__drizzle_migrations). */
  migraciones: number[];
  filas: Record<(typeof COUNTED)[number], number>;
  archivos: { clave: string; size: number; sha256: string; type: string }[];
  /** Rows whose bytes storage did not have when backed up. */
  faltantes: string[];
}

export interface BackupResult {
  manifest: BackupManifest;
  bytes: number;
}

type Query = <T>(text: string) => Promise<T[]>;

/** What the manifest says of the database, read in the caller's snapshot. */
async function describe(query: Query) {
  const [{ version }] = await query<{ version: string }>('select version() as version');
  const migraciones = (
    await query<{ created_at: string | number }>('select created_at from drizzle.__drizzle_migrations order by id')
  ).map((r) => Number(r.created_at));
  const filas = await countRows(query);
  const archivos = (
    await query<{ clave: string; size: string | number; type: string }>(
      'select clave, size, type from archivos order by clave',
    )
  ).map((r) => ({ clave: r.clave, size: Number(r.size), type: r.type }));
  return { servidor: version, migraciones, filas, archivos };
}

/** PG* variables for pg_dump / pg_restore from a postgres:// URL, so no password is on a command line. */
export function libpqEnv(url: string): { env: NodeJS.ProcessEnv; database: string; password: string } {
  const u = new URL(url);
  const params = u.searchParams;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['PGHOST', 'PGPORT', 'PGUSER', 'PGPASSWORD', 'PGDATABASE', 'PGSSLMODE', 'PGSERVICE'])
    delete env[key];
  const host = params.get('host') ?? decodeURIComponent(u.hostname);
  if (host) env.PGHOST = host.replace(/^\[(.*)\]$/, '$1');
  if (u.port || params.get('port')) env.PGPORT = u.port || params.get('port')!;
  const user = params.get('user') ?? decodeURIComponent(u.username);
  if (user) env.PGUSER = user;
  const password = params.get('password') ?? decodeURIComponent(u.password);
  if (password) env.PGPASSWORD = password;
  const database = params.get('dbname') ?? decodeURIComponent(u.pathname.slice(1));
  if (!database) throw new Error('DATABASE_URL no indica la base de datos');
  env.PGDATABASE = database;
  if (params.get('sslmode')) env.PGSSLMODE = params.get('sslmode')!;
  return { env, database, password };
}

/** Runs pg_dump or pg_restore; its error output (without the password) becomes the error. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, password: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr = (stderr + s).slice(-4000)));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'ENOENT'
            ? `No se encontró ${command}: instale el cliente de PostgreSQL (paquete postgresql-client) de la misma versión del servidor o una posterior`
            : `${command}: ${err.message}`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const said = password ? stderr.split(password).join('***') : stderr;
      reject(new Error(`${command} terminó con el código ${code}: ${said.trim()}`));
    });
  });
}

/** A connection of its own; a refusal says so in Spanish (the URL, with its password, is never shown). */
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`No se pudo conectar a PostgreSQL (DATABASE_URL): ${(err as Error).message}`, { cause: err });
  }
  return client;
}

async function* readFileChunks(file: string): AsyncGenerator<Uint8Array> {
  yield* createReadStream(file);
}

/**
 * A PGlite data directory is open while its postmaster.pid exists (PGlite removes it on close).
 * A second process that opened it would work on its own copy: what it wrote would be lost (and a
 * copy would miss what the server wrote). `before` names what waits for the server to stop.
 */
async function assertEmbeddedClosed(dir: string, before = 'la copia'): Promise<void> {
  if (await exists(path.join(dir, 'postmaster.pid')))
    throw new Error(
      `La base embebida (${dir}) está abierta por otro proceso: detenga el servidor antes de ${before}. ` +
        'Si ya está detenido y se cerró de golpe, inícielo y deténgalo una vez.',
    );
}

/**
 * For the admin commands that write to the database (create-user, end-sessions): refuses the
 * embedded database while a server holds it open. PostgreSQL and memory:// need no such check.
 */
export async function assertEmbeddedFree(config: Config, before: string): Promise<void> {
  if (config.databaseUrl || config.dataDir === 'memory://') return;
  await assertEmbeddedClosed(embeddedDir(config), before);
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

function embeddedDir(config: Config): string {
  if (config.dataDir === 'memory://')
    throw new Error('DATA_DIR=memory:// es una base en memoria: no hay nada que respaldar ni dónde restaurar');
  return path.join(config.dataDir, 'pglite');
}

/**
 * Writes the backup to `to` (through `to.partial`, renamed when complete). Answers the manifest;
 * storage objects missing for a row are listed in `faltantes` (the caller decides what to say).
 */
export async function backup(config: Config, to: string): Promise<BackupResult> {
  const target = path.resolve(to);
  if (await exists(target)) throw new Error(`${target} ya existe: elija otro nombre para el respaldo`);
  if (!(await exists(path.dirname(target)))) throw new Error(`No existe la carpeta ${path.dirname(target)}`);
  const work = await fs.mkdtemp(path.join(path.dirname(target), '.vialex-respaldo-'));
  const partial = `${target}.partial`;
  try {
    let database: TarEntry;
    let described: Awaited<ReturnType<typeof describe>>;
    let base: BackupManifest['base'];
    if (config.databaseUrl) {
      base = 'postgres';
      const dump = path.join(work, 'postgres.dump');
      const { env, password } = libpqEnv(config.databaseUrl);
      const client = await connect(config.databaseUrl);
      try {
        await client.query('begin isolation level repeatable read read only');
        const [{ snapshot }] = (await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot'))
          .rows;
        described = await describe(async (text) => (await client.query(text)).rows);
        await run('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${dump}`], env, password);
        await client.query('commit');
      } finally {
        await client.end().catch(() => undefined);
      }
      const size = (await fs.stat(dump)).size;
      database = { name: DB_POSTGRES, size, body: () => readFileChunks(dump) };
    } else {
      base = 'pglite';
      const dir = embeddedDir(config);
      if (!(await exists(path.join(dir, 'PG_VERSION')))) throw new Error(`No hay una base embebida en ${dir}`);
      await assertEmbeddedClosed(dir);
      const client = new PGlite(dir);
      let dump: Blob;
      try {
        await client.waitReady;
        described = await describe(async (text) => (await client.query(text)).rows as never[]);
        await client.exec('checkpoint');
        dump = await client.dumpDataDir('none');
      } finally {
        await client.close();
      }
      database = {
        name: DB_PGLITE,
        size: dump.size,
        body: () => Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream<Uint8Array>),
      };
    }

    const storage = createStorage(config.storage);
    const faltantes: string[] = [];
    const archivos: BackupManifest['archivos'] = [];
    let manifest: BackupManifest | undefined;
    async function* entries(): AsyncGenerator<TarEntry> {
      yield database;
      for (const row of described.archivos) {
        const object = await storage.get(row.clave);
        if (!object) {
          faltantes.push(row.clave);
          continue;
        }
        const hash = createHash('sha256');
        yield {
          name: FILES + row.clave,
          size: object.size,
          body: async function* () {
            for await (const chunk of object.body as AsyncIterable<Buffer>) {
              hash.update(chunk);
              yield chunk;
            }
          },
        };
        archivos.push({ clave: row.clave, size: object.size, sha256: hash.digest('hex'), type: row.type });
      }
      manifest = {
        formato: 'vialex-respaldo',
        version: 1,
        creado: new Date().toISOString(),
        base,
        servidor: described.servidor,
        migraciones: described.migraciones,
        filas: described.filas,
        archivos,
        faltantes,
      };
      const bytes = Buffer.from(JSON.stringify(manifest, null, 1));
      yield {
        name: MANIFEST,
        size: bytes.length,
        body: async function* () {
          yield bytes;
        },
      };
    }
    await pipeline(Readable.from(tarStream(entries())), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    await fs.rename(partial, target);
    return { manifest: manifest!, bytes: (await fs.stat(target)).size };
  } catch (err) {
    await fs.rm(partial, { force: true });
    throw err;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** Reads and checks an archive into a folder: the manifest, and each file's size and SHA-256. */
async function unpack(from: string, dir: string): Promise<BackupManifest> {
  const source = path.resolve(from);
  if (!(await exists(source))) throw new Error(`No existe el respaldo ${source}`);
  try {
    await extractTar(createReadStream(source).pipe(createGunzip()), dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'Z_DATA_ERROR' || (err as NodeJS.ErrnoException).code === 'Z_BUF_ERROR')
      throw new Error(`${source} no es un respaldo de Vialex (.tar.gz) o está dañado`, { cause: err });
    throw err;
  }
  const manifestFile = path.join(dir, MANIFEST);
  if (!(await exists(manifestFile)))
    throw new Error(`${source} no es un respaldo completo de Vialex (le falta ${MANIFEST})`);
  const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.formato !== 'vialex-respaldo' || manifest.version !== 1)
    throw new Error(`${source}: formato de respaldo desconocido`);
  for (const file of manifest.archivos) {
    const at = path.join(dir, ...(FILES + file.clave).split('/'));
    const hash = createHash('sha256');
    let size = 0;
    try {
      for await (const chunk of createReadStream(at) as AsyncIterable<Buffer>) {
        size += chunk.length;
        hash.update(chunk);
      }
    } catch {
      throw new Error(`El respaldo está incompleto: falta el archivo ${file.clave}`);
    }
    if (size !== file.size || hash.digest('hex') !== file.sha256)
      throw new Error(`El respaldo está dañado: el archivo ${file.clave} no coincide con su huella`);
  }
  return manifest;
}

export interface RestoreResult {
  manifest: BackupManifest;
  files: number;
}

/**
 * Restores a backup into the configured database, which must be empty, and the configured file
 * storage. The backup's database kind must match the configuration's (PGlite's dump is its data
 * directory, PostgreSQL's a pg_dump archive).
 */
export async function restore(config: Config, from: string): Promise<RestoreResult> {
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  // Refuse a non-empty target before reading anything.
  if (kind === 'pglite') {
    const dir = embeddedDir(config);
    if (await exists(path.join(dir, 'PG_VERSION')))
      throw new Error(`Ya hay una base embebida en ${dir}: restaure en un DATA_DIR vacío`);
  } else await assertEmptyPostgres(config.databaseUrl!);

  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'vialex-restauracion-'));
  try {
    const manifest = await unpack(from, work);
    if (manifest.base !== kind)
      throw new Error(
        manifest.base === 'pglite'
          ? 'El respaldo es de la base embebida: restáurelo sin DATABASE_URL'
          : 'El respaldo es de PostgreSQL: restáurelo con DATABASE_URL de una base de datos vacía',
      );
    const shipped = new Set(
      (JSON.parse(await fs.readFile(JOURNAL, 'utf8')) as { entries: { when: number }[] }).entries.map((e) => e.when),
    );
    if (manifest.migraciones.some((when) => !shipped.has(when)))
      throw new Error(
        'El respaldo es de una versión más reciente de Vialex: restáurelo con esa versión o una posterior',
      );

    // Files first: restoring them again is harmless, so a restore that fails later can be rerun.
    const storage = createStorage(config.storage);
    for (const file of manifest.archivos)
      await storage.put(file.clave, {
        path: path.join(work, ...(FILES + file.clave).split('/')),
        size: file.size,
        sha256: file.sha256,
        contentType: file.type,
      });

    const counted =
      kind === 'postgres'
        ? await restorePostgres(config.databaseUrl!, path.join(work, ...DB_POSTGRES.split('/')))
        : await restorePglite(embeddedDir(config), path.join(work, ...DB_PGLITE.split('/')));
    for (const table of COUNTED)
      if (counted[table] !== manifest.filas[table])
        throw new Error(
          `La base restaurada no coincide con el respaldo: ${table} tiene ${counted[table]} filas y el respaldo ${manifest.filas[table]}`,
        );
    return { manifest, files: manifest.archivos.length };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

async function countRows(query: Query): Promise<BackupManifest['filas']> {
  const filas = {} as BackupManifest['filas'];
  for (const table of COUNTED)
    filas[table] = Number((await query<{ n: string | number }>(`select count(*) as n from ${table}`))[0].n);
  return filas;
}

async function assertEmptyPostgres(url: string): Promise<void> {
  const { database } = libpqEnv(url);
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S')
          and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
    );
    if (Number(rows[0].n) > 0)
      throw new Error(
        `La base de datos ${database} no está vacía: restaure en una base nueva (createdb) y apunte DATABASE_URL a ella`,
      );
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function restorePostgres(url: string, dump: string): Promise<BackupManifest['filas']> {
  const { env, database, password } = libpqEnv(url);
  await run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${database}`, dump],
    env,
    password,
  );
  const client = await connect(url);
  try {
    return await countRows(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function restorePglite(dir: string, dump: string): Promise<BackupManifest['filas']> {
  const existed = await exists(dir);
  await fs.mkdir(dir, { recursive: true });
  try {
    const client = new PGlite(dir, { loadDataDir: await openAsBlob(dump) });
    try {
      await client.waitReady;
      return await countRows(async (text) => (await client.query(text)).rows as never[]);
    } finally {
      await client.close();
    }
  } catch (err) {
    // Half a data directory would stop the next start: leave the folder as it was found.
    if (existed) await fs.rm(dir, { recursive: true, force: true }).then(() => fs.mkdir(dir));
    else await fs.rm(dir, { recursive: true, force: true });
    throw err;
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const summary = (m: BackupManifest) =>
  `${m.filas.casos} casos, ${m.filas.trazabilidad} entradas de historial, ${m.archivos.length} archivos`;

/** `npm run admin -- backup --to FILE` */
export async function backupCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { to: { type: 'string' } } });
  if (!values.to) throw new Error('Falta: --to ARCHIVO.tar.gz');
  const { manifest, bytes } = await backup(loadConfig(), values.to);
  const base = manifest.base === 'postgres' ? 'PostgreSQL' : 'la base embebida';
  console.log(`Respaldo de ${base} escrito en ${path.resolve(values.to)} (${megabytes(bytes)}): ${summary(manifest)}.`);
  if (manifest.faltantes.length) {
    console.error(
      `Atención: ${manifest.faltantes.length} archivos registrados no estaban en el almacenamiento y no se copiaron: ${manifest.faltantes.join(', ')}`,
    );
    process.exitCode = 1;
  }
}

/** `npm run admin -- restore --from FILE` */
export async function restoreCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { from: { type: 'string' } } });
  if (!values.from) throw new Error('Falta: --from ARCHIVO.tar.gz');
  const { manifest } = await restore(loadConfig(), values.from);
  console.log(
    `Respaldo del ${manifest.creado} restaurado: ${summary(manifest)}. Inicie el servidor: las migraciones pendientes se aplican al arrancar.`,
  );
}
