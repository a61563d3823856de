import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  MSG,
  WORKSPACE_TABS,
  fmt,
  workspaceResponse,
  workspaceTabResponse,
  type Cargo,
  type WorkspaceTab,
} from '@vialex/domain';
import { archivos, casos, polizas, trazabilidad } from '../src/db/schema/index.js';
import { clearPlateCache } from '../src/modules/vehicles/plate-lookup.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login, signInEveryCargo } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';

let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => s?.close());

const h = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const uid = (cargo: Cargo) => viewers.get(cargo)!.id;
const get = (url: string, headers: { cookie: string }) => s.app.inject({ method: 'GET', url, headers });
const lookUp = (caseId: string, headers: { cookie: string }) =>
  s.app.inject({ method: 'POST', url: `/api/casos/${caseId}/consultar-poliza`, headers });
const newCase = async (overrides: Record<string, unknown> = {}) =>
  createCaseAs(s.app, h('Administrador').cookie, await caseBody(s.ctx, overrides));
const setCase = (caseId: string, values: Partial<typeof casos.$inferInsert>) =>
  s.ctx.db.update(casos).set(values).where(eq(casos.id, caseId));

/** The status of the workspace frame and of every tab's data, for one viewer. */
async function answers(caseId: string, headers: { cookie: string }) {
  const out: Record<string, number> = { espacio: (await get(`/api/casos/${caseId}/espacio`, headers)).statusCode };
  for (const tab of WORKSPACE_TABS) out[tab] = (await get(`/api/casos/${caseId}/espacio/${tab}`, headers)).statusCode;
  return out;
}
const expectAnswers = (espacio: number, open: readonly WorkspaceTab[], refused = 403) => ({
  espacio,
  ...Object.fromEntries(WORKSPACE_TABS.map((t) => [t, espacio !== 200 ? espacio : open.includes(t) ? 200 : refused])),
});

describe('who may open a case workspace, tab by tab (spec 2 §2, §6)', () => {
  const BASIC = ['chat', 'informacion', 'gestionar', 'mapa'] as const;

  it('each cargo: out of its list scope 404, a cargo that may not manage 403, each hidden tab 403', async () => {
    const c = await newCase();
    await setCase(c.id, {
      uidcontactcenter: uid('Call Center'),
      uidinvestigador: uid('Investigador'),
      uidperito: uid('Perito'),
      solicitud_perito: true,
    });
    const expected: Record<Cargo, ReturnType<typeof expectAnswers>> = {
      // D23: the Administrador reads every room.
      Administrador: expectAnswers(200, [...BASIC, 'chat_perito']),
      'Coordinador Contact Center': expectAnswers(200, BASIC),
      'Coordinador Investigador': expectAnswers(200, [...BASIC, 'chat_perito']),
      'Coordinador Abogado': expectAnswers(200, BASIC),
      'Coordinador Abogado CAIT': expectAnswers(200, BASIC),
      'Coordinador Perito': expectAnswers(200, ['chat', 'informacion', 'chat_perito']),
      'Call Center': expectAnswers(200, BASIC),
      Investigador: expectAnswers(200, [...BASIC, 'chat_perito']),
      Abogado: expectAnswers(200, BASIC), // own plus unassigned: the case has no lawyer
      'Abogado CAIT': expectAnswers(403, []), // in its list (unassigned), but manages only its own
      Perito: expectAnswers(200, ['chat', 'informacion', 'chat_perito']),
      Dibujante: expectAnswers(404, []), // no draftsperson requested: not in its list
    };
    for (const [cargo, want] of Object.entries(expected) as [Cargo, Record<string, number>][])
      expect(await answers(c.id, h(cargo)), cargo).toEqual(want);
  });

  it('a case outside the scope is "El caso no existe" for every tab; the draftsperson sees its room once requested', async () => {
    const c = await newCase();
    for (const cargo of ['Call Center', 'Investigador', 'Perito', 'Coordinador Perito', 'Dibujante'] as Cargo[]) {
      expect(await answers(c.id, h(cargo)), cargo).toEqual(expectAnswers(404, []));
      const res = await get(`/api/casos/${c.id}/espacio/chat`, h(cargo));
      expect(res.json().message).toBe(MSG.casoNoExiste);
    }
    await setCase(c.id, { solicitud_dibujante: true });
    expect(await answers(c.id, h('Dibujante'))).toEqual(expectAnswers(200, [...BASIC, 'chat_dibujante']));
    const refused = await get(`/api/casos/${c.id}/espacio/chat_perito`, h('Dibujante'));
    expect(refused.json()).toMatchObject({ statusCode: 403, message: MSG.noAutorizado });
  });

  it('another Call Center agent, an unknown case, a bad id or tab, and no session are refused in Spanish', async () => {
    const c = await newCase();
    await setCase(c.id, { uidcontactcenter: uid('Call Center') });
    const other = await createUser(s.ctx, { cargo: 'Call Center' });
    const otherCookie = { cookie: await login(s.app, other.email) };
    expect(await answers(c.id, otherCookie)).toEqual(expectAnswers(404, []));
    const admin = h('Administrador');
    const unknown = await get(`/api/casos/00000000-0000-4000-8000-000000000000/espacio`, admin);
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: MSG.casoNoExiste });
    // Not an id at all: refused by validation, in the same words.
    for (const url of [`/api/casos/no-es-un-id/espacio`, `/api/casos/no-es-un-id/consultar-poliza`]) {
      const res = await s.app.inject({ method: url.endsWith('poliza') ? 'POST' : 'GET', url, headers: admin });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(MSG.casoNoExiste);
    }
    // A NUL byte anywhere is refused before the route.
    for (const url of [`/api/casos/%00/espacio`, `/api/casos/${c.id}/espacio/chat%00`]) {
      const res = await get(url, admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(MSG.caracteresNoPermitidos);
    }
    const badTab = await get(`/api/casos/${c.id}/espacio/otra`, admin);
    expect(badTab.statusCode).toBe(400);
    expect(badTab.json().message).toBe(MSG.pestanaNoValida);
    expect((await s.app.inject({ method: 'GET', url: `/api/casos/${c.id}/espacio` })).statusCode).toBe(401);
    expect((await lookUp(c.id, { cookie: '' })).statusCode).toBe(401);
  });
});

describe('the workspace frame and DATOS DEL CASO', () => {
  it('answers the case, its tabs, the header times and the policy area for this viewer', async () => {
    const c = await newCase();
    await setCase(c.id, { uidcontactcenter: uid('Call Center') });
    const res = await get(`/api/casos/${c.id}/espacio`, h('Call Center'));
    expect(res.statusCode).toBe(200);
    const body = workspaceResponse.strict().parse(res.json());
    expect(body.caso.caso).toBe(c.caso);
    expect(body.pestanas).toEqual(['chat', 'informacion', 'gestionar', 'mapa']);
    expect(Date.parse(body.ultimaGestion!)).toBeGreaterThanOrEqual(Date.parse(body.caso.creado));
    expect(body.panel).toEqual({ consultarPoliza: true, solicitarAprobacion: 'disponible', solicitar: [] });
    const inv = await get(`/api/casos/${c.id}/espacio`, h('Coordinador Investigador'));
    expect(inv.json().panel).toEqual({ consultarPoliza: false, solicitarAprobacion: 'oculto', solicitar: [] });
  });

  it('HISTORIAL DE GESTIÓN: newest first, numbered from the newest, with the attachment to open or download', async () => {
    const c = await newCase();
    const base = Date.now();
    const at = (min: number) => new Date(base + min * 60_000);
    const [pdf] = await s.ctx.db
      .insert(archivos)
      .values({ nombre: 'acta.pdf', clave: `t/${c.id}/acta.pdf`, size: 10, type: 'application/pdf', extension: 'pdf' })
      .returning();
    const [jpg] = await s.ctx.db
      .insert(archivos)
      .values({ nombre: 'foto.jpg', clave: `t/${c.id}/foto.jpg`, size: 10, type: 'image/jpeg', extension: 'jpg' })
      .returning();
    await s.ctx.db.insert(trazabilidad).values([
      { uidcaso: c.id, descripcion: 'primera', estado: 'Recibido', fechahora: at(1) },
      {
        uidcaso: c.id,
        descripcion: 'con acta',
        estado: 'Verificado',
        fechahora: at(2),
        nameArchivo: 'acta.pdf',
        archivo: pdf.id,
      },
      {
        uidcaso: c.id,
        descripcion: 'con foto',
        estado: 'Verificado',
        fechahora: at(3),
        nameArchivo: 'foto.jpg',
        archivo: jpg.id,
      },
    ]);
    const res = await get(`/api/casos/${c.id}/espacio/informacion`, h('Administrador'));
    const body = workspaceTabResponse.strict().parse(res.json());
    const historial = body.historial!;
    expect(historial.map((e) => [e.numero, e.descripcion])).toEqual([
      [1, 'con foto'],
      [2, 'con acta'],
      [3, 'primera'],
      [4, MSG.creacionCaso],
    ]);
    expect(historial[0].archivo).toEqual({
      id: jpg.id,
      nombre: 'foto.jpg',
      extension: 'jpg',
      tipo: 'imagen',
      url: `/api/casos/${c.id}/archivos/${jpg.id}`,
    });
    expect(historial[1].archivo).toMatchObject({ tipo: 'documento', url: `/api/casos/${c.id}/archivos/${pdf.id}` });
    expect(historial[2]).toMatchObject({ archivo: null, nombreArchivo: null, estado: 'Recibido' });
    // The frame's "last management entry" is the newest entry.
    const frame = (await get(`/api/casos/${c.id}/espacio`, h('Administrador'))).json();
    expect(frame.ultimaGestion).toBe(historial[0].fechahora);
    // gestionar has the history too; the chats and the map have no data yet.
    const gestionar = (await get(`/api/casos/${c.id}/espacio/gestionar`, h('Administrador'))).json();
    expect(gestionar.historial).toHaveLength(4);
    expect(gestionar.polizas).toBeNull();
    expect((await get(`/api/casos/${c.id}/espacio/chat`, h('Administrador'))).json()).toEqual({
      pestana: 'chat',
      historial: null,
      polizas: null,
    });
  });

  it('an assignment shows in the history as the newest entry', async () => {
    const c = await newCase();
    const inv = await createUser(s.ctx, { cargo: 'Investigador' });
    await login(s.app, inv.email);
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/casos/${c.id}/asignar`,
      headers: h('Administrador'),
      payload: { tipo: 'Investigador', usuario: inv.user.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const historial = (await get(`/api/casos/${c.id}/espacio/informacion`, h('Administrador'))).json().historial;
    expect(historial[0].descripcion).toContain('Investigador');
    expect(historial[0].numero).toBe(1);
  });

  it('DATOS DE LA PÓLIZA: the policies the case was created with, the expired ones marked', async () => {
    const live = await newCase({ placa: 'TAX123' });
    const expired = await newCase({ placa: 'EXP789' });
    const cards = (await get(`/api/casos/${live.id}/espacio/informacion`, h('Administrador'))).json().polizas;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ polizas: 'TEC-100200', fuente: 'Tecnicar', vencida: false });
    const old = (await get(`/api/casos/${expired.id}/espacio/informacion`, h('Administrador'))).json().polizas;
    expect(old).toHaveLength(1);
    expect(old[0]).toMatchObject({ polizas: 'ST-111222', vencida: true });
  });
});

describe('policy look-up from DATOS DEL CASO (GET kronos and the insurers hub)', () => {
  it('found: sets the plan, keeps the policy, writes the history; asked with GET kronos', async () => {
    const c = await newCase({ placa: 'NUE001' });
    expect(c.tipo_plan).toBe('SIN PLAN');
    await setCase(c.id, { placa: 'SEG456', uidcontactcenter: uid('Call Center') });
    clearPlateCache(s.ctx);
    const asked = s.fakes!.requests.length;
    const res = await lookUp(c.id, h('Call Center'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      encontrado: true,
      message: MSG.polizaConsultada,
      tipo_plan: 'SEGURO TERCERO',
      polizas: 1,
    });
    const kronos = s.fakes!.requests.slice(asked).filter((r) => r.url.startsWith('/kronos'));
    expect(kronos.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /kronos?placa=SEG456']);
    const frame = (await get(`/api/casos/${c.id}/espacio`, h('Call Center'))).json();
    expect(frame.caso).toMatchObject({ tipo_plan: 'SEGURO TERCERO', origen: 'SEGURO TERCERO' });
    // Not SIN PLAN any more: no approval to ask for.
    expect(frame.panel.solicitarAprobacion).toBe('oculto');
    const tab = (await get(`/api/casos/${c.id}/espacio/informacion`, h('Call Center'))).json();
    expect(tab.polizas.map((p: { polizas: string }) => p.polizas)).toEqual(['ST-556677']);
    expect(tab.historial[0].descripcion).toBe(fmt(MSG.historiaConsultaPoliza, { resultado: 'SEGURO TERCERO' }));
    // Asking again keeps one card per policy number.
    await lookUp(c.id, h('Call Center'));
    expect(await s.ctx.db.select().from(polizas).where(eq(polizas.idCaso, c.id))).toHaveLength(1);
  });

  it('not found (unknown plate, services down): "No se encontró la póliza del vehículo", the plan unchanged', async () => {
    for (const placa of ['NADA01', 'CAIDO1']) {
      const c = await newCase({ placa: 'NUE002' });
      await setCase(c.id, { placa, tipo_plan: 'SIN PLAN' });
      clearPlateCache(s.ctx);
      const res = await lookUp(c.id, h('Administrador'));
      expect(res.statusCode, placa).toBe(200);
      expect(res.json()).toEqual({
        encontrado: false,
        message: MSG.polizaNoEncontrada,
        tipo_plan: 'SIN PLAN',
        polizas: 0,
      });
      const [row] = await s.ctx.db.select().from(casos).where(eq(casos.id, c.id));
      expect(row.tipo_plan).toBe('SIN PLAN');
      const historial = (await get(`/api/casos/${c.id}/espacio/informacion`, h('Administrador'))).json().historial;
      expect(historial[0].descripcion).toBe(fmt(MSG.historiaConsultaPoliza, { resultado: MSG.polizaNoEncontrada }));
    }
  });

  it('refused to other cargos (403), out of scope (404) and on an archived case (400), with nothing written', async () => {
    const c = await newCase({ placa: 'NUE003' });
    await setCase(c.id, { uidinvestigador: uid('Investigador') });
    const before = (await s.ctx.db.select().from(trazabilidad).where(eq(trazabilidad.uidcaso, c.id))).length;
    for (const cargo of ['Investigador', 'Abogado', 'Coordinador Investigador', 'Perito'] as Cargo[]) {
      const res = await lookUp(c.id, h(cargo));
      expect(res.statusCode, cargo).toBe(403);
      expect(res.json().message).toBe(MSG.noAutorizado);
    }
    expect((await lookUp(c.id, h('Call Center'))).json()).toMatchObject({ statusCode: 404, message: MSG.casoNoExiste });
    await setCase(c.id, { archivado: true });
    expect((await lookUp(c.id, h('Administrador'))).json()).toMatchObject({
      statusCode: 400,
      message: MSG.casoArchivadoNoEditable,
    });
    const after = (await s.ctx.db.select().from(trazabilidad).where(eq(trazabilidad.uidcaso, c.id))).length;
    expect(after).toBe(before);
  });
});
