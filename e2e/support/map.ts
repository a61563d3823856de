import zlib from 'node:zlib';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import type { CaseMap } from '@vialex/domain';
import { DEMO, expect } from './fixtures';
import type { AsUser } from './api';

/**
 * The case map's scene: a case with the demo lawyer and investigator assigned, their
 * positions set through their own sessions (PUT /api/me/location, as their phones do every 4 s),
 * and the map's tiles answered locally (there is no internet here).
 */

export type Point = { lat: number; lng: number };

/** A point `dLat`, `dLng` degrees from another (0.004° is about 440 m). */
export const near = (p: Point, dLat: number, dLng: number): Point => ({ lat: p.lat + dLat, lng: p.lng + dLng });

/** The user's device reports a position (as the app does every 4 s). */
export async function placeAt(api: APIRequestContext, at: Point): Promise<void> {
  const res = await api.put('/api/me/location', { data: { lat: at.lat, long: at.lng } });
  expect(res.status(), await res.text()).toBe(204);
}

/** GET /api/casos/{id}/mapa in a session. */
export async function readMap(api: APIRequestContext, caseId: string): Promise<CaseMap> {
  const res = await api.get(`/api/casos/${caseId}/mapa`);
  expect(res.ok(), await res.text()).toBeTruthy();
  return res.json();
}

/** One 256×256 tile: a light ground with two "streets", so a screenshot reads as a map. */
function tilePng(): Buffer {
  const size = 256;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0; // no filter
    for (let x = 0; x < size; x++) {
      const street = (y >= 120 && y < 132) || (x >= 60 && x < 70);
      const [r, g, b] = street ? [255, 255, 255] : x % 64 < 2 || y % 64 < 2 ? [214, 222, 230] : [232, 238, 243];
      raw.set([r, g, b], row + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
export const TILE_PNG = tilePng();

/**
 * Answers the map's tile requests (the tile URL template of the map, e.g.
 * https://tile.openstreetmap.org/{z}/{x}/{y}.png) with a local PNG; returns how many were asked.
 */
export async function answerTiles(target: Page | BrowserContext, template: string): Promise<() => number> {
  const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[a-z]+\}/g, '[^/]+')}$`);
  let served = 0;
  await target.route(pattern, (route) => {
    served++;
    return route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG });
  });
  return () => served;
}

/** Where the test cases' accident happened: Calle 100 # 15-20, Bogotá. */
export const ACCIDENT: Point = { lat: 4.6865, lng: -74.0469 };

/**
 * The call center adds a Bogotá case from Cronos with the accident's coordinates (the staff
 * dialog; a case from the own form is placed from its typed address once it is geocoded).
 */
export async function createLocatedCase(
  asUser: AsUser,
  placa: string,
  at = ACCIDENT,
): Promise<{ id: string; caso: number }> {
  return asUser(DEMO.callCenter, async (api) => {
    const [empresa] = await (await api.get('/api/lookups/empresas')).json();
    const res = await api.post('/api/casos/cronos', {
      data: {
        placa,
        relacion: 'Propietario',
        identificacion: 52367418,
        tipocaso: 'Atropello',
        uidempresa: empresa.id,
        departamento: '11',
        uidciudad: '11001',
        direccion_siniestro: 'Calle 100 # 15-20',
        verificacion: 'Ninguno',
        tipo_producto: 'Ninguno',
        lat: at.lat,
        lng: at.lng,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  });
}

export interface MapCase {
  id: string;
  caso: number;
  /** The ids of the demo investigator and lawyer, assigned to the case. */
  ids: { investigador: string; abogado: string };
  /** Where the team goes, and the tiles, as the server says. */
  map: CaseMap;
}

/**
 * A case with the demo Investigador and Abogado assigned (only agents at work are offered, so
 * both sign in through the API), each placed where `at` says (their phones' report), and then its
 * map read once: the server computes the route and times on the first read and keeps them for
 * ARRIVAL_TIMES_MIN_INTERVAL_MS, so the agents are placed before. The two sessions are returned
 * to move them; sign the investigator's out before signing them in a browser.
 */
export async function mapCase(
  asUser: AsUser,
  apiAs: (email: string) => Promise<APIRequestContext>,
  placa: string,
  at: { investigador: Point; abogado: Point },
): Promise<MapCase & { lawyer: APIRequestContext; investigator: APIRequestContext }> {
  const c = await createLocatedCase(asUser, placa);
  const investigator = await apiAs(DEMO.investigador);
  const lawyer = await apiAs(DEMO.abogado);
  const idOf = async (api: APIRequestContext) => ((await (await api.get('/api/auth/me')).json()) as { id: string }).id;
  const ids = { investigador: await idOf(investigator), abogado: await idOf(lawyer) };
  await placeAt(investigator, at.investigador);
  await placeAt(lawyer, at.abogado);
  const map = await asUser(DEMO.administrador, async (api) => {
    for (const [tipo, usuario] of [
      ['Investigador', ids.investigador],
      ['Abogado', ids.abogado],
    ] as const) {
      const res = await api.post(`/api/casos/${c.id}/asignar`, { data: { tipo, usuario } });
      expect(res.ok(), await res.text()).toBeTruthy();
    }
    const map = await readMap(api, c.id);
    expect(map.destino).toMatchObject(ACCIDENT);
    return map;
  });
  return { ...c, ids, map, lawyer, investigator };
}
