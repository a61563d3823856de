import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CARGOS, DATA_ACCESS_WINDOW_MINUTES, LABELS, MSG, fmt, type Cargo, type DataAccessPage } from '@vialex/domain';
import {
  accesosDatos,
  autorizacionesDatos,
  avisosPrivacidad,
  casos,
  clientes,
  sesionesCliente,
  trazabilidad,
  usuarios,
} from '../src/db/schema/index.js';
import { parseCompanyPhone, parsePrivacyNotice } from '../src/config.js';
import { issueClientLink } from '../src/modules/client-links/service.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login, signInEveryCargo } from './factories.js';
import { caseBody, createCaseAs, createClient } from './case-factories.js';

/**
 * The driver's personal data under Ley 1581 de 2012 (modules/privacy): the authorisation before
 * the entry, recorded with it; the case's line for who reads DATOS DEL CASO; who looked, and the
 * Administrador's view of it.
 */
let s: TestServer;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer();
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => s?.close());
afterEach(() => vi.useRealTimers());

const admin = () => viewers.get('Administrador')!;
const accident = { lat: 4.6865, lng: -74.0469 };
const version = () => s.ctx.config.privacy.version;

/** A Recibido case of a new client and a fresh link to it (as an SMS would carry). */
async function caseWithLink(server: TestServer = s, cookie = admin().cookie, adminId = admin().id) {
  const c = await createCaseAs(server.app, cookie, await caseBody(server.ctx));
  const link = await issueClientLink(server.ctx, server.ctx.db, c.id, adminId);
  const [row] = await server.ctx.db.select().from(casos).where(eq(casos.id, c.id));
  return { id: c.id as string, caso: c.caso as number, token: link.token, linkId: link.id, clientId: row.uidcliente! };
}
const enter = (payload: Record<string, unknown>, headers: Record<string, string> = {}, server: TestServer = s) =>
  server.app.inject({ method: 'POST', url: '/api/cliente/entrada', payload: { ...accident, ...payload }, headers });
const info = (token: string) => s.app.inject({ method: 'GET', url: `/api/cliente/entrada/${token}` });
const clientCookie = (res: { headers: Record<string, unknown> }) =>
  String([res.headers['set-cookie']].flat().find((c) => String(c).startsWith('vialex_cid='))).split(';')[0];
const leave = (cookie: string) => s.app.inject({ method: 'POST', url: '/api/cliente/salir', headers: { cookie } });
const authorisations = (caseId: string, server: TestServer = s) =>
  server.ctx.db.select().from(autorizacionesDatos).where(eq(autorizacionesDatos.uidcaso, caseId));

/** What an entry leaves behind: nothing at all when it was refused. */
async function traces(caseId: string) {
  const [c] = await s.ctx.db.select().from(casos).where(eq(casos.id, caseId));
  const sessions = await s.ctx.db.select().from(sesionesCliente).where(eq(sesionesCliente.uidcaso, caseId));
  const verified = await s.ctx.db
    .select()
    .from(trazabilidad)
    .where(and(eq(trazabilidad.uidcaso, caseId), eq(trazabilidad.descripcion, MSG.verificacionCaso)));
  return {
    login: c.login,
    estado: c.estado,
    sessions: sessions.length,
    verified: verified.length,
    authorisations: (await authorisations(caseId)).length,
  };
}
/** Why the entry cannot go on, with the company's line (COMPANY_PHONE) to call instead. */
const REFUSAL = fmt(MSG.autorizacionDatosRequerida, { telefono: '+57 601 555 0100' });
const NOTHING = { login: false, estado: 'Recibido', sessions: 0, verified: 0, authorisations: 0 };

describe("the driver's authorisation before the entry (Ley 1581 de 2012)", () => {
  it('the link answers the notice to authorise: its version, summary, whole text and box', async () => {
    const c = await caseWithLink();
    const res = await info(c.token);
    expect(res.statusCode).toBe(200);
    const { privacidad } = res.json();
    expect(privacidad).toEqual({
      version: version(),
      requerida: true,
      resumen: s.ctx.config.privacy.resumen,
      texto: s.ctx.config.privacy.texto,
      casilla: LABELS.privacidad.casilla,
    });
    expect(privacidad.version).toMatch(/^[0-9a-f]{12}$/);
    // The defaults name the company, its phone and its address for the rights.
    expect(privacidad.texto).toContain('Superintendencia de Industria y Comercio');
    expect(privacidad.texto).toContain('+57 601 555 0100');
    expect(privacidad.resumen).toContain('datospersonales@vialex.co');
  });

  it('entering without it is refused with the reason (422), and nothing of the entry is created', async () => {
    const c = await caseWithLink();
    const res = await enter({ token: c.token });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'DATA_AUTHORISATION_REQUIRED',
      message: REFUSAL,
      issues: [{ path: 'autorizacion', message: REFUSAL }],
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await traces(c.id)).toEqual(NOTHING);
  });

  it('a NUL byte or a wrong type in the field: a clear 400, nothing created', async () => {
    const c = await caseWithLink();
    for (const autorizacion of [`${version()}\u0000`, true, 1, version().toUpperCase(), 'x'.repeat(5000), {}]) {
      const res = await enter({ token: c.token, autorizacion });
      expect(res.statusCode, JSON.stringify(autorizacion)).toBe(400);
      expect(res.json().message, JSON.stringify(autorizacion)).toMatch(/^[A-ZÁÉÍÓÚ¿].+/);
    }
    expect((await enter({ token: c.token, autorizacion: true })).json().message).toBe(MSG.autorizacionDatosNoValida);
    expect(await traces(c.id)).toEqual(NOTHING);
  });

  it('a version other than the one in force (the page was older than the notice) is 409, nothing created', async () => {
    const c = await caseWithLink();
    const res = await enter({ token: c.token, autorizacion: 'abcdefabcdef' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PRIVACY_NOTICE_CHANGED', message: MSG.avisoPrivacidadCambio });
    expect(await traces(c.id)).toEqual(NOTHING);
  });

  it("with it: the record holds the version, the time, the case, its client, the link and the request's address; the notice's words are kept", async () => {
    const c = await caseWithLink();
    const before = Date.now();
    // Not behind a trusted proxy (TRUST_PROXY unset): a forwarded address is anyone's to write.
    const res = await enter({ token: c.token, autorizacion: version() }, { 'x-forwarded-for': '203.0.113.9' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await authorisations(c.id);
    expect(row).toMatchObject({
      uidcaso: c.id,
      uidcliente: c.clientId,
      version: version(),
      enlace: c.linkId,
      ip: '127.0.0.1',
    });
    expect(row.fecha.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.fecha.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const [notice] = await s.ctx.db.select().from(avisosPrivacidad).where(eq(avisosPrivacidad.version, version()));
    expect(notice).toMatchObject({
      texto: s.ctx.config.privacy.texto,
      resumen: s.ctx.config.privacy.resumen,
      casilla: LABELS.privacidad.casilla,
      telefono: '+57 601 555 0100',
    });
    expect(await traces(c.id)).toMatchObject({ login: true, estado: 'Verificado', sessions: 1, authorisations: 1 });
  });

  it('behind a trusted proxy (TRUST_PROXY) the address is the forwarded one, as the sign-in throttle reads it', async () => {
    const proxied = await startTestServer({ TRUST_PROXY: '1' });
    try {
      const { user, email } = await createUser(proxied.ctx, { cargo: 'Administrador', area: 'ADMINISTRACIÓN' });
      const cookie = await login(proxied.app, email);
      const c = await caseWithLink(proxied, cookie, user.id);
      const res = await enter(
        { token: c.token, autorizacion: proxied.ctx.config.privacy.version },
        { 'x-forwarded-for': '203.0.113.9' },
        proxied,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((await authorisations(c.id, proxied))[0].ip).toBe('203.0.113.9');
    } finally {
      await proxied.close();
    }
  });

  it('the same driver is not asked again on the same case for the same version; a new version asks again', async () => {
    const c = await caseWithLink();
    const first = await enter({ token: c.token, autorizacion: version() });
    expect(first.statusCode, first.body).toBe(200);
    expect((await leave(clientCookie(first))).statusCode).toBe(200);

    expect((await info(c.token)).json().privacidad.requerida).toBe(false);
    const again = await enter({ token: c.token });
    expect(again.statusCode, again.body).toBe(200);
    await leave(clientCookie(again));
    // Sent anyway: the first record stays the proof.
    const third = await enter({ token: c.token, autorizacion: version() });
    expect(third.statusCode, third.body).toBe(200);
    await leave(clientCookie(third));
    expect(await authorisations(c.id)).toHaveLength(1);

    const previous = s.ctx.config.privacy;
    s.ctx.config.privacy = parsePrivacyNotice(
      { PRIVACY_NOTICE: 'Un aviso nuevo de {empresa}.\n\nEscriba a {correo}.' },
      parseCompanyPhone(undefined),
    );
    try {
      expect(version()).not.toBe(previous.version);
      const asked = (await info(c.token)).json().privacidad;
      expect(asked).toMatchObject({
        version: version(),
        requerida: true,
        texto: 'Un aviso nuevo de VIALEX.\n\nEscriba a datospersonales@vialex.co.',
      });
      expect((await enter({ token: c.token })).statusCode).toBe(422);
      expect((await enter({ token: c.token, autorizacion: previous.version })).statusCode).toBe(409);
      const renewed = await enter({ token: c.token, autorizacion: version() });
      expect(renewed.statusCode, renewed.body).toBe(200);
      expect((await authorisations(c.id)).map((a) => a.version).sort()).toEqual([previous.version, version()].sort());
    } finally {
      s.ctx.config.privacy = previous;
    }
  });

  it("another case of the same client asks again: the authorisation is the case's", async () => {
    const c = await caseWithLink();
    expect((await enter({ token: c.token, autorizacion: version() })).statusCode).toBe(200);
    const [client] = await s.ctx.db.select().from(clientes).where(eq(clientes.id, c.clientId));
    const other = await createCaseAs(
      s.app,
      admin().cookie,
      await caseBody(s.ctx, { identificacion: String(client.identificacion) }),
    );
    const link = await issueClientLink(s.ctx, s.ctx.db, other.id, admin().id);
    expect((await info(link.token)).json().privacidad.requerida).toBe(true);
  });
});

describe('settings', () => {
  it('PRIVACY_COMPANY, PRIVACY_EMAIL and PRIVACY_NOTICE_SUMMARY fill the notice; any change of its words is a new version', () => {
    const phone = parseCompanyPhone('+57 604 444 0000');
    const base = parsePrivacyNotice({}, phone);
    const named = parsePrivacyNotice({ PRIVACY_COMPANY: 'Vialex S.A.S.', PRIVACY_EMAIL: 'habeas@ejemplo.co' }, phone);
    expect(named.texto).toContain('Responsable del tratamiento: Vialex S.A.S.. Teléfono: +57 604 444 0000.');
    expect(named.resumen).toContain('habeas@ejemplo.co');
    expect(named.version).not.toBe(base.version);
    expect(parsePrivacyNotice({}, phone).version).toBe(base.version);
    const summary = parsePrivacyNotice({ PRIVACY_NOTICE_SUMMARY: 'Corto.' }, phone);
    expect(summary.resumen).toBe('Corto.');
    expect(summary.version).not.toBe(base.version);
    // Windows line ends and stray spaces are not a new version.
    expect(parsePrivacyNotice({ PRIVACY_NOTICE: 'Uno.\r\n\r\nDos.  ' }, phone).version).toBe(
      parsePrivacyNotice({ PRIVACY_NOTICE: 'Uno.\n\nDos.' }, phone).version,
    );
    expect(() => parsePrivacyNotice({ PRIVACY_EMAIL: 'no es correo' }, phone)).toThrow(/PRIVACY_EMAIL/);
    expect(() => parsePrivacyNotice({ PRIVACY_NOTICE_FILE: '/no/existe.txt' }, phone)).toThrow(/PRIVACY_NOTICE_FILE/);
  });
});

describe("the case's line in DATOS DEL CASO", () => {
  const line = (caseId: string, cookie: string) =>
    s.app.inject({ method: 'GET', url: `/api/casos/${caseId}/autorizacion-datos`, headers: { cookie } });

  it('pending, then given with its time and version', async () => {
    const c = await caseWithLink();
    expect((await line(c.id, admin().cookie)).json()).toEqual({ estado: 'pendiente', fecha: null, version: null });
    expect((await enter({ token: c.token, autorizacion: version() })).statusCode).toBe(200);
    const [row] = await authorisations(c.id);
    expect((await line(c.id, admin().cookie)).json()).toEqual({
      estado: 'otorgada',
      fecha: row.fecha.toISOString(),
      version: version(),
    });
  });

  it('answers exactly who reads the case’s DATOS DEL CASO, with the same refusal (404 out of scope, 403 without the tab)', async () => {
    const c = await caseWithLink();
    // Bogotá's case, no agent yet: some cargos have it in their list, others not.
    const statuses: Record<string, [number, number]> = {};
    for (const cargo of CARGOS) {
      const { cookie } = viewers.get(cargo)!;
      const tab = await s.app.inject({
        method: 'GET',
        url: `/api/casos/${c.id}/espacio/informacion`,
        headers: { cookie },
      });
      statuses[cargo] = [tab.statusCode, (await line(c.id, cookie)).statusCode];
    }
    for (const [cargo, [tab, mine]] of Object.entries(statuses)) expect(mine, cargo).toBe(tab);
    expect(Object.values(statuses).map(([tab]) => tab)).toEqual(expect.arrayContaining([200, 404]));
    // A case that does not exist, an id that is not one.
    expect((await line('00000000-0000-0000-0000-000000000000', admin().cookie)).statusCode).toBe(404);
    expect((await line('no-es-un-id', admin().cookie)).json().message).toBe(MSG.casoNoExiste);
  });
});

describe('who looked', () => {
  const openClient = (clientId: string, cookie: string) =>
    s.app.inject({ method: 'GET', url: `/api/clientes/${clientId}`, headers: { cookie } });
  const openCaseData = (caseId: string, cookie: string, tab = 'informacion') =>
    s.app.inject({ method: 'GET', url: `/api/casos/${caseId}/espacio/${tab}`, headers: { cookie } });
  const logOf = (clientId: string) =>
    s.ctx.db.select().from(accesosDatos).where(eq(accesosDatos.uidcliente, clientId)).orderBy(accesosDatos.fecha);
  /**
   * Sets the app's clock `minutes` after `from` (the window is read from it): no waiting. Staff
   * sessions last 15 minutes by that same clock, so a test moves it less than that.
   */
  const at = (from: number, minutes: number) => vi.useFakeTimers({ toFake: ['Date'], now: from + minutes * 60_000 });
  /** Moves a client's entries back in time, as if written that long ago. */
  const age = (clientId: string, minutes: number) =>
    s.ctx.db
      .update(accesosDatos)
      .set({ fecha: sql`${accesosDatos.fecha} - make_interval(mins => ${minutes})` })
      .where(eq(accesosDatos.uidcliente, clientId));

  it("opening a client's record is one entry with who (name and cargo as they were), when, what; the list is none", async () => {
    const reader = await createUser(s.ctx, { cargo: 'Call Center', nombres: 'Marta', apellidos: 'Gómez' });
    const cookie = await login(s.app, reader.email);
    const client = await createClient(s.ctx);
    expect((await s.app.inject({ method: 'GET', url: '/api/clientes', headers: { cookie } })).statusCode).toBe(200);
    expect(await logOf(client.id)).toEqual([]);
    const before = Date.now();
    expect((await openClient(client.id, cookie)).statusCode).toBe(200);
    const [entry] = await logOf(client.id);
    expect(entry).toMatchObject({
      uidcliente: client.id,
      uidcaso: null,
      que: 'cliente',
      usuario: reader.user.id,
      nombre: 'MARTA GÓMEZ',
      cargo: 'Call Center',
    });
    expect(entry.fecha.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Renamed later: the entry keeps the name it was written with.
    await s.ctx.db.update(usuarios).set({ nombres: 'Martha' }).where(eq(usuarios.id, reader.user.id));
    expect((await logOf(client.id))[0].nombre).toBe('MARTA GÓMEZ');
    // An unknown client is no open.
    expect((await openClient('00000000-0000-0000-0000-000000000000', cookie)).statusCode).toBe(404);
  });

  it(`the same person opening the same thing again within ${DATA_ACCESS_WINDOW_MINUTES} minutes is the same entry; after, a new one`, async () => {
    const client = await createClient(s.ctx);
    const { cookie } = admin();
    const start = Date.now();
    expect((await openClient(client.id, cookie)).statusCode).toBe(200);
    await openClient(client.id, cookie);
    at(start, DATA_ACCESS_WINDOW_MINUTES - 0.1);
    expect((await openClient(client.id, cookie)).statusCode).toBe(200);
    expect(await logOf(client.id)).toHaveLength(1);
    // Another reader is their own entry.
    await openClient(client.id, viewers.get('Coordinador Contact Center')!.cookie);
    expect(await logOf(client.id)).toHaveLength(2);
    at(start, DATA_ACCESS_WINDOW_MINUTES + 0.1);
    expect((await openClient(client.id, cookie)).statusCode).toBe(200);
    expect((await logOf(client.id)).map((e) => e.usuario)).toEqual([
      admin().id,
      viewers.get('Coordinador Contact Center')!.id,
      admin().id,
    ]);
  });

  it("opening a case's DATOS DEL CASO is an entry on each client the case names (owner and driver); other tabs and the frame are none", async () => {
    const c = await caseWithLink();
    const driver = await createClient(s.ctx);
    await s.ctx.db.update(casos).set({ uidconductor: driver.id }).where(eq(casos.id, c.id));
    const { cookie } = admin();
    expect(
      (await s.app.inject({ method: 'GET', url: `/api/casos/${c.id}/espacio`, headers: { cookie } })).statusCode,
    ).toBe(200);
    expect((await openCaseData(c.id, cookie, 'gestionar')).statusCode).toBe(200);
    expect(await logOf(c.clientId)).toEqual([]);
    expect((await openCaseData(c.id, cookie)).statusCode).toBe(200);
    await openCaseData(c.id, cookie);
    for (const clientId of [c.clientId, driver.id]) {
      const entries = await logOf(clientId);
      expect(entries, clientId).toHaveLength(1);
      expect(entries[0]).toMatchObject({ uidcaso: c.id, que: 'caso', usuario: admin().id, cargo: 'Administrador' });
    }
    // Refused (out of the reader's scope): nothing was shown, nothing is logged.
    const outsider = await createUser(s.ctx, { cargo: 'Investigador', ciudades: ['05001'] });
    expect((await openCaseData(c.id, await login(s.app, outsider.email))).statusCode).toBe(404);
    expect(await logOf(c.clientId)).toHaveLength(1);
  });

  describe("'Quién consultó sus datos'", () => {
    const accesses = (clientId: string, cookie: string, query = '') =>
      s.app.inject({ method: 'GET', url: `/api/clientes/${clientId}/accesos-datos${query}`, headers: { cookie } });

    it('is the Administrador’s only: 403 for every other cargo, whatever it asks', async () => {
      const client = await createClient(s.ctx);
      for (const cargo of CARGOS) {
        const { cookie } = viewers.get(cargo)!;
        for (const [id, query] of [
          [client.id, ''],
          ['no-es-un-id', '?limit=7'],
        ]) {
          const res = await accesses(id, cookie, query);
          if (cargo === 'Administrador') expect(res.statusCode, `${cargo} ${id}`).toBe(id === client.id ? 200 : 400);
          else {
            expect(res.statusCode, `${cargo} ${id}`).toBe(403);
            expect(res.json().message).toBe(MSG.noAutorizado);
          }
        }
      }
      expect((await accesses('00000000-0000-0000-0000-000000000000', admin().cookie)).json().message).toBe(
        MSG.clienteNoExiste,
      );
    });

    it("lists the client's record and their cases' opens, newest first, in keyset pages of 10", async () => {
      const c = await caseWithLink();
      const reader = await createUser(s.ctx, {
        cargo: 'Coordinador Contact Center',
        nombres: 'Luis',
        apellidos: 'Páez',
      });
      const cookie = await login(s.app, reader.email);
      // Twelve opens, each past the window of the one before: the case's data first, then the record.
      expect((await openCaseData(c.id, cookie)).statusCode).toBe(200);
      for (let i = 1; i < 12; i++) {
        await age(c.clientId, DATA_ACCESS_WINDOW_MINUTES + 1);
        expect((await openClient(c.clientId, cookie)).statusCode).toBe(200);
      }
      expect(await logOf(c.clientId)).toHaveLength(12);
      const first = await accesses(c.clientId, admin().cookie);
      expect(first.statusCode, first.body).toBe(200);
      const page1 = first.json() as DataAccessPage;
      expect(page1.rows).toHaveLength(10);
      expect(page1.permissions).toEqual({ write: false });
      const times = page1.rows.map((r) => Date.parse(r.fecha));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(page1.rows[0]).toMatchObject({
        nombre: 'LUIS PÁEZ',
        cargo: 'Coordinador Contact Center',
        que: 'cliente',
        caso: null,
      });
      expect(page1.prevCursor).toBeNull();
      const page2 = (
        await accesses(c.clientId, admin().cookie, `?cursor=${page1.nextCursor}&dir=next`)
      ).json() as DataAccessPage;
      expect(page2.rows).toHaveLength(2);
      expect(page2.nextCursor).toBeNull();
      // The oldest: the case's data, with its number.
      expect(page2.rows[1]).toMatchObject({ que: 'caso', caso: c.caso, caseId: c.id, usuario: reader.user.id });
      const back = (
        await accesses(c.clientId, admin().cookie, `?cursor=${page2.prevCursor}&dir=prev`)
      ).json() as DataAccessPage;
      expect(back.rows.map((r) => r.id)).toEqual(page1.rows.map((r) => r.id));
      // Another client's log holds none of these.
      expect((await accesses((await createClient(s.ctx)).id, admin().cookie)).json().rows).toEqual([]);
      // A page size the lists do not offer, a forged cursor: 400 in Spanish.
      expect((await accesses(c.clientId, admin().cookie, '?limit=7')).statusCode).toBe(400);
      expect((await accesses(c.clientId, admin().cookie, '?cursor=nada')).json().message).toBe(MSG.cursorNoValido);
    });
  });
});
