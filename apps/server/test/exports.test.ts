import crypto, { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, arrayContains, eq } from 'drizzle-orm';
import { CARGOS, MSG, exportActionResponse, exportPageResponse, fmt, type Cargo, type ChatKind } from '@vialex/domain';
import { exportaciones, notificaciones, trabajos } from '../src/db/schema/index.js';
import type { RunningServer } from '../src/server.js';
import type { AppContext } from '../src/platform/context.js';
import { LIVE_CHANNEL } from '../src/platform/live-hub.js';
import { JobRunner } from '../src/platform/jobs.js';
import { EXPORT_JOB, exportJobHandler } from '../src/modules/exports/job.js';
import { caseFiles, type ExportFile } from '../src/modules/exports/contents.js';
import { parseFingerprint, parseSftpConfig } from '../src/integrations/sftp-config.js';
import { startSecondInstance, startTestServer, type TestServer } from './helper.js';
import { createUser, login, signInEveryCargo } from './factories.js';
import { EVERY_ROOM_OPEN, staffedCase } from './case-factories.js';
import { PDF, PNG, multipart, type Part } from './multipart.js';
import { pdfPages } from './pdf-text.js';
import { freePort, startRelay, startSshd, type Sshd } from './sshd.js';

/**
 * The SFTP export of a case (decisions.md D8) against a real SFTP server: OpenSSH's
 * sshd with internal-sftp on a loopback port (test/sshd.ts). The job runs by explicit ticks of
 * workers whose clock the tests move (no waiting): success with every file's checksum, the server
 * down (back-off, then Error), a wrong host key, a connection killed mid-upload, a worker stopped
 * mid-job, two instances, cancel and retry, and who may do what.
 */
let s: TestServer;
let sshd: Sshd;
let filesDir: string;
let viewers: Map<Cargo, { id: string; cookie: string }>;
const LEASE_MS = 60_000;
const RETRY_MS = 30_000;
const clock = { now: Date.now() };

beforeAll(async () => {
  sshd = await startSshd();
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialex-exports-'));
  s = await startTestServer({
    FILES_DIR: filesDir,
    UPLOAD_MAX_MB: '8',
    SFTP_HOST: sshd.host,
    SFTP_PORT: String(sshd.port),
    SFTP_USER: sshd.username,
    SFTP_PRIVATE_KEY_FILE: sshd.keyFile,
    SFTP_HOST_KEY: sshd.fingerprint,
    SFTP_ROOT: sshd.root,
    SFTP_TIMEOUT_MS: '10000',
    EXPORT_MAX_ATTEMPTS: '3',
    EXPORT_RETRY_SECONDS: String(RETRY_MS / 1000),
  });
  viewers = await signInEveryCargo(s.ctx, s.app);
}, 60_000);
afterAll(async () => {
  await s?.close();
  await sshd?.stop();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const goodSftp = () => ({ ...s.config.sftp! });
let restore: ReturnType<typeof goodSftp> | undefined;
/** Points the export at another port or key for one test. */
function sftpFor(overrides: Partial<ReturnType<typeof goodSftp>>) {
  restore ??= goodSftp();
  s.config.sftp = { ...restore, ...overrides };
}
afterEach(() => {
  if (restore) s.config.sftp = restore;
  restore = undefined;
});

const h = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const id = (cargo: Cargo) => viewers.get(cargo)!.id;

/** A worker on a server's database with the tests' clock; it runs only when ticked. */
function worker(server: Pick<RunningServer, 'ctx'> = s, workerId = 'w1') {
  const ctx: AppContext = server.ctx;
  return new JobRunner(
    ctx.database,
    { [EXPORT_JOB]: exportJobHandler(ctx) },
    {
      workerId,
      leaseMs: LEASE_MS,
      pollMs: 0,
      backoffMs: (attempt) => RETRY_MS * 2 ** (attempt - 1),
      now: () => new Date(clock.now),
    },
  );
}

const later = (ms: number) => (clock.now += ms);

/** Every slot held by this file's viewers and all three rooms open: each cargo may post in its room. */
const everybodysCase = () =>
  staffedCase(s, viewers, ['Abogado', 'Investigador', 'Call Center', 'Perito', 'Dibujante'], EVERY_ROOM_OPEN);

async function upload(caseId: string, who: Cargo, url: string, parts: Part[]) {
  const form = multipart(parts);
  const res = await s.app.inject({
    method: 'POST',
    url,
    headers: { ...h(who), 'content-type': form.contentType },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}
const file = (filename: string, content: Buffer) => ({ name: 'archivos', file: { filename, content } });
const chatFiles = (caseId: string, kind: ChatKind, who: Cargo, files: Part[]) =>
  upload(caseId, who, `/api/casos/${caseId}/chats/${kind}/archivos`, [
    { name: 'clientId', value: randomUUID() },
    ...files,
  ]);

/** A PDF of `size` bytes of noise (a file that takes a while to send). */
const bigPdf = (size: number) => Buffer.concat([PDF, crypto.randomBytes(size)]);
const png = () => Buffer.concat([PNG, crypto.randomBytes(16)]);

/**
 * A case with files of every kind: its three chats (one with an accented name), drone photos, a
 * management document; `big` adds a large file last in the general chat.
 */
async function caseWithFiles({ big = 0 } = {}) {
  const c = await everybodysCase();
  await chatFiles(c.id, 'general', 'Abogado', [file('Croquis señalización.pdf', PDF), file('choque.png', png())]);
  await chatFiles(c.id, 'perito', 'Perito', [file('informe perito.pdf', PDF)]);
  await chatFiles(c.id, 'dibujante', 'Dibujante', [file('plano.pdf', PDF)]);
  await upload(c.id, 'Investigador', `/api/casos/${c.id}/chats/general/fotos-drone`, [
    { name: 'clientId', value: randomUUID() },
    { name: 'latitud', value: '4.6533' },
    { name: 'longitud', value: '-74.0836' },
    file('dron-1.png', png()),
    file('dron-2.png', png()),
  ]);
  const form = multipart([
    { name: 'estado', value: 'Verificado' },
    { name: 'descripcion', value: 'Acta de conciliación firmada' },
    { name: 'archivo', file: { filename: 'acta.pdf', content: PDF } },
  ]);
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/casos/${c.id}/gestion`,
    headers: { ...h('Administrador'), 'content-type': form.contentType },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  if (big) await chatFiles(c.id, 'general', 'Abogado', [file('video-grande.pdf', bigPdf(big))]);
  return c;
}

async function requestExport(caseId: string, who: Cargo = 'Call Center') {
  const res = await s.app.inject({ method: 'POST', url: `/api/casos/${caseId}/exportar`, headers: h(who) });
  expect(res.statusCode, res.body).toBe(201);
  // The job is due from the database's now: the workers' clock is not behind it.
  clock.now = Math.max(clock.now, Date.now() + 1);
  return res.json().exportacion.id as string;
}

const exportRow = async (exportId: string) =>
  (await s.ctx.db.select().from(exportaciones).where(eq(exportaciones.id, exportId)))[0];
const jobRow = async (exportId: string) => {
  const row = await exportRow(exportId);
  return (await s.ctx.db.select().from(trabajos).where(eq(trabajos.id, row.trabajo!)))[0];
};

/** The notices of a case's export end that a user was sent. */
const noticesOf = async (caso: number, userId: string) =>
  (
    await s.ctx.db
      .select({ momento: notificaciones.momento, cuerpo: notificaciones.cuerpo })
      .from(notificaciones)
      .where(and(eq(notificaciones.caso, caso), arrayContains(notificaciones.destinatarios, [userId])))
  ).filter((n) => n.momento.startsWith('Exportación') || n.momento.startsWith('Error de exportación'));

const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const caseDir = (caso: number) => path.join(sshd.root, `caso-${caso}`);
const remoteOf = (caso: number, f: ExportFile) => path.join(caseDir(caso), ...f.ruta.split('/'));

/** Every file of the case is on the server, byte for byte; the summary JSON and PDF are there too. */
async function expectComplete(c: { id: string; caso: number }) {
  const files = await caseFiles(s.ctx.db, c.id);
  for (const f of files) {
    const original = fs.readFileSync(path.join(filesDir, ...f.clave.split('/')));
    expect(sha(fs.readFileSync(remoteOf(c.caso, f))), f.ruta).toBe(sha(original));
  }
  const listing = fs.readdirSync(caseDir(c.caso), { recursive: true, encoding: 'utf8' });
  expect(listing.filter((p) => p.endsWith('.part'))).toEqual([]);
  const json = JSON.parse(fs.readFileSync(path.join(caseDir(c.caso), `resumen-caso-${c.caso}.json`), 'utf8'));
  expect(json.caso.numero).toBe(c.caso);
  expect(json.archivos.map((a: { ruta: string }) => a.ruta).sort()).toEqual(files.map((f) => f.ruta).sort());
  const pdf = fs.readFileSync(path.join(caseDir(c.caso), `expediente-caso-${c.caso}.pdf`));
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  return { files, json, pdf };
}

const inodes = (c: { caso: number }, files: ExportFile[]) =>
  new Map(files.map((f) => [f.ruta, fs.statSync(remoteOf(c.caso, f)).ino]));
const sessions = () => sshd.count(/Accepted publickey/);

describe('an export reaches the SFTP server whole', () => {
  it('every file of the three chats, the documents and drone photos, with the summary as JSON and PDF; progress live', async () => {
    const c = await caseWithFiles();
    const events: string[] = [];
    const unlisten = await s.ctx.database.listen(LIVE_CHANNEL, (payload) => {
      const { topic, event } = JSON.parse(payload);
      if (topic === 'list:exportaciones') events.push(event.id);
    });
    const exportId = await requestExport(c.id);
    const w = worker();
    expect(await w.tick()).toBe(true);
    unlisten();

    const row = await exportRow(exportId);
    expect(row).toMatchObject({ estado: 'Finalizado', mensaje: '', solicitado_por: id('Call Center') });
    expect(row.fechafinalizacion).toBeInstanceOf(Date);
    const { files, json, pdf } = await expectComplete(c);
    // 2 chat-general + 1 perito + 1 dibujante + 2 drone photos + 1 document; drone photos once (not also as chat files).
    expect(files.map((f) => f.carpeta).sort()).toEqual([
      'chat-dibujante',
      'chat-general',
      'chat-general',
      'chat-perito',
      'documentos',
      'fotos-dron',
      'fotos-dron',
    ]);
    expect(files.find((f) => f.nombre === 'Croquis señalización.pdf')!.ruta).toMatch(
      /^chat-general\/[0-9a-f]{8}-Croquis_senalizacion\.pdf$/,
    );
    expect([row.enviados, row.total]).toEqual([files.length + 2, files.length + 2]);
    expect(await jobRow(exportId)).toMatchObject({ estado: 'hecho', intentos: 1, bloqueado_por: null });
    // notice: export ended — the requester is told, once.
    expect(await noticesOf(c.caso, id('Call Center'))).toEqual([
      { momento: MSG.momentoExportacionFinalizada, cuerpo: expect.stringContaining(String(c.caso)) },
    ]);
    // The list heard of it: on the request, as it went, and at the end.
    expect(events.filter((e) => e === exportId).length).toBeGreaterThanOrEqual(3);

    // The summary: the case, its team and its whole history, with dates.
    expect(json.equipo).toMatchObject({ abogado: expect.any(String), perito: expect.any(String) });
    expect(json.historial.map((e: { descripcion: string }) => e.descripcion)).toContain('Acta de conciliación firmada');
    const text = (await pdfPages(pdf)).join('\n');
    expect(text).toContain(`Expediente del caso # ${c.caso}`);
    expect(text).toContain('Historial de gestión');
    expect(text).toContain('Acta de conciliación firmada');
    expect(text).toContain('Croquis señalización.pdf');
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  });

  it('an export of a case already on the server sends again only what changed (same name and size are kept)', async () => {
    const c = await caseWithFiles();
    await requestExport(c.id);
    await worker().tick();
    const before = inodes(c, (await expectComplete(c)).files);
    await chatFiles(c.id, 'general', 'Abogado', [file('nuevo.pdf', PDF)]);
    const second = await requestExport(c.id);
    expect(await worker().tick()).toBe(true);
    expect((await exportRow(second)).estado).toBe('Finalizado');
    const { files } = await expectComplete(c);
    const after = inodes(c, files);
    for (const [ruta, ino] of before) expect(after.get(ruta), ruta).toBe(ino);
    expect(files.some((f) => f.nombre === 'nuevo.pdf')).toBe(true);
  });
});

describe('failures', () => {
  it('SFTP down: retried with back-off (30 s, then 60 s), then Error with the reason', async () => {
    const c = await everybodysCase();
    sftpFor({ port: await freePort() });
    const exportId = await requestExport(c.id);
    const w = worker();

    expect(await w.tick()).toBe(true);
    let row = await exportRow(exportId);
    expect(row.estado).toBe('En proceso');
    expect(row.mensaje).toBe(
      fmt(MSG.exportacionReintento, {
        n: 1,
        max: 3,
        motivo: fmt(MSG.sftpNoDisponible, { detalle: 'ECONNREFUSED' }),
      }),
    );
    let job = await jobRow(exportId);
    expect(job).toMatchObject({ estado: 'pendiente', intentos: 1 });
    expect(job.ejecutar_en.getTime()).toBe(clock.now + RETRY_MS);

    // Not due yet: nothing runs.
    later(RETRY_MS - 1000);
    expect(await w.tick()).toBe(false);
    later(1000);
    expect(await w.tick()).toBe(true);
    job = await jobRow(exportId);
    expect(job).toMatchObject({ estado: 'pendiente', intentos: 2 });
    expect(job.ejecutar_en.getTime()).toBe(clock.now + 2 * RETRY_MS);

    later(2 * RETRY_MS);
    expect(await w.tick()).toBe(true);
    row = await exportRow(exportId);
    expect(row).toMatchObject({
      estado: 'Error',
      mensaje: fmt(MSG.sftpNoDisponible, { detalle: 'ECONNREFUSED' }),
    });
    expect(row.fechafinalizacion).toBeInstanceOf(Date);
    expect(await jobRow(exportId)).toMatchObject({ estado: 'fallido', intentos: 3 });
    // Told once, at the end, with the reason (not at each retry).
    expect(await noticesOf(c.caso, id('Call Center'))).toEqual([
      { momento: MSG.momentoExportacionError, cuerpo: expect.stringContaining('ECONNREFUSED') },
    ]);
    later(10 * RETRY_MS);
    expect(await w.tick()).toBe(false);
  });

  it('a wrong host key: Error at once, no retry, nothing sent (the key is refused before signing in)', async () => {
    const c = await caseWithFiles();
    const other = parseFingerprint('SHA256:' + crypto.randomBytes(32).toString('base64').replace(/=+$/, ''));
    sftpFor({ hostKeySha256: other });
    const signedIn = sessions();
    const exportId = await requestExport(c.id);
    expect(await worker().tick()).toBe(true);
    expect(await exportRow(exportId)).toMatchObject({ estado: 'Error', mensaje: MSG.sftpLlaveNoCoincide });
    expect(await jobRow(exportId)).toMatchObject({ estado: 'fallido', intentos: 1 });
    expect(fs.existsSync(caseDir(c.caso))).toBe(false);
    expect(sessions()).toBe(signedIn);
  });

  it('the connection killed mid-upload (sshd session killed): the retry completes with every file intact', async () => {
    const c = await caseWithFiles({ big: 3_000_000 });
    const relay = await startRelay(sshd.port);
    sftpFor({ port: relay.port });
    relay.onBytes = (sent) => {
      if (sent > 1_500_000) {
        relay.onBytes = undefined;
        sshd.killSessions();
      }
    };
    const exportId = await requestExport(c.id);
    const w = worker();
    expect(await w.tick()).toBe(true);
    const row = await exportRow(exportId);
    expect(row.estado).toBe('En proceso');
    expect(row.mensaje).toMatch(/^Intento 1 de 3 fallido: Se perdió la conexión con el servidor SFTP/);
    expect(row.enviados).toBeLessThan(row.total);
    // What was cut short is a .part file, never a file under its final name.
    const big = (await caseFiles(s.ctx.db, c.id)).find((f) => f.nombre === 'video-grande.pdf')!;
    expect(fs.existsSync(remoteOf(c.caso, big))).toBe(false);

    later(RETRY_MS);
    expect(await w.tick()).toBe(true);
    expect(await exportRow(exportId)).toMatchObject({ estado: 'Finalizado', mensaje: '' });
    expect(await jobRow(exportId)).toMatchObject({ estado: 'hecho', intentos: 2 });
    await expectComplete(c);
    await relay.close();
  });
});

describe('restarts and instances', () => {
  it('a worker that dies mid-job: its lease runs out, another worker resumes, skipping what was sent', async () => {
    const c = await caseWithFiles({ big: 3_000_000 });
    const relay = await startRelay(sshd.port);
    sftpFor({ port: relay.port });
    const first = worker(s, 'instance-a');
    let stopping: Promise<void> | undefined;
    relay.onBytes = (sent) => {
      if (sent > 1_500_000 && !stopping) stopping = first.stop({ release: false });
    };
    const exportId = await requestExport(c.id);
    expect(await first.tick()).toBe(true);
    await stopping;
    expect(await jobRow(exportId)).toMatchObject({ estado: 'en_curso', bloqueado_por: 'instance-a', intentos: 1 });
    // Files sent before the crash.
    const files = await caseFiles(s.ctx.db, c.id);
    const sentBefore = files.filter((f) => fs.existsSync(remoteOf(c.caso, f)));
    expect(sentBefore.length).toBeGreaterThan(0);
    expect(sentBefore.length).toBeLessThan(files.length);
    const before = inodes(c, sentBefore);

    const second = worker(s, 'instance-b');
    // Still held by the dead worker's lease.
    expect(await second.tick()).toBe(false);
    later(LEASE_MS + 1000);
    expect(await second.tick()).toBe(true);
    expect(await exportRow(exportId)).toMatchObject({ estado: 'Finalizado' });
    expect(await jobRow(exportId)).toMatchObject({ estado: 'hecho', intentos: 2 });
    const after = inodes(c, sentBefore);
    for (const [ruta, ino] of before) expect(after.get(ruta), `${ruta} not sent again`).toBe(ino);
    await expectComplete(c);
    await relay.close();
  });

  it('a server stopping puts its running job back at once; the next worker finishes it', async () => {
    const c = await caseWithFiles({ big: 3_000_000 });
    const relay = await startRelay(sshd.port);
    sftpFor({ port: relay.port });
    const first = worker(s, 'instance-a');
    let stopping: Promise<void> | undefined;
    relay.onBytes = (sent) => {
      if (sent > 1_500_000 && !stopping) stopping = first.stop();
    };
    const exportId = await requestExport(c.id);
    await first.tick();
    await stopping;
    // Released: pending again, the interrupted attempt not counted.
    expect(await jobRow(exportId)).toMatchObject({ estado: 'pendiente', intentos: 0, bloqueado_por: null });
    expect(await worker(s, 'instance-b').tick()).toBe(true);
    expect((await exportRow(exportId)).estado).toBe('Finalizado');
    await expectComplete(c);
    await relay.close();
  });

  it('a job whose worker died on its last attempt too ends in Error rather than running forever', async () => {
    const c = await everybodysCase();
    const exportId = await requestExport(c.id);
    const job = await jobRow(exportId);
    // As if three workers in a row had died holding it.
    await s.ctx.db
      .update(trabajos)
      .set({
        estado: 'en_curso',
        intentos: job.max_intentos,
        bloqueado_por: 'dead',
        bloqueado_hasta: new Date(clock.now - 1000),
      })
      .where(eq(trabajos.id, job.id));
    const signedIn = sessions();
    expect(await worker().tick()).toBe(true);
    expect(await exportRow(exportId)).toMatchObject({ estado: 'Error', mensaje: MSG.exportacionInterrumpida });
    expect(await jobRow(exportId)).toMatchObject({ estado: 'fallido' });
    expect(sessions()).toBe(signedIn);
  });

  it('two instances on one database: the export is claimed and sent once', async () => {
    const c = await caseWithFiles();
    const exportId = await requestExport(c.id);
    const other: RunningServer = s.databaseUrl ? await startSecondInstance(s) : s;
    try {
      const signedIn = sessions();
      const ran = await Promise.all([worker(s, 'instance-a').tick(), worker(other, 'instance-b').tick()]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(sessions()).toBe(signedIn + 1);
      expect(await jobRow(exportId)).toMatchObject({ estado: 'hecho', intentos: 1 });
      expect((await exportRow(exportId)).estado).toBe('Finalizado');
      await expectComplete(c);
    } finally {
      if (other !== s) await other.stop();
    }
  });
});

describe('cancel and retry', () => {
  const post = (exportId: string, action: 'cancelar' | 'reintentar', who: Cargo | string) =>
    s.app.inject({
      method: 'POST',
      url: `/api/exportaciones/${exportId}/${action}`,
      headers: { cookie: (CARGOS as readonly string[]).includes(who) ? h(who as Cargo).cookie : who },
    });

  it('cancelled before it ran: nothing runs; retried: it runs and ends Finalizado', async () => {
    const c = await caseWithFiles();
    const exportId = await requestExport(c.id);
    const res = await post(exportId, 'cancelar', 'Coordinador Contact Center');
    expect(res.statusCode, res.body).toBe(200);
    const body = exportActionResponse.strict().parse(res.json());
    expect(body.message).toBe(MSG.exportacionCancelada);
    expect(body.exportacion).toMatchObject({ estado: 'Cancelado', acciones: { reintentar: true, cancelar: false } });
    expect(body.exportacion.mensaje).toMatch(/^Cancelada por /);
    expect(await noticesOf(c.caso, id('Call Center'))).toEqual([]);
    expect(await jobRow(exportId)).toMatchObject({ estado: 'cancelado' });
    expect(await worker().tick()).toBe(false);

    const again = await post(exportId, 'cancelar', 'Administrador');
    expect([again.statusCode, again.json().message]).toEqual([409, fmt(MSG.exportacionTerminada, { caso: c.caso })]);

    const retried = await post(exportId, 'reintentar', 'Call Center');
    expect(retried.statusCode, retried.body).toBe(200);
    clock.now = Math.max(clock.now, Date.now() + 1);
    expect(retried.json().exportacion).toMatchObject({ estado: 'En proceso', mensaje: '', fechafinalizacion: null });
    expect(await worker().tick()).toBe(true);
    expect((await exportRow(exportId)).estado).toBe('Finalizado');
    await expectComplete(c);
    const finished = await post(exportId, 'reintentar', 'Call Center');
    expect([finished.statusCode, finished.json().message]).toEqual([409, MSG.exportacionNoReintentable]);
  });

  it('cancelled mid-upload: the job stops before its next file and writes nothing more', async () => {
    const c = await caseWithFiles({ big: 3_000_000 });
    const relay = await startRelay(sshd.port);
    sftpFor({ port: relay.port });
    const exportId = await requestExport(c.id);
    let cancelled: Promise<unknown> | undefined;
    relay.onBytes = (sent) => {
      if (sent > 1_500_000 && !cancelled) cancelled = post(exportId, 'cancelar', 'Call Center');
    };
    expect(await worker().tick()).toBe(true);
    expect(((await cancelled) as { statusCode: number }).statusCode).toBe(200);
    const row = await exportRow(exportId);
    expect(row.estado).toBe('Cancelado');
    expect(row.enviados).toBeLessThan(row.total);
    expect(await jobRow(exportId)).toMatchObject({ estado: 'cancelado' });
    expect(fs.existsSync(path.join(caseDir(c.caso), `expediente-caso-${c.caso}.pdf`))).toBe(false);
    await relay.close();
  });

  it('a retry is refused while another export of the case runs', async () => {
    const c = await everybodysCase();
    const first = await requestExport(c.id);
    await post(first, 'cancelar', 'Call Center');
    await requestExport(c.id);
    const res = await post(first, 'reintentar', 'Call Center');
    expect([res.statusCode, res.json().message]).toEqual([409, fmt(MSG.exportacionEnProceso, { caso: c.caso })]);
  });
});

describe('EXPORTACIONES SFTP and who may do what', () => {
  const list = (who: Cargo | string, query = '') =>
    s.app.inject({
      method: 'GET',
      url: `/api/exportaciones${query}`,
      headers: { cookie: (CARGOS as readonly string[]).includes(who) ? h(who as Cargo).cookie : who },
    });
  const byCaso = (caso: number) =>
    `?criteria=${encodeURIComponent(JSON.stringify([{ field: 'caso', op: 'eq', value: caso }]))}`;

  it('each cargo lists the exports of the cases in its list; retry and cancel only for those who may export', async () => {
    const c = await everybodysCase();
    const exportId = await requestExport(c.id);
    for (const cargo of CARGOS) {
      const res = await list(cargo, byCaso(c.caso));
      expect(res.statusCode, cargo).toBe(200);
      const page = exportPageResponse.strict().parse(res.json());
      const mayExport = ['Administrador', 'Call Center', 'Coordinador Contact Center'].includes(cargo);
      expect(page.permissions.write, cargo).toBe(mayExport);
      expect(
        page.rows.map((r) => r.id),
        cargo,
      ).toEqual([exportId]);
      expect(page.rows[0], cargo).toMatchObject({
        caso: c.caso,
        estado: 'En proceso',
        fechafinalizacion: null,
        acciones: { cancelar: mayExport, reintentar: false },
      });
    }
    // A Call Center who is not the case's contact centre neither sees it nor acts on it.
    const { email } = await createUser(s.ctx, { cargo: 'Call Center' });
    const stranger = await login(s.app, email);
    expect((await list(stranger, byCaso(c.caso))).json().rows).toEqual([]);
    for (const action of ['cancelar', 'reintentar']) {
      const res = await s.app.inject({
        method: 'POST',
        url: `/api/exportaciones/${exportId}/${action}`,
        headers: { cookie: stranger },
      });
      expect([res.statusCode, res.json().message], action).toEqual([404, MSG.exportacionNoExiste]);
    }
    for (const cargo of CARGOS.filter(
      (x) => !['Administrador', 'Call Center', 'Coordinador Contact Center'].includes(x),
    )) {
      for (const action of ['cancelar', 'reintentar']) {
        const res = await s.app.inject({
          method: 'POST',
          url: `/api/exportaciones/${exportId}/${action}`,
          headers: h(cargo),
        });
        expect([res.statusCode, res.json().message], `${cargo} ${action}`).toEqual([403, MSG.noAutorizado]);
      }
    }
    expect((await exportRow(exportId)).estado).toBe('En proceso');
  });

  it('newest first, 10 a page with keyset cursors; the filter on caso is an integer', async () => {
    const c = await everybodysCase();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const exportId = await requestExport(c.id);
      await s.ctx.db
        .update(exportaciones)
        .set({ estado: 'Finalizado', fechainicio: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })
        .where(eq(exportaciones.id, exportId));
      ids.unshift(exportId);
    }
    const first = (await list('Administrador', byCaso(c.caso))).json();
    expect(first.rows.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 10));
    expect(first.rows[0].fechainicio).toBe('2026-01-01T00:00:11.000Z');
    const next = (await list('Administrador', `${byCaso(c.caso)}&cursor=${first.nextCursor}`)).json();
    expect(next.rows.map((r: { id: string }) => r.id)).toEqual(ids.slice(10));
    expect(next.nextCursor).toBeNull();
    const back = (await list('Administrador', `${byCaso(c.caso)}&cursor=${next.prevCursor}&dir=prev`)).json();
    expect(back.rows.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 10));

    for (const [value, message] of [
      ['abc', MSG.debeSerNumero],
      ['1.5', MSG.debeSerNumero],
      ['99999999999', MSG.numeroFueraDeRango],
    ] as const) {
      const res = await list(
        'Administrador',
        `?criteria=${encodeURIComponent(JSON.stringify([{ field: 'caso', op: 'eq', value }]))}`,
      );
      expect([res.statusCode, res.json().message], value).toEqual([400, message]);
    }
    const other = await list(
      'Administrador',
      `?criteria=${encodeURIComponent('[{"field":"estado","op":"eq","value":"x"}]')}`,
    );
    expect(other.statusCode).toBe(400);
    const nul = await list(
      'Administrador',
      `?criteria=${encodeURIComponent('[{"field":"caso","op":"eq","value":"1\u0000"}]')}`,
    );
    expect([nul.statusCode, nul.json().message]).toEqual([400, MSG.caracteresNoPermitidos]);
    for (const bad of ['x', '1', "00000000-0000-0000-0000-00000000000'"]) {
      const res = await s.app.inject({
        method: 'POST',
        url: `/api/exportaciones/${bad}/cancelar`,
        headers: h('Administrador'),
      });
      expect([res.statusCode, res.json().message], bad).toEqual([400, MSG.exportacionNoExiste]);
    }
    const missing = await s.app.inject({
      method: 'POST',
      url: `/api/exportaciones/${randomUUID()}/reintentar`,
      headers: h('Administrador'),
    });
    expect([missing.statusCode, missing.json().message]).toEqual([404, MSG.exportacionNoExiste]);
    expect((await s.app.inject({ method: 'GET', url: '/api/exportaciones' })).statusCode).toBe(401);
  });

  it("'Expediente del caso': the PDF for whoever may open the case, 'El caso no existe' for others", async () => {
    const c = await caseWithFiles();
    const pdf = (cookie: string) =>
      s.app.inject({ method: 'GET', url: `/api/casos/${c.id}/expediente.pdf`, headers: { cookie } });
    for (const cargo of ['Administrador', 'Investigador', 'Perito', 'Abogado'] as const) {
      const res = await pdf(h(cargo).cookie);
      expect(res.statusCode, cargo).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="expediente-caso-${c.caso}.pdf"`);
      const text = (await pdfPages(res.rawPayload)).join('\n');
      expect(text).toContain(`Expediente del caso # ${c.caso}`);
      expect(text).toContain('Acta de conciliación firmada');
    }
    const { email } = await createUser(s.ctx, { cargo: 'Investigador' });
    const stranger = await login(s.app, email);
    const refused = await pdf(stranger);
    expect([refused.statusCode, refused.json().message]).toEqual([404, MSG.casoNoExiste]);
    const bad = await s.app.inject({ method: 'GET', url: '/api/casos/x/expediente.pdf', headers: h('Administrador') });
    expect([bad.statusCode, bad.json().message]).toEqual([400, MSG.casoNoExiste]);
  });

  it("'Expediente del caso' names the files of the chat rooms its reader may open, no other room's", async () => {
    const c = await caseWithFiles();
    // The general room's files (and its drone photos) for everyone; the perito and dibujante rooms'
    // only for the cargos that see those rooms (spec 2 §2; the Administrador reads both, D23).
    const expected: [Cargo, { perito: boolean; dibujante: boolean }][] = [
      ['Investigador', { perito: true, dibujante: true }],
      ['Perito', { perito: true, dibujante: false }],
      ['Dibujante', { perito: false, dibujante: true }],
      ['Administrador', { perito: true, dibujante: true }],
      ['Abogado', { perito: false, dibujante: false }],
      ['Call Center', { perito: false, dibujante: false }],
    ];
    for (const [cargo, rooms] of expected) {
      const res = await s.app.inject({ method: 'GET', url: `/api/casos/${c.id}/expediente.pdf`, headers: h(cargo) });
      expect(res.statusCode, cargo).toBe(200);
      const text = (await pdfPages(res.rawPayload)).join('\n');
      for (const name of ['Croquis señalización.pdf', 'choque.png', 'dron-1.png', 'acta.pdf'])
        expect(text, `${cargo} ${name}`).toContain(name);
      expect(text.includes('informe perito.pdf'), `${cargo} perito`).toBe(rooms.perito);
      expect(text.includes('plano.pdf'), `${cargo} dibujante`).toBe(rooms.dibujante);
    }
  });

  it('the export request stays one per case at the database too (a second En proceso row is refused)', async () => {
    const c = await everybodysCase();
    await requestExport(c.id);
    await expect(
      s.ctx.db.insert(exportaciones).values({ caso: c.caso, uidcaso: c.id, estado: 'En proceso' }),
    ).rejects.toThrow();
    await expect(
      s.ctx.db.insert(exportaciones).values({ caso: c.caso, uidcaso: c.id, estado: 'Otro' }),
    ).rejects.toThrow();
    const rows = await s.ctx.db
      .select()
      .from(exportaciones)
      .where(and(eq(exportaciones.uidcaso, c.id), eq(exportaciones.estado, 'En proceso')));
    expect(rows).toHaveLength(1);
  });
});

describe('SFTP settings', () => {
  const base = {
    SFTP_HOST: 'sftp.example.co',
    SFTP_USER: 'vialex',
    SFTP_PASSWORD: 'x',
    SFTP_HOST_KEY: `SHA256:${'A'.repeat(43)}`,
  };
  it('a complete setting is read; none means no destination', () => {
    expect(parseSftpConfig({})).toBeUndefined();
    expect(parseSftpConfig({ ...base, SFTP_ROOT: '/entrada/' })).toMatchObject({
      host: 'sftp.example.co',
      port: 22,
      root: '/entrada',
      hostKeySha256: 'A'.repeat(43),
      timeoutMs: 20_000,
    });
  });
  it.each([
    [{ SFTP_USER: '' }, 'SFTP_HOST needs SFTP_USER'],
    [{ SFTP_PASSWORD: '' }, 'SFTP_HOST needs SFTP_PASSWORD or SFTP_PRIVATE_KEY_FILE'],
    [{ SFTP_HOST_KEY: '' }, 'SFTP_HOST needs SFTP_HOST_KEY'],
    [{ SFTP_HOST_KEY: 'MD5:aa:bb' }, 'SFTP_HOST_KEY: a SHA-256 fingerprint'],
    [{ SFTP_PORT: '70000' }, 'SFTP_PORT: a whole number from 1 to 65535'],
    [{ SFTP_ROOT: 'relativo' }, 'SFTP_ROOT: an absolute folder'],
    [{ SFTP_ROOT: '/a/../b' }, 'SFTP_ROOT: an absolute folder'],
    [{ SFTP_PRIVATE_KEY_FILE: '/no/such/key', SFTP_PASSWORD: '' }, 'SFTP_PRIVATE_KEY_FILE: cannot read /no/such/key'],
    [{ SFTP_HOST: 'user@host' }, 'SFTP_HOST: a host name or address'],
  ])('%o is refused with a clear message', (overrides, message) => {
    expect(() => parseSftpConfig({ ...base, ...overrides })).toThrow(message);
  });
  it('settings without SFTP_HOST are a mistake, not ignored', () => {
    expect(() => parseSftpConfig({ SFTP_USER: 'x' })).toThrow('SFTP_USER set without SFTP_HOST');
  });
});
