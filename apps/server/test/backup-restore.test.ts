import { execFile } from 'node:child_process';
import crypto, { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { archivos, casos, contadores, mensajes, trazabilidad, usuarios } from '../src/db/schema/index.js';
import { backup, restore } from '../src/cli/backup.js';
import { createServer, type RunningServer } from '../src/server.js';
import { FAKE_S3_CREDENTIALS, startFakeS3, type FakeS3 } from '../src/integrations/fakes/s3.js';
import { embeddedFromSnapshot, startTestServer, type TestServer } from './helper.js';
import { createUser, login, TEST_PASSWORD } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';
import { PDF, PNG, multipart, type Part } from './multipart.js';

/**
 * docs/operations.md "Backups": `npm run admin -- backup` of a server's database and files (the real
 * command, in a child process), `restore` into a fresh database and an empty files folder, and a
 * fresh server on them that has every case, history entry and file — compared row by row, byte by
 * byte and through the API — and keeps working. The two shapes of production: on PGlite (default)
 * with files on disk, restored into an empty DATA_DIR; on PostgreSQL (DATABASE_URL) with files in
 * S3, backed up while the server runs and restored into a new database and an empty bucket.
 */
const BASE_URL = process.env.DATABASE_URL;
const CLI = fileURLToPath(new URL('../src/cli/admin.ts', import.meta.url));
const run = promisify(execFile);

let work: string;
let restoredDb: string | undefined;
let buckets: { from: FakeS3; to: FakeS3 } | undefined;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'vialex-backup-'));
  if (BASE_URL) buckets = { from: await startFakeS3('vialex-origen'), to: await startFakeS3('vialex-destino') };
});
afterAll(async () => {
  if (BASE_URL && restoredDb) await adminQuery(`DROP DATABASE IF EXISTS ${restoredDb} WITH (FORCE)`);
  await Promise.all([buckets?.from.close(), buckets?.to.close()]);
  await fs.rm(work, { recursive: true, force: true });
});

/** The settings of file storage in a fake bucket (none: the local folder under DATA_DIR). */
const storageEnv = (bucket?: FakeS3): Record<string, string> =>
  bucket
    ? {
        STORAGE: 's3',
        S3_ENDPOINT: bucket.url,
        S3_BUCKET: bucket.bucket,
        S3_ACCESS_KEY_ID: FAKE_S3_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: FAKE_S3_CREDENTIALS.secretAccessKey,
        S3_REGION: FAKE_S3_CREDENTIALS.region,
      }
    : {};

/** A stored file's bytes, from the bucket or the DATA_DIR's files folder. */
async function storedBytes(dataDir: string, bucket: FakeS3 | undefined, clave: string): Promise<Buffer | undefined> {
  if (bucket) return bucket.objects.get(clave)?.body;
  return fs.readFile(path.join(dataDir, 'files', ...clave.split('/'))).catch(() => undefined);
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** `npm run admin -- …` with these settings (and no others of this process's). */
function admin(args: string[], env: Record<string, string | undefined>) {
  return run(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: os.tmpdir(), DATABASE_URL: '', ...env },
  });
}

/** Every row of the tables a restore must bring back, in a stable order. */
async function tables(s: RunningServer) {
  const db = s.ctx.db;
  return {
    casos: await db.select().from(casos).orderBy(asc(casos.caso)),
    trazabilidad: await db.select().from(trazabilidad).orderBy(asc(trazabilidad.id)),
    archivos: await db.select().from(archivos).orderBy(asc(archivos.clave)),
    mensajes: await db.select().from(mensajes).orderBy(asc(mensajes.id)),
    usuarios: await db.select().from(usuarios).orderBy(asc(usuarios.id)),
    contadores: await db.select().from(contadores),
  };
}

/** A PDF / PNG whose bytes are this file's own, so a file restored under another key would show. */
const uniquePdf = () => Buffer.concat([PDF, Buffer.from(`%${randomUUID()}\n`)]);
const uniquePng = () => Buffer.concat([PNG, crypto.randomBytes(16)]);

describe('npm run admin -- backup / restore', () => {
  it('restores every case, history entry and file into a fresh instance, which keeps working', async () => {
    const origin = path.join(work, 'origen');
    if (!BASE_URL) await embeddedFromSnapshot(origin);
    const s: TestServer = await startTestServer({ DATA_DIR: origin, ...storageEnv(buckets?.from) });
    let sourceOpen = true;
    const closeSource = async () => {
      if (sourceOpen) {
        sourceOpen = false;
        await s.close();
      }
    };
    let restored: RunningServer | undefined;
    try {
      // The work of a morning: cases, status changes with documents, a chat message with files.
      const boss = await createUser(s.ctx, { cargo: 'Administrador', area: 'ADMINISTRACIÓN' });
      const other = await createUser(s.ctx, { cargo: 'Administrador', area: 'ADMINISTRACIÓN' });
      const cookie = await login(s.app, boss.email);
      const uploads = new Map<string, Buffer>(); // file url → bytes sent
      const cases: { id: string; caso: number }[] = [];
      for (let i = 0; i < 3; i++) {
        const c = await createCaseAs(s.app, cookie, await caseBody(s.ctx));
        cases.push(c);
        const steps: [string, Part['file'] | undefined][] = [
          ['Verificado', { filename: `acta-${i}.pdf`, content: uniquePdf(), type: 'application/pdf' }],
          ['En atención', undefined],
          ['Verificado', { filename: `sitio-${i}.png`, content: uniquePng(), type: 'image/png' }],
        ];
        for (const [estado, file] of steps) {
          const form = multipart([
            { name: 'estado', value: estado },
            { name: 'descripcion', value: `Paso ${estado} del caso ${c.caso}` },
            ...(file ? [{ name: 'archivo', file }] : []),
          ]);
          const res = await s.app.inject({
            method: 'POST',
            url: `/api/casos/${c.id}/gestion`,
            headers: { cookie, 'content-type': form.contentType },
            payload: form.payload,
          });
          expect(res.statusCode, res.body).toBe(200);
          if (file) uploads.set(res.json().entrada.archivo.url, file.content);
        }
        const chat = [uniquePdf(), uniquePng()];
        const form = multipart([
          { name: 'clientId', value: randomUUID() },
          { name: 'content', value: `Documentos del caso ${c.caso}` },
          { name: 'archivos', file: { filename: 'croquis.pdf', content: chat[0] } },
          { name: 'archivos', file: { filename: 'foto.png', content: chat[1] } },
        ]);
        const sent = await s.app.inject({
          method: 'POST',
          url: `/api/casos/${c.id}/chats/general/archivos`,
          headers: { cookie, 'content-type': form.contentType },
          payload: form.payload,
        });
        expect(sent.statusCode, sent.body).toBe(200);
        sent.json().mensaje.files.forEach((f: { url: string }, k: number) => uploads.set(f.url, chat[k]));
      }
      const before = await tables(s);
      expect(before.trazabilidad.length).toBeGreaterThanOrEqual(9);
      expect(before.archivos.length).toBeGreaterThanOrEqual(12);
      const stored = new Map<string, Buffer>();
      for (const row of before.archivos) stored.set(row.clave, (await storedBytes(origin, buckets?.from, row.clave))!);
      expect([...stored.values()].every(Boolean)).toBe(true);
      const views = async (server: RunningServer) =>
        Promise.all(
          cases.map(async (c) => ({
            informacion: (
              await server.app.inject({
                method: 'GET',
                url: `/api/casos/${c.id}/espacio/informacion`,
                headers: { cookie },
              })
            ).json(),
            chat: (
              await server.app.inject({ method: 'GET', url: `/api/casos/${c.id}/chats/general`, headers: { cookie } })
            ).json(),
          })),
        );
      const seen = await views(s);

      const file = path.join(work, 'respaldo.tar.gz');
      if (BASE_URL) {
        // PostgreSQL: backed up while the server runs.
        await admin(['backup', '--to', file], {
          DATA_DIR: origin,
          DATABASE_URL: s.databaseUrl,
          ...storageEnv(buckets?.from),
        });
      } else {
        // The embedded database is opened by one process at a time: refused while the server runs.
        await expect(backup(loadConfig({ DATA_DIR: origin }), file)).rejects.toThrow(
          /está abierta por otro proceso: detenga el servidor/,
        );
        await closeSource();
        await admin(['backup', '--to', file], { DATA_DIR: origin });
      }
      // A plain tar.gz: tar lists the database, every file and, last, the manifest.
      const listed = (await run('tar', ['-tzf', file])).stdout.trim().split('\n');
      expect(listed).toEqual([
        BASE_URL ? 'base/postgres.dump' : 'base/pglite.tar',
        ...before.archivos.map((a) => `archivos/${a.clave}`),
        'vialex-respaldo.json',
      ]);
      // The source is gone before the restore: nothing of it is reused.
      await closeSource();
      await fs.rm(origin, { recursive: true, force: true });
      buckets?.from.objects.clear();

      const target = path.join(work, 'destino');
      let restoredUrl: string | undefined;
      if (BASE_URL) {
        restoredDb = `vialex_r_${crypto.randomBytes(6).toString('hex')}`;
        await adminQuery(`CREATE DATABASE ${restoredDb}`);
        const url = new URL(BASE_URL);
        url.pathname = `/${restoredDb}`;
        restoredUrl = url.toString();
      }
      const said = await admin(['restore', '--from', file], {
        DATA_DIR: target,
        DATABASE_URL: restoredUrl,
        ...storageEnv(buckets?.to),
      });
      expect(said.stdout).toContain(`restaurado: 3 casos, ${before.trazabilidad.length} entradas de historial`);
      // A second restore onto what is now a database is refused, and changes nothing.
      const targetEnv = {
        DATA_DIR: target,
        ...(restoredUrl ? { DATABASE_URL: restoredUrl } : {}),
        ...storageEnv(buckets?.to),
      };
      await expect(restore(loadConfig(targetEnv), file)).rejects.toThrow(
        BASE_URL ? /no está vacía/ : /Ya hay una base embebida/,
      );

      restored = await createServer(
        loadConfig({
          NODE_ENV: 'test',
          DEMO: '0',
          SERVE_WEB: '0',
          LOG_LEVEL: 'silent',
          ...targetEnv,
        }),
      );
      // Row by row and byte by byte.
      expect(await tables(restored)).toEqual(before);
      for (const [clave, bytes] of stored)
        expect((await storedBytes(target, buckets?.to, clave))?.equals(bytes), clave).toBe(true);
      if (buckets) expect(buckets.to.objects.size).toBe(stored.size);
      // Through the API: the same cases, history and messages, and every file downloads as it was sent
      // (the session of before the backup is restored with the database).
      expect(await views(restored)).toEqual(seen);
      for (const [url, bytes] of uploads) {
        const got = await restored.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(got.statusCode, url).toBe(200);
        expect(got.rawPayload.equals(bytes), url).toBe(true);
      }

      // And it works: another user signs in with the password of before, and the next case follows on.
      const otherCookie = await login(restored.app, other.email, TEST_PASSWORD);
      const next = await createCaseAs(restored.app, otherCookie, await caseBody(restored.ctx));
      expect(next.caso).toBe(Math.max(...cases.map((c) => c.caso)) + 1);
    } finally {
      await closeSource();
      await restored?.stop();
    }
  }, 120_000);
});
