import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAP_DEFAULT_PLACE, MSG, caseMapResponse, topics, type Cargo, type CaseMap } from '@vialex/domain';
import { casos, trazabilidad } from '../src/db/schema/index.js';
import { issueClientLink } from '../src/modules/client-links/service.js';
import { placesSettled } from '../src/modules/cases/place.js';
import { startTestServer, type TestServer } from './helper.js';
import { signInEveryCargo } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';
import { openLiveSocket } from './live-socket.js';

/**
 * Where a case is (D24): the typed address geocoded at creation and on edit (the maps fake knows
 * the demo's addresses, in Google's wire format), the driver's position refining it at any open
 * status, a staff pin that nothing overwrites, and an arrival refused while the case has no place.
 */
let s: TestServer;
let base: string;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer({ LIVE_PING_MS: '0' });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => s?.close());

const h = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const id = (cargo: Cargo) => viewers.get(cargo)!.id;
const CALLE_100 = { lat: 4.6865, lng: -74.0469 };
const AUTOPISTA_SUR = { lat: 4.5962, lng: -74.1558 };

const newCase = async (overrides: Record<string, unknown> = {}) => {
  const c = await createCaseAs(s.app, h('Administrador').cookie, await caseBody(s.ctx, overrides));
  await s.ctx.db
    .update(casos)
    .set({ uidinvestigador: id('Investigador'), uidabogado: id('Abogado') })
    .where(eq(casos.id, c.id));
  return c as { id: string; caso: number };
};
const mapOf = async (caseId: string, cargo: Cargo = 'Administrador') => {
  const res = await s.app.inject({ method: 'GET', url: `/api/casos/${caseId}/mapa`, headers: h(cargo) });
  expect(res.statusCode, res.body).toBe(200);
  return caseMapResponse.strict().parse(res.json()) as CaseMap;
};
const pin = (caseId: string, cargo: Cargo, payload: unknown) =>
  s.app.inject({ method: 'PUT', url: `/api/casos/${caseId}/lugar`, headers: h(cargo), payload: payload as object });
const row = async (caseId: string) => (await s.ctx.db.select().from(casos).where(eq(casos.id, caseId)))[0];

describe('the typed address', () => {
  it('is geocoded at creation: a desk case has its destination, its source said', async () => {
    const c = await newCase();
    const map = await mapOf(c.id);
    expect(map.destino).toMatchObject(CALLE_100);
    expect(map.lugar).toMatchObject({ origen: 'direccion', por: null, direccionNoUbicada: false });
  });

  it('an address the provider does not find: no destination, the map says so and offers the pin', async () => {
    // Chía: a town the fake does not know, nor this street.
    const c = await newCase({ direccion_siniestro: 'Vereda El Silencio', departamento: '25', uidciudad: '25175' });
    const map = await mapOf(c.id);
    expect(map.destino).toBeNull();
    expect(map.lugar.direccionNoUbicada).toBe(true);
    expect(map.acciones.marcarLugar).toBe(true);
    expect(JSON.stringify(map)).not.toContain(MAP_DEFAULT_PLACE.direccion);
  });

  it('is geocoded again when the address is edited; a pinned place stays', async () => {
    const c = await newCase();
    const body = await caseBody(s.ctx, { direccion_siniestro: 'Autopista Sur # 68-40' });
    const res = await s.app.inject({
      method: 'PUT',
      url: `/api/casos/${c.id}`,
      headers: h('Administrador'),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    await placesSettled();
    expect((await mapOf(c.id)).destino).toMatchObject(AUTOPISTA_SUR);

    expect((await pin(c.id, 'Administrador', { lat: 4.7, lng: -74.05 })).statusCode).toBe(200);
    const again = await s.app.inject({
      method: 'PUT',
      url: `/api/casos/${c.id}`,
      headers: h('Administrador'),
      payload: await caseBody(s.ctx, { direccion_siniestro: 'Calle 100 # 15-20' }),
    });
    expect(again.statusCode).toBe(200);
    await placesSettled();
    expect((await mapOf(c.id)).destino).toMatchObject({ lat: 4.7, lng: -74.05 });
  });
});

describe('the pin', () => {
  it('whoever manages the case and sees its map drops it; recorded in the history and heard live', async () => {
    const c = await newCase({ direccion_siniestro: 'Vereda El Silencio', departamento: '25', uidciudad: '25175' });
    const coordinator = await openLiveSocket(base, h('Coordinador Contact Center'));
    await coordinator.next((m) => m.type === 'ready');
    coordinator.ws.send(JSON.stringify({ action: 'subscribe', topic: topics.list('casos') }));
    await coordinator.sync();
    try {
      const res = await pin(c.id, 'Investigador', { lat: 4.86, lng: -74.06 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(MSG.lugarMarcado);
      await coordinator.next((m) => m.type === 'event' && m.event.name === 'list.changed' && m.event.id === c.id);
    } finally {
      coordinator.ws.close();
    }
    const map = await mapOf(c.id);
    expect(map.destino).toMatchObject({ lat: 4.86, lng: -74.06 });
    expect(map.lugar).toMatchObject({ origen: 'personal', direccionNoUbicada: false });
    expect(map.lugar.por).toMatch(/^usuario prueba/i);
    const history = await s.ctx.db.select().from(trazabilidad).where(eq(trazabilidad.uidcaso, c.id));
    expect(history.map((e) => e.descripcion)).toContain(`Lugar del caso marcado en el mapa por ${map.lugar.por}`);
  });

  it('refused to who may not, and to bad points, changing nothing', async () => {
    const c = await newCase();
    const before = await row(c.id);
    // A Perito does not see the map; a Call Center agent does not manage a case that is not theirs.
    expect((await pin(c.id, 'Perito', { lat: 4.7, lng: -74 })).statusCode).toBe(404);
    expect((await pin(c.id, 'Call Center', { lat: 4.7, lng: -74 })).statusCode).toBe(404);
    for (const [payload, message] of [
      [{ lat: 40.4, lng: -3.7 }, MSG.lugarFueraDeColombia],
      [{ lat: 4.7, lng: -200 }, MSG.lugarFueraDeColombia],
      [{ lat: '4.7', lng: -74 }, MSG.coordenadaNoValida],
      [{ lat: 4.7 }, MSG.coordenadaNoValida],
      [{ lat: 4.7, lng: -74, extra: 1 }, undefined],
      [{ lat: 1e308, lng: -74 }, MSG.lugarFueraDeColombia],
    ] as const) {
      const res = await pin(c.id, 'Administrador', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.body).toContain(message);
    }
    await s.ctx.db.update(casos).set({ archivado: true }).where(eq(casos.id, c.id));
    const archived = await pin(c.id, 'Administrador', { lat: 4.7, lng: -74 });
    expect(archived.statusCode).toBe(400);
    expect(archived.json().message).toBe(MSG.casoArchivadoNoEditable);
    const after = await row(c.id);
    expect({ lat: after.lat, lng: after.lng, origen: after.lugar_origen }).toEqual({
      lat: before.lat,
      lng: before.lng,
      origen: before.lugar_origen,
    });
  });
});

describe("the driver's position", () => {
  const enter = async (caseId: string, at: { lat: number; lng: number }) => {
    const link = await issueClientLink(s.ctx, s.ctx.db, caseId, id('Administrador'));
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/cliente/entrada',
      payload: { token: link.token, ...at, autorizacion: s.ctx.config.privacy.version },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const DRIVER = { lat: 4.6901, lng: -74.0412 };

  it('refines a geocoded place at any open status', async () => {
    const c = await newCase();
    await s.ctx.db.update(casos).set({ estado: 'En atención' }).where(eq(casos.id, c.id));
    await enter(c.id, DRIVER);
    const map = await mapOf(c.id);
    expect(map.destino).toMatchObject(DRIVER);
    expect(map.lugar.origen).toBe('cliente');
  });

  it("never moves a staff pin, nor a closed case's place", async () => {
    const pinned = await newCase();
    expect((await pin(pinned.id, 'Administrador', { lat: 4.7, lng: -74.05 })).statusCode).toBe(200);
    await enter(pinned.id, DRIVER);
    expect((await mapOf(pinned.id)).destino).toMatchObject({ lat: 4.7, lng: -74.05 });

    const closed = await newCase();
    await s.ctx.db.update(casos).set({ estado: 'Conciliado' }).where(eq(casos.id, closed.id));
    await enter(closed.id, DRIVER);
    expect((await mapOf(closed.id)).destino).toMatchObject(CALLE_100);
  });
});

describe('arrival and navigation', () => {
  it("'Marcar llegada' is refused while the case has no place, and says why", async () => {
    const c = await newCase({ direccion_siniestro: 'Vereda El Silencio', departamento: '25', uidciudad: '25175' });
    const map = await mapOf(c.id, 'Investigador');
    expect(map.acciones).toMatchObject({ marcarLlegada: true, motivoLlegada: MSG.llegadaSinLugar, navegar: true });
    const res = await s.app.inject({ method: 'POST', url: `/api/casos/${c.id}/llegada`, headers: h('Investigador') });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CASE_WITHOUT_PLACE', message: MSG.llegadaSinLugar });
    expect((await row(c.id)).llegada).toBe(false);
    // Placed: the investigator may mark it.
    expect((await pin(c.id, 'Investigador', { lat: 4.86, lng: -74.06 })).statusCode).toBe(200);
    expect((await mapOf(c.id, 'Investigador')).acciones.motivoLlegada).toBeNull();
    const ok = await s.app.inject({ method: 'POST', url: `/api/casos/${c.id}/llegada`, headers: h('Investigador') });
    expect(ok.statusCode).toBe(200);
  });

  it("'Navegar' is the case's agents': not a coordinator's", async () => {
    const c = await newCase();
    expect((await mapOf(c.id, 'Investigador')).acciones.navegar).toBe(true);
    expect((await mapOf(c.id, 'Abogado')).acciones.navegar).toBe(true);
    expect((await mapOf(c.id, 'Coordinador Investigador')).acciones.navegar).toBe(false);
  });
});
