import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CARGOS, MSG, clientDataReport, clientResponse, fmt, type Cargo, type ClientDataReport } from '@vialex/domain';
import {
  anonimizacionEjecuciones,
  anonimizaciones,
  archivos,
  auditoria,
  autorizacionesDatos,
  casos,
  chatUsuarios,
  clientes,
  enlacesCliente,
  mensajes,
  mensajesSms,
  sesionesCliente,
  trabajos,
  trazabilidad,
} from '../src/db/schema/index.js';
import { issueClientLink } from '../src/modules/client-links/service.js';
import { storageOf } from '../src/modules/files/storage.js';
import { RETENTION_JOB, retentionJobHandler, scheduleRetentionRun } from '../src/modules/data-subject/job.js';
import type { RetentionJobOptions } from '../src/modules/data-subject/job.js';
import { JobRunner } from '../src/platform/jobs.js';
import { startTestServer, type TestServer } from './helper.js';
import { signInEveryCargo } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';
import { PDF, multipart } from './multipart.js';
import { pdfPages } from './pdf-text.js';

/**
 * The person's data under Ley 1581 de 2012 (modules/data-subject): the client's data report, the
 * Administrador's anonymisation on request and the retention run that anonymises clients whose
 * data is no longer needed, resumed after a crash.
 */
let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => s?.close());

const h = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const DESK: Cargo[] = ['Call Center', 'Coordinador Contact Center', 'Administrador'];
const accident = { lat: 4.6865, lng: -74.0469 };

/**
 * A case whose driver entered by the SMS's link (authorising the notice), sent a text and a
 * file in the chat, and was sent an SMS: everything the report lists and the suppression removes.
 */
async function livedCase() {
  const c = await createCaseAs(s.app, h('Administrador').cookie, await caseBody(s.ctx));
  // A plan that includes the SMS to the client.
  await s.ctx.db.update(casos).set({ tipo_plan: 'SEGURO TERCERO' }).where(eq(casos.id, c.id));
  const sms = await s.app.inject({
    method: 'POST',
    url: `/api/casos/${c.id}/sms`,
    headers: h('Administrador'),
    payload: { telefono: '3104567890' },
  });
  expect(sms.statusCode, sms.body).toBe(200);
  const link = await issueClientLink(s.ctx, s.ctx.db, c.id, viewers.get('Administrador')!.id);
  const entry = await s.app.inject({
    method: 'POST',
    url: '/api/cliente/entrada',
    payload: { ...accident, token: link.token, autorizacion: s.ctx.config.privacy.version },
  });
  expect(entry.statusCode, entry.body).toBe(200);
  const cookie = String([entry.headers['set-cookie']].flat().find((v) => String(v).startsWith('vialex_cid='))).split(
    ';',
  )[0];
  const text = await s.app.inject({
    method: 'POST',
    url: '/api/cliente/chat/mensajes',
    headers: { cookie },
    payload: { clientId: randomUUID(), content: 'Estoy en la calle 100, mi cédula es la del registro' },
  });
  expect(text.statusCode, text.body).toBe(200);
  const form = multipart([
    { name: 'clientId', value: randomUUID() },
    { name: 'archivos', file: { filename: 'mi-licencia.pdf', content: PDF } },
  ]);
  const upload = await s.app.inject({
    method: 'POST',
    url: '/api/cliente/chat/archivos',
    headers: { cookie, 'content-type': form.contentType },
    payload: form.payload,
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const [row] = await s.ctx.db.select().from(casos).where(eq(casos.id, c.id));
  return { id: c.id as string, caso: c.caso as number, clientId: row.uidcliente!, cookie };
}

/** Closes a case (a closing status), as the agent's GESTIÓN would, at `when`. */
async function closeCase(id: string, when = new Date()) {
  await s.ctx.db.execute(
    sql`update casos set estado = 'CERRADO', fecha_cierre = ${when.toISOString()}::timestamptz, modificacion = ${when.toISOString()}::timestamptz where id = ${id}::uuid`,
  );
}
/** Puts a client's record and cases back to `when` (the retention rule reads their last change). */
async function age(clientId: string, when: Date) {
  const at = when.toISOString();
  await s.ctx.db.execute(sql`update clientes set modificacion = ${at}::timestamptz where id = ${clientId}::uuid`);
  await s.ctx.db.execute(
    sql`update casos set modificacion = ${at}::timestamptz where uidcliente = ${clientId}::uuid or uidconductor = ${clientId}::uuid`,
  );
}

const report = (cargo: Cargo, id: string, format: 'pdf' | 'json') =>
  s.app.inject({ method: 'GET', url: `/api/clientes/${id}/reporte-datos.${format}`, headers: h(cargo) });
const anonymise = (cargo: Cargo, id: string) =>
  s.app.inject({ method: 'POST', url: `/api/clientes/${id}/anonimizar`, headers: h(cargo) });
const clientRow = async (id: string) => (await s.ctx.db.select().from(clientes).where(eq(clientes.id, id)))[0];
const trail = (accion: string, objetoId?: string) =>
  s.ctx.db
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.accion, accion), objetoId ? eq(auditoria.objeto_id, objetoId) : undefined));

describe("the client's data report", () => {
  it('whoever may edit the client gets it; others are refused (403) before anything is read, even for no client', async () => {
    const c = await livedCase();
    for (const cargo of CARGOS) {
      for (const format of ['pdf', 'json'] as const) {
        const res = await report(cargo, c.clientId, format);
        expect(res.statusCode, `${cargo} ${format}`).toBe(DESK.includes(cargo) ? 200 : 403);
        if (!DESK.includes(cargo)) {
          expect(res.json().message).toMatch(/^[A-ZÁÉÍÓÚ¿]/);
          expect((await report(cargo, randomUUID(), format)).statusCode).toBe(403);
        }
      }
    }
    // Only the desk's reports are on the trail, one per download.
    const rows = await trail('datos_personales.reporte', c.clientId);
    expect(rows).toHaveLength(DESK.length * 2);
    expect(new Set(rows.map((r) => r.actor_cargo))).toEqual(new Set(DESK));
    expect((await report('Administrador', randomUUID(), 'json')).statusCode).toBe(404);
    expect((await report('Administrador', 'no-es-un-id', 'json')).statusCode).toBe(400);
    // Without a session: nothing.
    const anon = await s.app.inject({ method: 'GET', url: `/api/clientes/${c.clientId}/reporte-datos.json` });
    expect(anon.statusCode).toBe(401);
  });

  it('the JSON holds the person, their cases, authorisations, SMS (link masked) and the files they sent', async () => {
    const c = await livedCase();
    const res = await report('Call Center', c.clientId, 'json');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="reporte-datos-${c.clientId.slice(0, 8)}.json"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body: ClientDataReport = clientDataReport.strict().parse(res.json());
    const client = await clientRow(c.clientId);
    expect(body.persona).toMatchObject({
      id: c.clientId,
      nombres: client.nombres,
      apellidos: client.apellidos,
      identificacion: client.identificacion,
      telefono: client.telefono,
      direccion: client.direccion,
    });
    expect(body.responsable).toEqual({
      empresa: s.ctx.config.privacy.empresa,
      correo: s.ctx.config.privacy.correo,
      telefono: s.ctx.config.companyPhone.telefono,
    });
    expect(body.casos).toHaveLength(1);
    expect(body.casos[0]).toMatchObject({ caso: c.caso, estado: 'Verificado', archivado: false });
    expect(body.casos[0].roles).toContain('propietario');
    expect(body.casos[0].posicion).toMatchObject({ lat: accident.lat, lng: accident.lng, origen: 'cliente' });
    expect(body.autorizaciones).toEqual([
      { caso: c.caso, fecha: expect.any(String), version: s.ctx.config.privacy.version, ip: '127.0.0.1' },
    ]);
    expect(body.sms).toHaveLength(1);
    expect(body.sms[0]).toMatchObject({ caso: c.caso, telefono: '+573104567890' });
    // The link in the SMS is a credential: the report never carries it.
    expect(body.sms[0].texto).toContain(`# ${c.caso}`);
    expect(body.sms[0].texto).toMatch(/\/s\/•{12}/);
    expect(body.sms[0].texto).not.toMatch(/\/s\/[0-9A-Za-z]{12}/);
    expect(body.archivos).toEqual([
      {
        caso: c.caso,
        fecha: expect.any(String),
        nombre: 'mi-licencia.pdf',
        tamano: PDF.length,
        tipo: 'application/pdf',
      },
    ]);
    const [entry] = await trail('datos_personales.reporte', c.clientId);
    expect(entry).toMatchObject({ actor_id: viewers.get('Call Center')!.id, objeto_tipo: 'cliente' });
    expect(entry.despues).toMatchObject({ formato: 'json', casos: [c.caso] });
    // The trail never holds the person's data (it outlives the suppression).
    expect(JSON.stringify(entry)).not.toContain(client.apellidos);
    expect(JSON.stringify(entry)).not.toContain(String(client.identificacion));
  });

  it('the PDF says the same for people', async () => {
    const c = await livedCase();
    const res = await report('Coordinador Contact Center', c.clientId, 'pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(res.rawPayload)).join('\n');
    const client = await clientRow(c.clientId);
    expect(text).toContain('Reporte de datos personales');
    expect(text).toContain(client.apellidos);
    expect(text).toContain(String(client.identificacion));
    expect(text).toContain(`# ${c.caso}`);
    expect(text).toContain('mi-licencia.pdf');
    expect(text).toContain('+573104567890');
    expect(text).toContain(s.ctx.config.privacy.version);
    expect(text).not.toMatch(/\/s\/[0-9A-Za-z]{12}/);
  });
});

describe("the Administrador's anonymisation on request", () => {
  it('only the Administrador (403 before anything is read); a case still open refuses it (409 naming them and the cases), nothing changed', async () => {
    const c = await livedCase();
    const second = await createCaseAs(
      s.app,
      h('Administrador').cookie,
      await caseBody(s.ctx, { identificacion: String((await clientRow(c.clientId)).identificacion) }),
    );
    const before = await clientRow(c.clientId);
    for (const cargo of CARGOS.filter((x) => x !== 'Administrador')) {
      expect((await anonymise(cargo, c.clientId)).statusCode, cargo).toBe(403);
      expect((await anonymise(cargo, randomUUID())).statusCode, cargo).toBe(403);
    }
    const res = await anonymise('Administrador', c.clientId);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CLIENT_HAS_OPEN_CASES',
      message: fmt(MSG.clienteConCasosAbiertos, {
        nombre: `${before.nombres} ${before.apellidos}`,
        casos: `${c.caso}, # ${second.caso}`,
      }),
    });
    // One case closed, the other still open: still refused, naming only the open one.
    await closeCase(c.id);
    const again = await anonymise('Administrador', c.clientId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(`(# ${second.caso})`);
    expect(await clientRow(c.clientId)).toMatchObject({
      nombres: before.nombres,
      identificacion: before.identificacion,
      anonimizado: null,
    });
    expect(await s.ctx.db.select().from(anonimizaciones).where(eq(anonimizaciones.uidcliente, c.clientId))).toEqual([]);
    expect(await trail('datos_personales.anonimizacion', c.clientId)).toEqual([]);
    expect((await anonymise('Administrador', randomUUID())).statusCode).toBe(404);
  });

  it("what remains: the cases' numbers, statuses and history; the person's names, identification, phone, address, positions, words and files go", async () => {
    const c = await livedCase();
    const before = await clientRow(c.clientId);
    const [file] = await s.ctx.db.select().from(archivos).where(eq(archivos.subido_por, c.clientId));
    expect(await storageOf(s.ctx).get(file.clave)).toBeDefined();
    const history = await s.ctx.db.select().from(trazabilidad).where(eq(trazabilidad.uidcaso, c.id));
    // Archived rather than closed: the same for the rule.
    await s.ctx.db.update(casos).set({ archivado: true }).where(eq(casos.id, c.id));

    const res = await anonymise('Administrador', c.clientId);
    expect(res.statusCode, res.body).toBe(200);
    const body = clientResponse.strict().parse(res.json());
    expect(body).toMatchObject({
      nombres: MSG.clienteAnonimizado,
      apellidos: '',
      telefono: '',
      direccion: '',
      estado: false,
    });
    expect(body.anonimizado).toEqual(expect.any(String));

    const after = await clientRow(c.clientId);
    expect(after.identificacion).toBeLessThan(0);
    expect(after.ciudad).toBe(before.ciudad);
    const [kase] = await s.ctx.db.select().from(casos).where(eq(casos.id, c.id));
    expect(kase).toMatchObject({ caso: c.caso, estado: 'Verificado', archivado: true, uidcliente: c.clientId });
    // The position their phone shared is gone; the accident's address the staff recorded stays.
    expect(kase.lugar_origen).not.toBe('cliente');
    expect(kase.direccion_siniestro).toBe('CALLE 100 # 15-20');
    // As the case shows them: the placeholder, no identification (its stored stand-in is nobody's).
    const shown = await s.app.inject({ method: 'GET', url: `/api/casos/${c.id}`, headers: h('Administrador') });
    expect(shown.json().cliente).toMatchObject({ nombre: MSG.clienteAnonimizado, identificacion: null });
    expect(await s.ctx.db.select().from(trazabilidad).where(eq(trazabilidad.uidcaso, c.id))).toHaveLength(
      history.length,
    );
    // Their words: withdrawn in place; their file: row marked, name forgotten, bytes deleted.
    const theirs = await s.ctx.db.select().from(mensajes).where(eq(mensajes.senderId, c.clientId));
    expect(theirs.length).toBeGreaterThanOrEqual(2);
    for (const m of theirs)
      expect(m).toMatchObject({
        content: MSG.mensajeClienteRetirado,
        files: [],
        username: expect.stringContaining(MSG.clienteAnonimizado),
      });
    const [gone] = await s.ctx.db.select().from(archivos).where(eq(archivos.id, file.id));
    expect(gone.eliminado).not.toBeNull();
    expect(gone.nombre).not.toContain('licencia');
    expect(await storageOf(s.ctx).get(file.clave)).toBeUndefined();
    const members = await s.ctx.db.select().from(chatUsuarios).where(eq(chatUsuarios.cliente, c.clientId));
    for (const m of members) expect(m.username).toContain(MSG.clienteAnonimizado);
    // The SMS's number, the authorisation's address; their links and sessions end.
    for (const m of await s.ctx.db.select().from(mensajesSms).where(eq(mensajesSms.uidcaso, c.id))) {
      expect(m.telefono).toBe('');
      expect(m.cuerpo).not.toMatch(/\/s\/[0-9A-Za-z]{12}/);
    }
    const [auth] = await s.ctx.db
      .select()
      .from(autorizacionesDatos)
      .where(eq(autorizacionesDatos.uidcliente, c.clientId));
    expect(auth).toMatchObject({ ip: '', version: s.ctx.config.privacy.version });
    for (const l of await s.ctx.db.select().from(enlacesCliente).where(eq(enlacesCliente.uidcaso, c.id)))
      expect(l.revocado).not.toBeNull();
    expect(await s.ctx.db.select().from(sesionesCliente).where(eq(sesionesCliente.uidcliente, c.clientId))).toEqual([]);
    const read = await s.app.inject({ method: 'GET', url: '/api/cliente/caso', headers: { cookie: c.cookie } });
    expect(read.statusCode).toBe(401);
    // Nothing of the person anywhere in the tables that remain.
    const dump = JSON.stringify([
      await clientRow(c.clientId),
      theirs,
      members,
      await s.ctx.db.select().from(mensajesSms).where(eq(mensajesSms.uidcaso, c.id)),
      await trail('datos_personales.anonimizacion', c.clientId),
    ]);
    for (const secret of [
      before.apellidos,
      String(before.identificacion),
      before.telefono,
      'mi-licencia',
      '3104567890',
    ])
      expect(dump, secret).not.toContain(secret);

    const [entry] = await trail('datos_personales.anonimizacion', c.clientId);
    expect(entry).toMatchObject({ actor_id: viewers.get('Administrador')!.id, objeto_id: c.clientId });
    expect(entry.despues).toMatchObject({ motivo: 'solicitud', casos: [c.caso], archivos: 1 });
  });

  it('is done once: again is 409 and changes nothing; the report, the edit and the case form no longer find the person', async () => {
    const c = await livedCase();
    await closeCase(c.id);
    const identificacion = (await clientRow(c.clientId)).identificacion;
    expect((await anonymise('Administrador', c.clientId)).statusCode).toBe(200);
    const once = await clientRow(c.clientId);
    const again = await anonymise('Administrador', c.clientId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CLIENT_ANONYMISED', message: MSG.clienteYaAnonimizado });
    expect(await clientRow(c.clientId)).toEqual(once);
    expect(
      await s.ctx.db.select().from(anonimizaciones).where(eq(anonimizaciones.uidcliente, c.clientId)),
    ).toHaveLength(1);
    expect(await trail('datos_personales.anonimizacion', c.clientId)).toHaveLength(1);
    expect((await report('Administrador', c.clientId, 'json')).statusCode).toBe(409);
    const edit = await s.app.inject({
      method: 'PUT',
      url: `/api/clientes/${c.clientId}`,
      headers: h('Administrador'),
      payload: {
        nombres: 'OTRA',
        apellidos: 'PERSONA',
        tipoidentificacion: 'CC',
        identificacion: 77_000_001,
        telefono: 3001234567,
        ciudad: '11001',
        direccion: 'CALLE 2',
      },
    });
    expect(edit.statusCode).toBe(409);
    expect((await clientRow(c.clientId)).nombres).toBe(MSG.clienteAnonimizado);
    // A new case for the same identification does not attach to the anonymised record.
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/casos',
      headers: h('Administrador'),
      payload: await caseBody(s.ctx, { identificacion: String(identificacion) }),
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(MSG.usuarioNoRegistrado);
  });
});

describe('the retention run (DATA_RETENTION_YEARS after the last case ended)', () => {
  const LEASE_MS = 60_000;
  const clock = { now: Date.now() };
  const years = () => s.ctx.config.dataRetention.years;
  const yearsAgo = (n: number) =>
    new Date(new Date(clock.now).setUTCFullYear(new Date(clock.now).getUTCFullYear() - n));

  function worker(workerId: string, options: RetentionJobOptions = {}) {
    return new JobRunner(
      s.ctx.database,
      { [RETENTION_JOB]: retentionJobHandler(s.ctx, { now: () => new Date(clock.now), ...options }) },
      { workerId, leaseMs: LEASE_MS, pollMs: 0, backoffMs: () => 1000, now: () => new Date(clock.now) },
    );
  }
  async function scheduleNow() {
    const runId = await s.ctx.db.transaction((tx) => scheduleRetentionRun(s.ctx, tx, new Date(clock.now)));
    expect(runId).toBeDefined();
    return runId!;
  }
  const runRow = async (id: string) =>
    (await s.ctx.db.select().from(anonimizacionEjecuciones).where(eq(anonimizacionEjecuciones.id, id)))[0];

  /** A client whose only case was closed `yearsBefore` years ago. */
  async function pastClient(yearsBefore: number) {
    const c = await livedCase();
    await closeCase(c.id, yearsAgo(yearsBefore));
    await age(c.clientId, yearsAgo(yearsBefore));
    return c;
  }

  it('the rule: past the period with every case ended is anonymised; within it, or with a case open, is kept', async () => {
    clock.now = Date.now();
    const due = await pastClient(years() + 1);
    const recent = await pastClient(years() - 1);
    // Old, but a case of theirs is still open.
    const open = await livedCase();
    await age(open.clientId, yearsAgo(years() + 2));
    // Old, but their archived case was restored and touched since.
    const touched = await pastClient(years() + 1);
    await s.ctx.db.execute(sql`update casos set modificacion = now() where id = ${touched.id}::uuid`);

    const runId = await scheduleNow();
    expect(await worker('w-rule').tick()).toBe(true);
    expect(await runRow(runId)).toMatchObject({ estado: 'hecho', error: null });
    expect((await clientRow(due.clientId)).anonimizado).not.toBeNull();
    for (const kept of [recent, open, touched]) expect((await clientRow(kept.clientId)).anonimizado).toBeNull();
    const [record] = await s.ctx.db.select().from(anonimizaciones).where(eq(anonimizaciones.uidcliente, due.clientId));
    expect(record).toMatchObject({
      motivo: 'retencion',
      ejecucion: runId,
      solicitado_por: null,
      archivos_pendientes: false,
    });
    const [entry] = await trail('datos_personales.anonimizacion', due.clientId);
    expect(entry).toMatchObject({ actor_id: null });
    expect(entry.despues).toMatchObject({ motivo: 'retencion', ejecucion: runId });
    expect(await trail('datos_personales.retencion_inicio', runId)).toHaveLength(1);
    const [end] = await trail('datos_personales.retencion_fin', runId);
    expect(end.despues).toMatchObject({ estado: 'hecho', anonimizados: (await runRow(runId)).anonimizados });
    // Again: nobody is anonymised twice.
    clock.now += 1000;
    await scheduleNow();
    expect(await worker('w-rule-2').tick()).toBe(true);
    expect(
      await s.ctx.db.select().from(anonimizaciones).where(eq(anonimizaciones.uidcliente, due.clientId)),
    ).toHaveLength(1);
  });

  it('a worker that dies mid-run: its lease runs out, another resumes from the last client it got to', async () => {
    clock.now = Date.now() + 60_000;
    const subjects = await Promise.all([pastClient(years() + 1), pastClient(years() + 2), pastClient(years() + 3)]);
    const ids = subjects.map((x) => x.clientId);
    const runId = await scheduleNow();

    // The first worker stops for good after the first client it anonymised (as a killed process would).
    let reached!: () => void;
    const atCrash = new Promise<void>((resolve) => (reached = resolve));
    let thaw!: () => void;
    const frozen = new Promise<void>((resolve) => (thaw = resolve));
    const firstVisited: string[] = [];
    const first = worker('instance-a', {
      afterClient: async (id) => {
        firstVisited.push(id);
        if (ids.includes(id)) {
          reached();
          await frozen;
        }
      },
    });
    const running = first.tick();
    await atCrash;
    const stopping = first.stop({ release: false });
    const crashedAt = firstVisited.at(-1)!;
    const run = await runRow(runId);
    expect(run).toMatchObject({ estado: 'en_curso', ultimo_cliente: crashedAt });
    const [job] = await s.ctx.db.select().from(trabajos).where(eq(trabajos.id, run.trabajo!));
    expect(job).toMatchObject({ estado: 'en_curso', bloqueado_por: 'instance-a', intentos: 1 });

    const secondVisited: string[] = [];
    const second = worker('instance-b', { afterClient: async (id) => void secondVisited.push(id) });
    // Still held by the dead worker's lease.
    expect(await second.tick()).toBe(false);
    clock.now += LEASE_MS + 1000;
    expect(await second.tick()).toBe(true);
    thaw();
    await running;
    await stopping;

    // The second went on after the cursor: nobody looked at twice, everybody due anonymised once.
    expect(secondVisited.every((id) => id > crashedAt)).toBe(true);
    expect(secondVisited).not.toContain(crashedAt);
    const records = await s.ctx.db.select().from(anonimizaciones).where(inArray(anonimizaciones.uidcliente, ids));
    expect(records.map((r) => r.uidcliente).sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await clientRow(id)).nombres).toBe(MSG.clienteAnonimizado);
    const done = await runRow(runId);
    expect(done).toMatchObject({ estado: 'hecho', anonimizados: records.filter((r) => r.ejecucion === runId).length });
    const [finished] = await s.ctx.db.select().from(trabajos).where(eq(trabajos.id, run.trabajo!));
    expect(finished).toMatchObject({ estado: 'hecho', intentos: 2 });
    // One start and one end on the trail, whatever the crash.
    expect(await trail('datos_personales.retencion_inicio', runId)).toHaveLength(1);
    expect(await trail('datos_personales.retencion_fin', runId)).toHaveLength(1);
    // The crashed worker went no further once thawed: its lease was another's.
    expect(firstVisited).toEqual([crashedAt]);
  });
});
