import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { CARGOS, ESTADOS_CIERRE, MSG, caseStatusChangeResponse, fmt, type Cargo } from '@vialex/domain';
import { archivos, casos, estadoscaso, notificaciones, trazabilidad, usuarios } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { statementsOf } from './statement-log.js';
import { createUser, login, signInEveryCargo } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';
import { EXE, PDF, PNG, multipart, type Part } from './multipart.js';

/**
 * GESTIÓN over the API (spec 2 §4–§6): the status change and everything its transaction writes,
 * the closed-case lock for every cargo, the uploads (limit, type by content) and the downloads.
 */
let s: TestServer;
let filesDir: string;
let viewers: Map<Cargo, { id: string; cookie: string }>;
const MAX_MB = 1;
beforeAll(async () => {
  filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vialex-case-status-'));
  s = await startTestServer({ FILES_DIR: filesDir, UPLOAD_MAX_MB: String(MAX_MB) });
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => {
  await s?.close();
  await fs.rm(filesDir, { recursive: true, force: true });
});

const h = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const id = (cargo: Cargo) => viewers.get(cargo)!.id;
const newCase = async () => createCaseAs(s.app, h('Administrador').cookie, await caseBody(s.ctx));
const setCase = (caseId: string, values: Partial<typeof casos.$inferInsert>) =>
  s.ctx.db.update(casos).set(values).where(eq(casos.id, caseId));
const caseRow = async (caseId: string) => (await s.ctx.db.select().from(casos).where(eq(casos.id, caseId)))[0];
/** Every slot held by this file's viewers, and a Perito requested: every cargo has the case in its list. */
const everybodysCase = async (estado = 'Verificado') => {
  const c = await newCase();
  await setCase(c.id, {
    estado,
    uidabogado: id('Abogado'),
    uidabogadocait: id('Abogado CAIT'),
    uidinvestigador: id('Investigador'),
    uidcontactcenter: id('Call Center'),
    uidperito: id('Perito'),
    uiddibujante: id('Dibujante'),
    solicitud_perito: true,
  });
  return c;
};

const save = (
  caseId: string,
  who: Cargo | string,
  fields: Record<string, string>,
  file?: Part['file'],
  extra: Part[] = [],
) => {
  const form = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: 'archivo', file }] : []),
    ...extra,
  ]);
  const cookie = (CARGOS as readonly string[]).includes(who) ? h(who as Cargo).cookie : who;
  return s.app.inject({
    method: 'POST',
    url: `/api/casos/${caseId}/gestion`,
    headers: { cookie, 'content-type': form.contentType },
    payload: form.payload,
  });
};

const history = (caseId: string) =>
  s.ctx.db.select().from(trazabilidad).where(eq(trazabilidad.uidcaso, caseId)).orderBy(desc(trazabilidad.fechahora));
const fileCount = async () => (await s.ctx.db.select({ n: count() }).from(archivos))[0].n;
async function storedFiles(): Promise<string[]> {
  const all = await fs.readdir(filesDir, { recursive: true, withFileTypes: true });
  return all.filter((e) => e.isFile()).map((e) => e.name);
}

/** What a refused request must leave behind: nothing. */
async function expectNothingWritten(
  caseId: string,
  before: { estado: string; history: number; files: number; stored: number },
) {
  expect((await caseRow(caseId)).estado).toBe(before.estado);
  expect(await history(caseId)).toHaveLength(before.history);
  expect(await fileCount()).toBe(before.files);
  expect(await storedFiles()).toHaveLength(before.stored);
}
const snapshot = async (caseId: string) => ({
  estado: (await caseRow(caseId)).estado,
  history: (await history(caseId)).length,
  files: await fileCount(),
  stored: (await storedFiles()).length,
});

describe('the status change transaction', () => {
  it('writes the status, the history entry with the file, the file, the availability of every agent and the closing notice', async () => {
    const agents = await Promise.all(
      (['Abogado', 'Investigador', 'Call Center'] as const).map((cargo) => createUser(s.ctx, { cargo })),
    );
    for (const a of agents)
      await s.ctx.db.update(usuarios).set({ disponibilidad: 'Activo ocupado' }).where(eq(usuarios.id, a.user.id));
    const c = await newCase();
    await setCase(c.id, {
      estado: 'En atención',
      uidabogado: agents[0].user.id,
      uidinvestigador: agents[1].user.id,
      uidcontactcenter: agents[2].user.id,
    });
    const lawyer = await login(s.app, agents[0].email);

    const res = await save(
      c.id,
      lawyer,
      { estado: 'Conciliado', descripcion: '  Acuerdo firmado por las partes  ' },
      { filename: 'C:\\Users\\ana\\Acta de conciliación <final>.pdf', content: PDF, type: 'application/pdf' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = caseStatusChangeResponse.parse(res.json());
    expect(body).toMatchObject({ title: 'Bien', message: 'Operación Exitosa', estado: 'Conciliado' });
    expect(body.entrada).toMatchObject({
      numero: 1,
      descripcion: 'Acuerdo firmado por las partes',
      estado: 'Conciliado',
      nombreArchivo: 'Acta de conciliación final.pdf',
      archivo: { nombre: 'Acta de conciliación final.pdf', extension: 'pdf', tipo: 'documento' },
    });
    expect(body.entrada.creador).toBe(`${agents[0].user.nombres} ${agents[0].user.apellidos}`);
    // The answer is the entry as the history lists it: the screen adds it without reading again.
    const listed = await s.app.inject({
      method: 'GET',
      url: `/api/casos/${c.id}/espacio/gestionar`,
      headers: { cookie: lawyer },
    });
    expect(listed.json().historial[0]).toEqual(body.entrada);

    expect((await caseRow(c.id)).estado).toBe('Conciliado');
    const [entry] = await history(c.id);
    expect(entry).toMatchObject({
      descripcion: 'Acuerdo firmado por las partes',
      estado: 'Conciliado',
      uidcreador: agents[0].user.id,
      nameArchivo: 'Acta de conciliación final.pdf',
      archivo: body.entrada.archivo!.id,
    });
    const [file] = await s.ctx.db.select().from(archivos).where(eq(archivos.id, body.entrada.archivo!.id));
    expect(file).toMatchObject({
      size: PDF.length,
      type: 'application/pdf',
      extension: 'pdf',
      subido_por: agents[0].user.id,
    });
    expect(file.clave).toMatch(new RegExp(`^DocGestion/${c.id}/[0-9a-f-]{36}\\.pdf$`));
    expect(await fs.readFile(path.join(filesDir, ...file.clave.split('/')))).toEqual(PDF);

    // Conciliado releases every agent: their only case is closed now.
    for (const a of agents) {
      const [u] = await s.ctx.db.select().from(usuarios).where(eq(usuarios.id, a.user.id));
      expect(u.disponibilidad, a.user.cargo).toBe('Activo en espera');
    }
    const [notice] = await s.ctx.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.uidcaso, c.id), eq(notificaciones.momento, MSG.cierreCaso)));
    expect(notice.cuerpo).toBe(fmt(MSG.avisoCierreCaso, { caso: c.caso, estado: 'Conciliado' }));
    expect(notice.destinatarios).toEqual(
      expect.arrayContaining([agents[1].user.id, agents[2].user.id, id('Administrador')]),
    );
    expect(notice.destinatarios).not.toContain(agents[0].user.id);

    // The document downloads for who may open the case: a PDF opens in the browser.
    const dl = await s.app.inject({ method: 'GET', url: body.entrada.archivo!.url, headers: { cookie: lawyer } });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toBe(
      `inline; filename="Acta de conciliacion final.pdf"; filename*=UTF-8''Acta%20de%20conciliaci%C3%B3n%20final.pdf`,
    );
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.rawPayload).toEqual(PDF);
  });

  it.each(ESTADOS_CIERRE)(
    'closing as %s recounts every agent (D22): their only open case closed, they are free again; reopening counts it',
    async (estado) => {
      const agents = await Promise.all(
        (['Abogado', 'Investigador', 'Call Center'] as const).map((cargo) => createUser(s.ctx, { cargo })),
      );
      for (const a of agents)
        await s.ctx.db.update(usuarios).set({ disponibilidad: 'Activo ocupado' }).where(eq(usuarios.id, a.user.id));
      const c = await newCase();
      await setCase(c.id, {
        estado: 'En atención',
        uidabogado: agents[0].user.id,
        uidinvestigador: agents[1].user.id,
        uidcontactcenter: agents[2].user.id,
      });
      const availability = async () =>
        Promise.all(
          agents.map(
            async (a) => (await s.ctx.db.select().from(usuarios).where(eq(usuarios.id, a.user.id)))[0].disponibilidad,
          ),
        );
      const res = await save(c.id, 'Administrador', { estado, descripcion: `Cierre ${estado}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(await availability()).toEqual(['Activo en espera', 'Activo en espera', 'Activo en espera']);
      // The Administrador may reopen a closed case: it is theirs to count again.
      expect((await save(c.id, 'Administrador', { estado: 'En atención', descripcion: 'Reabierto' })).statusCode).toBe(
        200,
      );
      expect(await availability()).toEqual(['Activo ocupado', 'Activo ocupado', 'Activo ocupado']);
    },
  );

  it('without a file the entry says no, and an open status leaves availability and notices alone', async () => {
    const c = await everybodysCase('Recibido');
    const res = await save(c.id, 'Abogado', { estado: 'Verificado', descripcion: 'Datos verificados' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entrada).toMatchObject({ nombreArchivo: null, archivo: null });
    const [entry] = await history(c.id);
    expect(entry).toMatchObject({ nameArchivo: 'no', archivo: null, estado: 'Verificado' });
    const notices = await s.ctx.db.select().from(notificaciones).where(eq(notificaciones.uidcaso, c.id));
    expect(notices.filter((n) => n.momento === MSG.cierreCaso)).toEqual([]);
  });

  it('reads the case twice: once to refuse before the upload is read, once locked to write', async () => {
    const c = await everybodysCase('Recibido');
    const statements = await statementsOf(s.ctx, async () => {
      const res = await save(c.id, 'Abogado', { estado: 'Verificado', descripcion: 'Datos verificados' });
      expect(res.statusCode, res.body).toBe(200);
    });
    const caseReads = statements.filter((q) => /^select .* from "casos"/i.test(q));
    expect(caseReads, statements.join('\n')).toHaveLength(2);
  });

  it('once the case leaves Recibido it can be archived (spec 2 §4)', async () => {
    const c = await newCase();
    const archive = () =>
      s.app.inject({ method: 'POST', url: `/api/casos/${c.id}/archivar`, headers: h('Administrador') });
    expect((await archive()).json().message).toBe(MSG.recibidoNoArchivable);
    expect((await save(c.id, 'Administrador', { estado: 'URI', descripcion: 'En urgencias' })).statusCode).toBe(200);
    const res = await archive();
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.casoArchivado);
    // Archived: no more status changes until it is restored.
    const again = await save(c.id, 'Administrador', { estado: 'Verificado', descripcion: 'x' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.casoArchivadoNoEditable);
  });

  it('the form says which statuses exist and whether this viewer may save', async () => {
    const c = await everybodysCase('CERRADO');
    const form = async (cargo: Cargo) =>
      s.app.inject({ method: 'GET', url: `/api/casos/${c.id}/gestion`, headers: h(cargo) });
    const admin = (await form('Administrador')).json();
    expect(admin).toMatchObject({ caso: c.caso, estado: 'CERRADO', permitido: true, mensaje: null, maxMb: MAX_MB });
    expect(admin.estados).toEqual(expect.arrayContaining(['Recibido', 'Verificado', ...ESTADOS_CIERRE]));
    expect((await form('Abogado')).json()).toMatchObject({
      permitido: false,
      mensaje: fmt(MSG.casoCerrado, { estado: 'CERRADO' }),
    });
    expect((await form('Perito')).statusCode).toBe(403);
  });
});

describe('the closed-case lock, every cargo (requests the UI never sends included)', () => {
  for (const estado of ESTADOS_CIERRE) {
    it(`a case ${estado}: only the Administrador changes it; nothing written for the others`, async () => {
      const c = await everybodysCase(estado);
      for (const cargo of CARGOS) {
        if (cargo === 'Administrador') continue;
        const before = await snapshot(c.id);
        const res = await save(
          c.id,
          cargo,
          { estado: 'Verificado', descripcion: 'reabrir' },
          { filename: 'a.pdf', content: PDF },
        );
        const gestionHidden = cargo === 'Perito' || cargo === 'Coordinador Perito';
        expect(res.statusCode, cargo).toBe(403);
        expect(res.json().message, cargo).toBe(gestionHidden ? MSG.noAutorizado : fmt(MSG.casoCerrado, { estado }));
        await expectNothingWritten(c.id, before);
      }
      const res = await save(c.id, 'Administrador', { estado: 'En atención', descripcion: 'Se reabre' });
      expect(res.statusCode).toBe(200);
      expect((await caseRow(c.id)).estado).toBe('En atención');
    });
  }
});

describe('who may change a status, and bad requests: refused with nothing written', () => {
  it('scope and slot: out of the list is "El caso no existe", a CAIT lawyer or call center not on the case is refused', async () => {
    const c = await newCase();
    await setCase(c.id, { estado: 'Verificado' });
    const before = await snapshot(c.id);
    const cases: [Cargo, number, string][] = [
      ['Investigador', 404, MSG.casoNoExiste],
      ['Call Center', 404, MSG.casoNoExiste],
      ['Perito', 403, MSG.noAutorizado],
      ['Coordinador Perito', 403, MSG.noAutorizado],
      ['Abogado CAIT', 403, MSG.noAutorizado],
    ];
    for (const [cargo, status, message] of cases) {
      const res = await save(c.id, cargo, { estado: 'URI', descripcion: 'x' }, { filename: 'a.pdf', content: PDF });
      expect([res.statusCode, res.json().message], cargo).toEqual([status, message]);
    }
    await expectNothingWritten(c.id, before);
  });

  it('statuses outside the active catalogue, missing or oversized fields, NUL bytes, wrong body types', async () => {
    const c = await everybodysCase();
    await s.ctx.db.insert(estadoscaso).values({ estado: 'Estado retirado', inactivo: false }).onConflictDoNothing();
    const before = await snapshot(c.id);
    const bad: [Record<string, string>, number, string][] = [
      [{ estado: 'Inventado', descripcion: 'x' }, 400, MSG.estadoNoValido],
      [{ estado: 'Estado retirado', descripcion: 'x' }, 400, MSG.estadoNoValido],
      [{ estado: 'URI' }, 400, MSG.campoRequerido],
      [{ estado: 'URI', descripcion: '   ' }, 400, MSG.campoRequerido],
      [{ descripcion: 'x' }, 400, MSG.campoRequerido],
      [{ estado: 'URI', descripcion: 'a'.repeat(2001) }, 400, fmt(MSG.textoMuyLargo, { max: 2000 })],
      [{ estado: 'URI', descripcion: 'a'.repeat(20_000) }, 400, MSG.cuerpoMuyGrande],
      [{ estado: 'URI', descripcion: 'con\u0000nulo' }, 400, MSG.caracteresNoPermitidos],
      [{ estado: 'x'.repeat(500), descripcion: 'x' }, 400, MSG.estadoNoValido],
    ];
    for (const [fields, status, message] of bad) {
      const res = await save(c.id, 'Administrador', fields, { filename: 'a.pdf', content: PDF });
      expect([res.statusCode, res.json().message], JSON.stringify(fields).slice(0, 60)).toEqual([status, message]);
    }
    const json = await s.app.inject({
      method: 'POST',
      url: `/api/casos/${c.id}/gestion`,
      headers: h('Administrador'),
      payload: { estado: 'URI', descripcion: 'x' },
    });
    expect([json.statusCode, json.json().message]).toEqual([415, MSG.formularioMultipart]);
    const two = await save(
      c.id,
      'Administrador',
      { estado: 'URI', descripcion: 'x' },
      { filename: 'a.pdf', content: PDF },
      [{ name: 'archivo', file: { filename: 'b.pdf', content: PDF } }],
    );
    expect([two.statusCode, two.json().message]).toEqual([400, MSG.archivoUnico]);
    const unknown = await save('7b0c9a52-5d4e-4c4f-9a55-2a1a4b1c2d3e', 'Administrador', {
      estado: 'URI',
      descripcion: 'x',
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, MSG.casoNoExiste]);
    const notUuid = await save('123', 'Administrador', { estado: 'URI', descripcion: 'x' });
    expect(notUuid.statusCode).toBe(400);
    const signedOut = await save(c.id, 'vialex_sid=nada', { estado: 'URI', descripcion: 'x' });
    expect(signedOut.statusCode).toBe(401);
    await expectNothingWritten(c.id, before);
  });
});

describe('uploads', () => {
  it(`a file over UPLOAD_MAX_MB (${MAX_MB} MB here) is refused with 413 in Spanish, nothing written or kept`, async () => {
    const c = await everybodysCase();
    const before = await snapshot(c.id);
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_MB * 1024 * 1024)]);
    const res = await save(
      c.id,
      'Administrador',
      { estado: 'URI', descripcion: 'grande' },
      { filename: 'grande.pdf', content: big },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(fmt(MSG.archivoMuyGrande, { mb: MAX_MB }));
    await expectNothingWritten(c.id, before);
  });

  it('a program named .pdf, and text named .png, are refused by their content; nothing written or kept', async () => {
    const c = await everybodysCase();
    const before = await snapshot(c.id);
    for (const file of [
      { filename: 'factura.pdf', content: EXE, type: 'application/pdf' },
      { filename: 'foto.png', content: Buffer.from('solo texto, no una imagen'), type: 'image/png' },
      { filename: 'vacio.pdf', content: Buffer.alloc(0) },
    ]) {
      const res = await save(c.id, 'Administrador', { estado: 'URI', descripcion: 'x' }, file);
      const expected = file.content.length ? [415, MSG.archivoTipoNoPermitido] : [400, MSG.archivoVacio];
      expect([res.statusCode, res.json().message], file.filename).toEqual(expected);
    }
    await expectNothingWritten(c.id, before);
  });

  it('an image named .pdf is stored as the PNG it is, and downloads as an attachment', async () => {
    const c = await everybodysCase();
    const res = await save(
      c.id,
      'Investigador',
      { estado: 'URI', descripcion: 'Foto del sitio' },
      { filename: 'sitio.pdf', content: PNG },
    );
    expect(res.statusCode, res.body).toBe(200);
    const archivo = res.json().entrada.archivo;
    expect(archivo).toMatchObject({ nombre: 'sitio.png', extension: 'png', tipo: 'imagen' });
    const dl = await s.app.inject({ method: 'GET', url: archivo.url, headers: h('Coordinador Abogado') });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="sitio.png"/);
    expect(dl.rawPayload).toEqual(PNG);
  });
});

describe('downloads', () => {
  it('only to who may open the case; never another case\'s file; a missing object is "No se encontró el documento."', async () => {
    const c = await newCase();
    await setCase(c.id, { estado: 'Verificado' });
    const res = await save(
      c.id,
      'Administrador',
      { estado: 'URI', descripcion: 'x' },
      { filename: 'a.pdf', content: PDF },
    );
    const archivo = res.json().entrada.archivo;
    const get = (cargo: Cargo, url = archivo.url) => s.app.inject({ method: 'GET', url, headers: h(cargo) });
    const expected: Partial<Record<Cargo, [number, string]>> = {
      Investigador: [404, MSG.casoNoExiste],
      'Call Center': [404, MSG.casoNoExiste],
      Perito: [404, MSG.casoNoExiste],
      'Coordinador Perito': [404, MSG.casoNoExiste],
      Dibujante: [404, MSG.casoNoExiste],
      'Abogado CAIT': [403, MSG.noAutorizado],
    };
    for (const cargo of CARGOS) {
      const r = await get(cargo);
      const want = expected[cargo] ?? [200, ''];
      expect(r.statusCode, cargo).toBe(want[0]);
      if (want[0] !== 200) expect(r.json().message, cargo).toBe(want[1]);
    }
    const other = await newCase();
    const cross = await get('Administrador', `/api/casos/${other.id}/archivos/${archivo.id}`);
    expect([cross.statusCode, cross.json().message]).toEqual([404, MSG.documentoNoEncontrado]);
    const bogus = await get('Administrador', `/api/casos/${c.id}/archivos/no-es-un-id`);
    expect(bogus.statusCode).toBe(400);
    const signedOut = await s.app.inject({ method: 'GET', url: archivo.url });
    expect(signedOut.statusCode).toBe(401);
    const [row] = await s.ctx.db.select().from(archivos).where(eq(archivos.id, archivo.id));
    await fs.rm(path.join(filesDir, ...row.clave.split('/')));
    const gone = await get('Administrador');
    expect([gone.statusCode, gone.json().message]).toEqual([404, MSG.documentoNoEncontrado]);
  });
});
