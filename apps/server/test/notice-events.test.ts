import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG, type Cargo } from '@vialex/domain';
import { casos, notificaciones, suscripcionesPush, usuarios } from '../src/db/schema/index.js';
import { startFakePush, type FakePush, type FakePushMessage } from '../src/integrations/fakes/push.js';
import { deliver, deliveriesSettled, recipientsOf, type PendingNotice } from '../src/modules/notifications/service.js';
import { noticeExportEnded, recordExportEnded } from '../src/modules/notifications/export-notice.js';
import { alertStalledAssignments } from '../src/modules/cases/client-entry-service.js';
import { issueClientLink } from '../src/modules/client-links/service.js';
import { vapidKeys } from '../src/modules/push/service.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';
import { PNG, multipart } from './multipart.js';

/**
 * Every row of the notice table (packages/domain/src/notices.ts) at the API: the action is done
 * as a user would do it, and exactly the expected people get the record (notificaciones) and,
 * through a local push service that checks the VAPID signature and decrypts the RFC 8291
 * payload (integrations/fakes/push.ts), exactly their pushes. The one who acts is never told.
 *
 * The cast: one signed-in user of every cargo, each with one device at the fake push service,
 * covering Bogotá and Medellín; a second investigator of those cities; a lawyer of Cali only;
 * an inactive administrator. Nobody else exists in this file's database.
 */
type Who = Cargo | 'Investigador 2' | 'Abogado Cali' | 'Administrador inactivo';
const CAST: [Who, Cargo, string[]][] = [
  ['Administrador', 'Administrador', ['11001', '05001']],
  ['Coordinador Contact Center', 'Coordinador Contact Center', ['11001', '05001']],
  ['Coordinador Investigador', 'Coordinador Investigador', ['11001', '05001']],
  ['Coordinador Abogado', 'Coordinador Abogado', ['11001', '05001']],
  ['Coordinador Abogado CAIT', 'Coordinador Abogado CAIT', ['11001', '05001']],
  ['Coordinador Perito', 'Coordinador Perito', ['11001', '05001']],
  ['Call Center', 'Call Center', ['11001', '05001']],
  ['Investigador', 'Investigador', ['11001', '05001']],
  ['Abogado', 'Abogado', ['11001', '05001']],
  ['Abogado CAIT', 'Abogado CAIT', ['11001', '05001']],
  ['Perito', 'Perito', ['11001', '05001']],
  ['Dibujante', 'Dibujante', ['11001', '05001']],
  ['Investigador 2', 'Investigador', ['11001', '05001']],
  ['Abogado Cali', 'Abogado', ['76001']],
  ['Administrador inactivo', 'Administrador', ['11001', '05001']],
];

let s: TestServer;
let push: FakePush;
let filesDir: string;
const people = new Map<Who, { id: string; cookie: string }>();
const whoIs = new Map<string, Who>();

beforeAll(async () => {
  push = await startFakePush();
  filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vialex-notices-'));
  // The local push service is allowed by the test setup only, as its exact origin.
  s = await startTestServer({ PUSH_HOSTS: push.url, FILES_DIR: filesDir });
  push.expectVapidKey((await vapidKeys(s.ctx)).publicKey);
  for (const [who, cargo, ciudades] of CAST) {
    const { user, email } = await createUser(s.ctx, { cargo, ciudades, nombres: who });
    const cookie = await login(s.app, email);
    people.set(who, { id: user.id, cookie });
    whoIs.set(user.id, who);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/push/subscription',
      headers: { cookie },
      payload: { subscription: push.device(who).subscription },
    });
    expect(res.statusCode, res.body).toBe(204);
  }
  await s.ctx.db
    .update(usuarios)
    .set({ estado: false })
    .where(eq(usuarios.id, id('Administrador inactivo')));
});
afterAll(async () => {
  await deliveriesSettled();
  await s?.close();
  await push?.close();
  await fs.rm(filesDir, { recursive: true, force: true });
});
// Every push the server sent was well signed and decrypted (a refusal is a test's own doing).
let refusalsExpected = 0;
afterEach(() => {
  expect(push.refusals.slice(refusalsExpected)).toEqual([]);
});

const id = (who: Who) => people.get(who)!.id;
const cookie = (who: Who) => people.get(who)!.cookie;
const post = (who: Who, url: string, payload?: object) =>
  s.app.inject({ method: 'POST', url, headers: { cookie: cookie(who) }, ...(payload ? { payload } : {}) });
const setCase = (caseId: string, values: Partial<typeof casos.$inferInsert>) =>
  s.ctx.db.update(casos).set(values).where(eq(casos.id, caseId));
async function newCase(values: Partial<typeof casos.$inferInsert> = {}, by: Who = 'Administrador', overrides = {}) {
  const c = (await createCaseAs(s.app, cookie(by), await caseBody(s.ctx, overrides))) as { id: string; caso: number };
  if (Object.keys(values).length) await setCase(c.id, values);
  return c;
}
const without = (list: Who[], actor?: Who) => [...new Set(list)].filter((w) => w !== actor).sort();

const isPushOf = (m: FakePushMessage, n: { titulo: string; cuerpo: string; url: string }) => {
  const p = m.payload as { title?: string; body?: string; url?: string };
  return p.title === n.titulo && p.body === n.cuerpo && p.url === n.url;
};

/** The one notice of this moment about the case, once its deliveries have ended. */
async function noticeOf(caseId: string, momento: string) {
  await deliveriesSettled();
  const rows = await s.ctx.db
    .select()
    .from(notificaciones)
    .where(and(eq(notificaciones.uidcaso, caseId), eq(notificaciones.momento, momento)));
  expect(rows, momento).toHaveLength(1);
  return rows[0];
}

/**
 * Exactly these people hold the notice, and exactly their devices got its push, once each
 * (counting the pushes from `since`, when an earlier notice read the same).
 */
async function expectTold(caseId: string, momento: string, who: Who[], since = 0) {
  const n = await noticeOf(caseId, momento);
  expect(n.destinatarios.map((r) => whoIs.get(r)).sort(), `${momento}: record`).toEqual([...who].sort());
  const pushes = push.messages
    .slice(since)
    .filter((m) => isPushOf(m, n))
    .map((m) => m.device);
  expect(pushes.sort(), `${momento}: pushes`).toEqual([...who].sort());
  return n;
}

describe('a new case (spec 2 §7, spec 3 §7: NUEVO CASO once, to who may open it in its city)', () => {
  it('the administrators, the lawyers and the investigators’ coordinator covering its city; not its creator, not the inactive, not an investigator whose list does not hold it', async () => {
    const byCallCenter = await newCase({}, 'Call Center');
    const n = await expectTold(byCallCenter.id, MSG.momentoCreacionCaso, [
      'Administrador',
      'Coordinador Investigador',
      'Abogado',
    ]);
    expect(n).toMatchObject({
      titulo: `NUEVO CASO · Caso # ${byCallCenter.caso}`,
      url: `/gestionar-caso/${byCallCenter.id}/chat`,
    });
    expect(n.cuerpo).toMatch(/^CASO CREADO EN LA CIUDAD DE BOGOT/);

    const byAdmin = await newCase();
    await expectTold(byAdmin.id, MSG.momentoCreacionCaso, ['Coordinador Investigador', 'Abogado']);
  });

  it('every recipient of a new case may open it (no "El caso no existe" behind a notice)', async () => {
    const c = await newCase({}, 'Call Center');
    const n = await noticeOf(c.id, MSG.momentoCreacionCaso);
    for (const userId of n.destinatarios) {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/casos/${c.id}/espacio`,
        headers: { cookie: cookie(whoIs.get(userId)!) },
      });
      expect(res.statusCode, whoIs.get(userId)).toBe(200);
    }
  });
});

describe('who a cargo’s notice about a case reaches', () => {
  const ofCargos = (cargos: Cargo[], inCaseCity = false) => ({ cargos, inCaseCity, caseAgents: [], named: false });
  const told = (ids: string[]) => ids.map((u) => whoIs.get(u)).sort();

  it('of a cargo whose list holds only its own cases, the case’s own user; of the others, every active user', async () => {
    const c = {
      id: randomUUID(),
      caso: 1,
      uidciudad: '11001',
      uidinvestigador: id('Investigador'),
      uidabogado: id('Abogado'),
    };
    const cargos: Cargo[] = ['Administrador', 'Investigador', 'Abogado', 'Call Center', 'Coordinador Perito'];
    expect(told(await recipientsOf(s.ctx.db, ofCargos(cargos), { case: c }))).toEqual([
      'Abogado',
      'Administrador',
      'Investigador',
    ]);
    // An unassigned case is in every lawyer's list; a requested expert in the experts' coordinator's.
    const open = { ...c, uidabogado: null, solicitud_perito: true };
    expect(told(await recipientsOf(s.ctx.db, ofCargos(cargos), { case: open }))).toEqual([
      'Abogado',
      'Abogado Cali',
      'Administrador',
      'Coordinador Perito',
      'Investigador',
    ]);
    // Covering the case's city: not the lawyer of Cali.
    expect(told(await recipientsOf(s.ctx.db, ofCargos(cargos, true), { case: open }))).toEqual([
      'Abogado',
      'Administrador',
      'Coordinador Perito',
      'Investigador',
    ]);
  });

  it('a user in a slot of a cargo other than the slot’s is not told as its agent', async () => {
    // The investigator's slot holds a lawyer: a lawyer's list holds the case by its lawyer's slot only.
    const c = { id: randomUUID(), caso: 1, uidinvestigador: id('Abogado'), uidabogado: id('Abogado Cali') };
    expect(told(await recipientsOf(s.ctx.db, ofCargos(['Abogado', 'Investigador']), { case: c }))).toEqual([
      'Abogado Cali',
    ]);
  });
});

describe('the client enters the case (spec 3 §4, §7)', () => {
  const enter = async (caseId: string, at: { lat: number; lng: number }) => {
    const link = await issueClientLink(s.ctx, s.ctx.db, caseId, id('Administrador'));
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/cliente/entrada',
      payload: { token: link.token, ...at, autorizacion: s.ctx.config.privacy.version },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('not a second NUEVO CASO: who works the case hears the client came in', async () => {
    const c = await newCase({ uidinvestigador: id('Investigador'), uidabogado: id('Abogado') }, 'Call Center', {
      uidciudad: '05001',
      departamento: '05',
    });
    await enter(c.id, { lat: 6.2466, lng: -75.5817 });
    const n = await expectTold(c.id, MSG.momentoIngresoCliente, [
      'Coordinador Investigador',
      'Investigador',
      'Abogado',
      'Call Center',
    ]);
    expect(n).toMatchObject({
      titulo: MSG.clienteEnCasoTitulo,
      cuerpo: `Caso # ${c.caso}: el cliente ingresó y compartió su ubicación`,
    });
    // NUEVO CASO went out once, at the creation.
    const nuevo = await s.ctx.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.uidcaso, c.id), eq(notificaciones.titulo, `NUEVO CASO · Caso # ${c.caso}`)));
    expect(nuevo).toHaveLength(1);
  });

  it('in an automatic-assignment city with nobody free: the dispatch desk hears "Caso sin investigador"', async () => {
    const c = await newCase();
    await enter(c.id, { lat: 4.6865, lng: -74.0469 });
    await expectTold(c.id, MSG.casoSinInvestigador, [
      'Administrador',
      'Coordinador Investigador',
      'Coordinador Contact Center',
    ]);
  });

  it('an automatically assigned investigator who makes no progress: "Investigador sin avance"', async () => {
    const c = await newCase({ uidinvestigador: id('Investigador'), asignacion_auto_km: 1 });
    await setCase(c.id, { asignacion_auto_fecha: sql`now() - interval '2 hours'` as unknown as Date });
    await alertStalledAssignments(s.ctx);
    await expectTold(c.id, MSG.investigadorSinAvance, [
      'Administrador',
      'Coordinador Investigador',
      'Coordinador Contact Center',
    ]);
  });
});

describe('assignment, type by type (spec 2 §6 "Notified roles on assignment"): the agent assigned too', () => {
  /** The table of the spec, as people of this cast ("Investigador" of a Perito row is the case's). */
  const ROW: Partial<Record<Cargo, Who[]>> = {
    Abogado: ['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado'],
    Investigador: ['Administrador', 'Coordinador Contact Center'],
    Dibujante: ['Administrador', 'Coordinador Contact Center'],
    'Abogado CAIT': ['Administrador'],
    'Call Center': ['Administrador'],
    Perito: ['Administrador', 'Coordinador Investigador', 'Investigador'],
  };
  const COORDINATOR: Partial<Record<Cargo, Who>> = {
    Abogado: 'Coordinador Abogado',
    Investigador: 'Coordinador Investigador',
    Dibujante: 'Coordinador Investigador',
    'Abogado CAIT': 'Coordinador Abogado CAIT',
    'Call Center': 'Coordinador Contact Center',
    Perito: 'Coordinador Perito',
  };
  const cases = (Object.keys(ROW) as Cargo[]).flatMap((tipo): [Cargo, Who][] => [
    [tipo, 'Administrador'],
    [tipo, COORDINATOR[tipo]!],
  ]);

  it.each(cases)('%s, assigned by %s', async (tipo, by) => {
    // The case's own investigator is told of a Perito; the other investigator is not.
    const c = await newCase(tipo === 'Perito' ? { solicitud_perito: true, uidinvestigador: id('Investigador') } : {});
    const res = await post(by, `/api/casos/${c.id}/asignar`, { tipo, usuario: id(tipo) });
    expect(res.statusCode, res.body).toBe(200);
    const n = await expectTold(c.id, MSG.momentoAsignacionCaso, without([...ROW[tipo]!, tipo], by));
    expect(n.titulo).toBe('CASO ASIGNADO');
    // "Caso # N: {type} {name}" (this cast's users are named after their part).
    expect(n.cuerpo).toMatch(new RegExp(`^Caso # ${c.caso}: ${tipo} ${tipo} Prueba \\d+$`, 'i'));
  });
});

describe('requests, type by type: Administrador, the contact centre and the type’s coordinator', () => {
  const ROW: Record<string, Who[]> = {
    Abogado: ['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado'],
    'Abogado CAIT': ['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado CAIT'],
    Investigador: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador'],
    Perito: ['Administrador', 'Coordinador Contact Center', 'Coordinador Perito'],
    Dibujante: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador'],
  };
  const cases: [Cargo, Who][] = [
    ...Object.keys(ROW).map((tipo): [Cargo, Who] => [tipo as Cargo, 'Administrador']),
    ['Abogado', 'Coordinador Contact Center'],
    ['Abogado CAIT', 'Coordinador Contact Center'],
    ['Investigador', 'Coordinador Contact Center'],
    ['Dibujante', 'Coordinador Contact Center'],
    ['Perito', 'Coordinador Investigador'],
    ['Dibujante', 'Coordinador Investigador'],
  ];

  it.each(cases)('%s, asked for by %s', async (tipo, by) => {
    const c = await newCase({ tipo_plan: 'SEGURO TERCERO' });
    const res = await post(by, `/api/casos/${c.id}/solicitar`, { tipo });
    expect(res.statusCode, res.body).toBe(200);
    const n = await expectTold(c.id, `Solicitud de ${tipo}`, without(ROW[tipo], by));
    expect(n).toMatchObject({
      titulo: `SOLICITUD DE ${tipo.toUpperCase()}`,
      cuerpo: `Caso # ${c.caso}: se solicita ${tipo}`,
    });
  });
});

describe('take and release (spec 2 §4): coordinators and the case’s contact-centre user', () => {
  it.each<[Cargo, Who, Partial<typeof casos.$inferInsert>]>([
    ['Abogado', 'Coordinador Abogado', {}],
    ['Dibujante', 'Coordinador Investigador', { solicitud_dibujante: true, chat_dibujante: true }],
  ])('%s', async (cargo, coordinator, values) => {
    const c = await newCase({ uidcontactcenter: id('Call Center'), ...values });
    const told: Who[] = ['Administrador', 'Coordinador Contact Center', coordinator, 'Call Center'];
    expect((await post(cargo, `/api/casos/${c.id}/tomar`, { tomar: true })).statusCode).toBe(200);
    const taken = await expectTold(c.id, 'Caso tomado', told);
    expect(taken.titulo).toBe('CASO ASIGNADO');
    expect((await post(cargo, `/api/casos/${c.id}/tomar`, { tomar: false })).statusCode).toBe(200);
    const released = await expectTold(c.id, 'Caso liberado', told);
    expect(released).toMatchObject({ titulo: 'CASO LIBERADO' });
    expect(released.cuerpo).toMatch(new RegExp(`^Caso # ${c.caso}: ${cargo} .+ libera el caso$`));
  });
});

describe('on the case', () => {
  /** Every slot held by the cast. */
  const team = () => ({
    estado: 'Verificado',
    uidabogado: id('Abogado'),
    uidabogadocait: id('Abogado CAIT'),
    uidinvestigador: id('Investigador'),
    uidcontactcenter: id('Call Center'),
    uidperito: id('Perito'),
    uiddibujante: id('Dibujante'),
    solicitud_perito: true,
    solicitud_dibujante: true,
  });

  it('arrival: the desk and the case’s lawyer and contact-centre agent, not the investigator', async () => {
    const c = await newCase(team());
    expect((await post('Investigador', `/api/casos/${c.id}/llegada`)).statusCode).toBe(200);
    await expectTold(c.id, MSG.avisoLlegada, [
      'Administrador',
      'Coordinador Investigador',
      'Coordinador Contact Center',
      'Abogado',
      'Call Center',
    ]);
  });

  it('the first drone photo: the administrators, the investigators’ coordinator, the case’s lawyer and contact centre', async () => {
    const c = await newCase(team());
    const form = multipart([
      { name: 'clientId', value: randomUUID() },
      { name: 'latitud', value: '4.6533' },
      { name: 'longitud', value: '-74.0836' },
      { name: 'archivos', file: { filename: '1.png', content: PNG } },
    ]);
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/casos/${c.id}/chats/general/fotos-drone`,
      headers: { cookie: cookie('Investigador'), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const n = await expectTold(c.id, MSG.cargaPrimeraFoto, [
      'Administrador',
      'Coordinador Investigador',
      'Abogado',
      'Call Center',
    ]);
    expect(n.cuerpo).toBe(`Caso # ${c.caso}: primera carga de fotos de dron (1)`);
  });

  it('closing: the contact-centre coordinator and every agent; not the administrator who closed it', async () => {
    const c = await newCase(team());
    const form = multipart([
      { name: 'estado', value: 'CERRADO' },
      { name: 'descripcion', value: 'Caso cerrado' },
    ]);
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/casos/${c.id}/gestion`,
      headers: { cookie: cookie('Administrador'), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const n = await expectTold(c.id, MSG.cierreCaso, [
      'Coordinador Contact Center',
      'Abogado',
      'Abogado CAIT',
      'Call Center',
      'Investigador',
      'Perito',
      'Dibujante',
    ]);
    expect(n.cuerpo).toBe(`Caso # ${c.caso}: CERRADO`);
  });

  it('special attention: asked for, the authorisers hear; authorised, the other authoriser and the contact centre', async () => {
    const c = await newCase({ tipo_plan: 'SIN PLAN', uidcontactcenter: id('Call Center') });
    expect((await post('Call Center', `/api/casos/${c.id}/solicitar-atencion`)).statusCode).toBe(200);
    await expectTold(c.id, MSG.momentoSolicitudAtencion, ['Administrador', 'Coordinador Contact Center']);
    expect((await post('Coordinador Contact Center', `/api/casos/${c.id}/autorizar-atencion`)).statusCode).toBe(200);
    const n = await expectTold(c.id, MSG.momentoAtencionAutorizada, ['Administrador', 'Call Center']);
    expect(n).toMatchObject({
      titulo: 'ASISTENCIA ESPECIAL',
      cuerpo: `Caso # ${c.caso}: asistencia especial autorizada`,
    });
  });
});

describe('chat messages to the members away (spec 2 §7): one notice per room while unread', () => {
  const say = (caseId: string, text: string) =>
    post('Investigador', `/api/casos/${caseId}/chats/general/mensajes`, { clientId: randomUUID(), content: text });
  const chatNotices = async (caseId: string) => {
    await deliveriesSettled();
    return s.ctx.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.uidcaso, caseId), eq(notificaciones.momento, MSG.mensajeChat)));
  };
  const namingOf = (rows: Awaited<ReturnType<typeof chatNotices>>, who: Who) =>
    rows.filter((r) => r.destinatarios.includes(id(who)));

  it('a burst is one unread notice per recipient and room; each push carries the room’s Topic; an offline phone gets one', async () => {
    const c = await newCase({
      estado: 'Verificado',
      uidabogado: id('Abogado'),
      uidinvestigador: id('Investigador'),
      uidcontactcenter: id('Call Center'),
    });
    push.offline('Call Center');
    // Back online whatever happens, or a failure here would also fail the later tests of the file.
    onTestFinished(() => push.online('Call Center'));
    const texts = ['Voy en camino', 'Llegando', 'Estoy en el sitio', 'Tomo fotos', 'Listo'];
    for (const t of texts) expect((await say(c.id, t)).statusCode).toBe(200);

    let rows = await chatNotices(c.id);
    // The sender is not told; the two members away have one notice each: the latest message.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      cuerpo: 'Listo',
      url: `/gestionar-caso/${c.id}/chat`,
      titulo: `Mensaje Chat · Caso # ${c.caso} · Chat con el cliente`,
    });
    expect(rows[0].destinatarios.map((r) => whoIs.get(r)).sort()).toEqual(['Abogado', 'Call Center']);

    const room = push.messages.filter((m) => {
      const p = m.payload as { url?: string; title?: string };
      return (
        p.url === `/gestionar-caso/${c.id}/chat` &&
        p.title === `${MSG.mensajeChat} · Caso # ${c.caso} · Chat con el cliente`
      );
    });
    const lawyer = room.filter((m) => m.device === 'Abogado');
    expect(lawyer.map((m) => (m.payload as { body: string }).body)).toEqual(texts);
    const topic = lawyer[0].topic!;
    expect(topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(lawyer.every((m) => m.topic === topic && (m.payload as { tag?: string }).tag === topic)).toBe(true);
    // The phone that was off gets only the last one: the push service replaced the others by Topic.
    expect(room.filter((m) => m.device === 'Call Center')).toEqual([]);
    push.online('Call Center');
    const phone = push.messages.filter((m) => m.device === 'Call Center' && m.topic === topic);
    expect(phone.map((m) => (m.payload as { body: string }).body)).toEqual(['Listo']);

    // The lawyer reads it; the next message is a new notice for the lawyer, the same one refreshed
    // for the contact centre (still one unread each).
    const read = await post('Abogado', `/api/notificaciones/${rows[0].id}/leida`);
    expect(read.statusCode).toBe(200);
    expect((await say(c.id, 'Una cosa más')).statusCode).toBe(200);
    rows = await chatNotices(c.id);
    expect(
      namingOf(rows, 'Abogado')
        .map((r) => r.cuerpo)
        .sort(),
    ).toEqual(['Listo', 'Una cosa más']);
    expect(namingOf(rows, 'Call Center').map((r) => r.cuerpo)).toEqual(['Una cosa más']);
    const centre = await s.app.inject({
      method: 'GET',
      url: '/api/notificaciones',
      headers: { cookie: cookie('Abogado') },
    });
    const mine = centre
      .json()
      .rows.filter(
        (r: { url: string; momento: string }) =>
          r.url === `/gestionar-caso/${c.id}/chat` && r.momento === MSG.mensajeChat,
      );
    expect(mine.map((r: { cuerpo: string; leida: boolean }) => [r.cuerpo, r.leida])).toEqual([
      ['Una cosa más', false],
      ['Listo', true],
    ]);
    // Another room of the same case is another notice.
    await setCase(c.id, { solicitud_perito: true, chat_perito: true, uidperito: id('Perito') });
    expect(
      (
        await post('Investigador', `/api/casos/${c.id}/chats/perito/mensajes`, {
          clientId: randomUUID(),
          content: 'Perito',
        })
      ).statusCode,
    ).toBe(200);
    rows = await chatNotices(c.id);
    expect(rows.filter((r) => r.url === `/gestionar-caso/${c.id}/chat_perito`)).toHaveLength(1);
  });
});

describe('exports (decisions.md D8), as the exports job calls noticeExportEnded', () => {
  async function ended(c: { id: string; caso: number }, requester: Who, estado: string, mensaje = '') {
    const pending: PendingNotice[] = [];
    await s.ctx.db.transaction((tx) =>
      noticeExportEnded(tx, pending, { uidcaso: c.id, caso: c.caso, solicitado_por: id(requester), estado, mensaje }),
    );
    deliver(s.ctx, pending);
  }

  it('finished: the user who asked for it', async () => {
    const c = await newCase();
    await ended(c, 'Call Center', 'Finalizado');
    const n = await expectTold(c.id, 'Exportación finalizada', ['Call Center']);
    expect(n).toMatchObject({ titulo: 'EXPORTACIÓN FINALIZADA', url: '/exportaciones' });
  });

  it('failed: the user who asked for it and the administrators, with the reason', async () => {
    const c = await newCase();
    await ended(c, 'Coordinador Contact Center', 'Error', 'Conexión SFTP rechazada');
    const n = await expectTold(c.id, 'Error de exportación', ['Coordinador Contact Center', 'Administrador']);
    expect(n).toMatchObject({ titulo: 'EXPORTACIÓN FALLIDA', cuerpo: `Caso # ${c.caso}: Conexión SFTP rechazada` });
  });
});

describe('exports: the job hook form, and an end that is no notice', () => {
  it('recordExportEnded delivers after commit; a cancelled export tells nobody', async () => {
    const c = await newCase();
    const after = await s.ctx.db.transaction((tx) =>
      recordExportEnded(s.ctx, tx, { uidcaso: c.id, caso: c.caso, solicitado_por: id('Call Center'), estado: 'Error' }),
    );
    after();
    const n = await expectTold(c.id, 'Error de exportación', ['Call Center', 'Administrador']);
    expect(n.cuerpo).toBe(`Caso # ${c.caso}: ${MSG.errorNoIdentificado}`);
    const pending: PendingNotice[] = [];
    await s.ctx.db.transaction((tx) =>
      noticeExportEnded(tx, pending, {
        uidcaso: c.id,
        caso: c.caso,
        solicitado_por: id('Call Center'),
        estado: 'Cancelada',
      }),
    );
    expect(pending).toEqual([]);
  });
});

describe('delivery never fails the action', () => {
  it('a push service that fails is logged; the action and the record stand; a gone subscription is removed', async () => {
    const c = await newCase({}, 'Call Center');
    await deliveriesSettled();
    push.answer('Coordinador Contact Center', 500);
    push.answer('Administrador', 410);
    refusalsExpected = push.refusals.length + 2;
    const res = await post('Coordinador Abogado', `/api/casos/${c.id}/asignar`, {
      tipo: 'Abogado',
      usuario: id('Abogado'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const n = await noticeOf(c.id, MSG.momentoAsignacionCaso);
    expect(n.destinatarios.map((r) => whoIs.get(r)).sort()).toEqual([
      'Abogado',
      'Administrador',
      'Coordinador Contact Center',
    ]);
    expect(
      push.refusals
        .slice(-2)
        .map((r) => `${r.device} ${r.status}`)
        .sort(),
    ).toEqual(['Administrador 410', 'Coordinador Contact Center 500']);
    // The device that answered got it.
    expect(push.messages.filter((m) => isPushOf(m, n)).map((m) => m.device)).toEqual(['Abogado']);
    // 410: gone; 500: kept for the next time.
    const subs = (who: Who) =>
      s.ctx.db
        .select()
        .from(suscripcionesPush)
        .where(eq(suscripcionesPush.usuario, id(who)));
    expect(await subs('Administrador')).toHaveLength(0);
    expect(await subs('Coordinador Contact Center')).toHaveLength(1);
    push.answer('Coordinador Contact Center', undefined);
  });
});
