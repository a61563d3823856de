import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CARGOS, MAP_DEFAULT_PLACE, MSG, caseMapResponse, type Cargo, type CaseMap } from '@vialex/domain';
import { casos, notificaciones, trazabilidad, ubicacionesVigiladas, usuarios } from '../src/db/schema/index.js';
import { forgetComputedRoutes, legText } from '../src/modules/case-map/service.js';
import { openLiveSocket } from './live-socket.js';
import { startTestServer, type TestServer } from './helper.js';
import { signInEveryCargo } from './factories.js';
import { caseBody, staffedCase } from './case-factories.js';

/**
 * The case map over the API (spec 2 §2 "Case map", §4 "Arrival"): who sees it, the people, the
 * route and arrival times through the maps adapter (the local fake of Google's wire format, and
 * the estimate when it fails), the live positions, the arrival, the geocoding of Cronos cases.
 */
let s: TestServer;
let base: string;
let viewers: Map<Cargo, { id: string; cookie: string }>;
beforeAll(async () => {
  s = await startTestServer({ CRONOS_API_KEY: 'cronos-secret', LIVE_PING_MS: '0', MAPS_TIMEOUT_MS: '300' });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
  viewers = await signInEveryCargo(s.ctx, s.app);
});
afterAll(async () => s?.close());
beforeEach(() => {
  forgetComputedRoutes();
  s.mapsFake!.mode = 'ok';
});

const h = (cargo: Cargo) => ({ cookie: viewers.get(cargo)!.cookie });
const id = (cargo: Cargo) => viewers.get(cargo)!.id;
const accident = { lat: 4.6865, lng: -74.0469 };
const place = (cargo: Cargo, lat: number, long: number) =>
  s.app.inject({ method: 'PUT', url: '/api/me/location', headers: h(cargo), payload: { lat, long } });

const teamCase = (values: Partial<typeof casos.$inferInsert> = { ...accident, lugar_origen: 'direccion' }) =>
  staffedCase(s, viewers, ['Abogado', 'Investigador', 'Call Center', 'Perito'], { solicitud_perito: true, ...values });
const map = (caseId: string, who: Cargo) =>
  s.app.inject({ method: 'GET', url: `/api/casos/${caseId}/mapa`, headers: h(who) });

describe('who sees the map', () => {
  it('every cargo that sees the mapa tab; not Perito and Coordinador Perito', async () => {
    const c = await teamCase();
    const answers = Object.fromEntries(
      await Promise.all(CARGOS.map(async (cargo) => [cargo, (await map(c.id, cargo)).statusCode] as const)),
    );
    expect(answers).toEqual({
      ...Object.fromEntries(CARGOS.map((k) => [k, 200])),
      Perito: 403,
      'Coordinador Perito': 403,
      // Not theirs to manage (spec 2 §6), and out of the Dibujante's list (no draftsperson asked for).
      'Abogado CAIT': 403,
      Dibujante: 404,
    });
  });
});

describe('the people, the route, the times', () => {
  it('the client at the case, both agents at their positions, the route and both times, saved on the case', async () => {
    const c = await teamCase();
    await place('Investigador', 4.6575, -74.0557);
    await place('Abogado', 4.6097, -74.0817);
    const body = caseMapResponse.parse((await map(c.id, 'Coordinador Contact Center')).json());
    expect(body.destino).toMatchObject(accident);
    expect(body.lugar).toMatchObject({ origen: 'direccion', por: null, direccionNoUbicada: false });
    expect(body.personas.map((p) => [p.rol, !!p.posicion])).toEqual([
      ['cliente', true],
      ['abogado', true],
      ['investigador', true],
    ]);
    expect(body.proveedor).toBe('google');
    expect(body.ruta).toMatchObject({ estimado: false });
    expect(body.ruta!.puntos.at(-1)).toEqual(accident);
    expect(body.tiempos.investigador!.duracionS).toBeLessThan(body.tiempos.abogado!.duracionS);
    expect(body.topics).toEqual([`ubicacion:${id('Investigador')}`, `ubicacion:${id('Abogado')}`]);
    const [row] = await s.ctx.db.select().from(casos).where(eq(casos.id, c.id));
    expect(row.tiempo_llegada_investigador).toMatch(/^(\d+ h )?\d+ min \((\d{1,3}(\.\d{3})*,\d km|\d+ m)\)$/);
    expect(row.tiempo_llegada_abogado).toMatch(/ min /);
  });

  it("the time the case keeps is the map's words: hours past an hour, metres below a kilometre, an estimate said so", () => {
    expect(legText({ duracionS: 3900, distanciaM: 52_340, estimado: false })).toBe('1 h 5 min (52,3 km)');
    expect(legText({ duracionS: 90, distanciaM: 850, estimado: true })).toBe('2 min (850 m) aprox.');
    expect(legText(null)).toBeNull();
  });

  it('an agent whose position appears gets the route at once; a move waits for the minute', async () => {
    const c = await teamCase();
    await s.ctx.db
      .update(usuarios)
      .set({ lat: null, long: null })
      .where(eq(usuarios.id, id('Investigador')));
    expect(((await map(c.id, 'Administrador')).json() as CaseMap).ruta).toBeNull();
    await place('Investigador', 4.6575, -74.0557);
    const first = (await map(c.id, 'Administrador')).json() as CaseMap;
    expect(first.ruta).not.toBeNull();
    await place('Investigador', 4.6, -74.1);
    // Moved within the minute: the same route and times (the provider is not asked again).
    expect(((await map(c.id, 'Administrador')).json() as CaseMap).tiempos).toEqual(first.tiempos);
  });

  it('a failing provider: the labelled estimate, the map still answers', async () => {
    const c = await teamCase();
    await place('Investigador', 4.6575, -74.0557);
    s.mapsFake!.mode = 'down';
    const body = (await map(c.id, 'Administrador')).json() as CaseMap;
    expect(body.ruta).toMatchObject({ estimado: true });
    expect(body.tiempos.investigador).toMatchObject({ estimado: true });
  });

  it('no place: no destination (never the default address), and no distance computed (spec 2 §8, D24)', async () => {
    const c = await teamCase({ lat: null, lng: null, lugar_origen: null });
    await place('Investigador', 4.6575, -74.0557);
    const body = (await map(c.id, 'Administrador')).json() as CaseMap;
    expect(body.destino).toBeNull();
    expect(JSON.stringify(body)).not.toContain(MAP_DEFAULT_PLACE.direccion);
    expect(body.ruta).toBeNull();
    expect(body.tiempos).toEqual({ investigador: null, abogado: null });
    // The client's map never offers what only staff do.
    expect(body.acciones.marcarLugar).toBe(true);
  });

  it('an agent with location off has no position and says so', async () => {
    const c = await teamCase();
    await place('Abogado', 4.6097, -74.0817);
    await s.app.inject({ method: 'PUT', url: '/api/me/gps', headers: h('Abogado'), payload: { gps: false } });
    const body = (await map(c.id, 'Administrador')).json() as CaseMap;
    expect(body.personas.find((p) => p.rol === 'abogado')).toMatchObject({ gps: false, posicion: null });
    await s.app.inject({ method: 'PUT', url: '/api/me/gps', headers: h('Abogado'), payload: { gps: true } });
  });

  it('the info window address: a point of the map, not any point', async () => {
    const c = await teamCase();
    const near = await s.app.inject({
      method: 'GET',
      url: `/api/casos/${c.id}/mapa/direccion?lat=${accident.lat}&lng=${accident.lng}`,
      headers: h('Administrador'),
    });
    expect(near.json().direccion).toContain('4.6865');
    const far = await s.app.inject({
      method: 'GET',
      url: `/api/casos/${c.id}/mapa/direccion?lat=10&lng=-70`,
      headers: h('Administrador'),
    });
    expect(far.statusCode).toBe(400);
  });
});

describe('arrival (spec 2 §4)', () => {
  const arrive = (caseId: string, who: Cargo) =>
    s.app.inject({ method: 'POST', url: `/api/casos/${caseId}/llegada`, headers: h(who) });

  it("only the case's investigator, once; the notice and the history entry", async () => {
    const c = await teamCase();
    expect(((await map(c.id, 'Investigador')).json() as CaseMap).acciones.marcarLlegada).toBe(true);
    for (const cargo of CARGOS.filter((k) => k !== 'Investigador')) {
      const res = await arrive(c.id, cargo);
      expect([403, 404], cargo).toContain(res.statusCode);
    }
    const [first, second] = await Promise.all([arrive(c.id, 'Investigador'), arrive(c.id, 'Investigador')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const ok = first.statusCode === 200 ? first : second;
    expect(ok.json().message).toBe('Llegada registrada');
    const after = (await map(c.id, 'Investigador')).json() as CaseMap;
    expect(after.llegada.marcada).toBe(true);
    expect(after.acciones.marcarLlegada).toBe(false);
    const frame = await s.app.inject({ method: 'GET', url: `/api/casos/${c.id}/espacio`, headers: h('Administrador') });
    expect(frame.json().llegada).toBe(after.llegada.fecha);
    const notices = await s.ctx.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.uidcaso, c.id), eq(notificaciones.momento, MSG.avisoLlegada)));
    expect(notices).toHaveLength(1);
    expect(notices[0].destinatarios).toEqual(
      expect.arrayContaining([id('Administrador'), id('Abogado'), id('Call Center')]),
    );
    expect(notices[0].destinatarios).not.toContain(id('Investigador'));
    const history = await s.ctx.db.select().from(trazabilidad).where(eq(trazabilidad.uidcaso, c.id));
    expect(history.map((e) => e.descripcion)).toContain(MSG.trazaLlegada);
  });

  it('not on an archived case, not on a case of another investigator', async () => {
    const archived = await teamCase({ ...accident, archivado: true });
    expect((await arrive(archived.id, 'Investigador')).json().message).toBe(MSG.casoArchivadoNoEditable);
    const other = await teamCase({ ...accident, uidinvestigador: null });
    expect((await arrive(other.id, 'Investigador')).statusCode).toBe(404);
  });
});

describe('positions, live, only while a map follows them', () => {
  const connect = (who: Cargo) => openLiveSocket(base, h(who));
  const watchers = async (userId: string) =>
    (await s.ctx.db.select().from(ubicacionesVigiladas).where(eq(ubicacionesVigiladas.usuario, userId)))[0]?.mapas ?? 0;

  it("a map follows the case's agents; the position arrives; leaving stops the announcements", async () => {
    await teamCase();
    const topic = `ubicacion:${id('Investigador')}`;
    const coordinator = await connect('Coordinador Contact Center');
    const perito = await connect('Perito');
    try {
      perito.ws.send(JSON.stringify({ action: 'subscribe', topic }));
      coordinator.ws.send(JSON.stringify({ action: 'subscribe', topic }));
      await coordinator.next((m) => m.type === 'subscribed' && m.topic === topic);
      expect(await watchers(id('Investigador'))).toBe(1);
      expect((await place('Investigador', 4.66, -74.05)).statusCode).toBe(204);
      const event = await coordinator.next((m) => m.type === 'event' && m.event.name === 'location.changed');
      expect(event).toMatchObject({ topic, event: { id: id('Investigador'), lat: 4.66, lng: -74.05, gps: true } });
      expect(perito.messages.some((m) => m.type === 'subscribed')).toBe(false);
    } finally {
      coordinator.ws.close();
      perito.ws.close();
    }
    await expect.poll(() => watchers(id('Investigador'))).toBe(0);
  });
});

describe('a Cronos case without coordinates is placed from its address', () => {
  const cronos = async (direccion: string, city = {}) => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/cronos/casos',
      headers: { 'x-api-key': 'cronos-secret' },
      payload: await caseBody(s.ctx, { direccion_siniestro: direccion, ...city }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const coordinates = async (caseId: string) => {
    const [row] = await s.ctx.db.select({ lat: casos.lat, lng: casos.lng }).from(casos).where(eq(casos.id, caseId));
    return row;
  };

  it('a known address gets its coordinates; an unknown one stays without, and the creation is unaffected', async () => {
    const found = await cronos('Calle 100 # 15-20');
    await expect.poll(() => coordinates(found)).toEqual({ lat: 4.6865, lng: -74.0469 });
    const callsBefore = s.mapsFake!.calls.filter((c) => c.endsWith('geocode/json')).length;
    // Chía (Cundinamarca): a town the fake does not know either.
    const unknown = await cronos('Vereda El Silencio', { departamento: '25', uidciudad: '25175' });
    await expect.poll(() => s.mapsFake!.calls.filter((c) => c.endsWith('geocode/json')).length).toBe(callsBefore + 1);
    expect(await coordinates(unknown)).toEqual({ lat: null, lng: null });
  });
});
