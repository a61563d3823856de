import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodePolyline, haversineM, type LatLng } from '../maps.js';

/**
 * A local stand-in for Google Maps Platform, OSRM and Nominatim, speaking each one's wire format
 * (integrations/maps.ts), for the tests and the demo. Roads are the straight line bent once
 * through a corner, at 30 km/h. Geocoding knows the addresses below and any text naming one of
 * `places`; the key must be FAKE_GOOGLE_KEY. `mode` makes every answer slow (10 s) or fail (500).
 */
export const FAKE_GOOGLE_KEY = 'fake-maps-key';

/** A few known places (their names as an address would carry them). */
const PLACES: Record<string, LatLng> = {
  'CALLE 100 # 15-20': { lat: 4.6865, lng: -74.0469 },
  'CARRERA 7 # 72-41': { lat: 4.6575, lng: -74.0557 },
  // The demo's and the browser tests' case addresses (Bogotá, Soacha, Chía).
  'CALLE 72 CON CARRERA 11': { lat: 4.6577, lng: -74.0592 },
  'AVENIDA BOYACÁ # 80-15': { lat: 4.6903, lng: -74.0937 },
  'AUTOPISTA SUR # 68-40': { lat: 4.5962, lng: -74.1558 },
  'AVENIDA PRADILLA # 9-20': { lat: 4.8619, lng: -74.0583 },
  'CALLE 26 # 68-10': { lat: 4.6486, lng: -74.1007 },
  'SANTA ANA': { lat: 9.3228, lng: -74.5704 },
  BOGOTÁ: { lat: 4.6097, lng: -74.0817 },
  MEDELLÍN: { lat: 6.2442, lng: -75.5812 },
  CALI: { lat: 3.4516, lng: -76.532 },
  BARRANQUILLA: { lat: 10.9685, lng: -74.7813 },
};

export interface FakeMaps {
  url: string;
  mode: 'ok' | 'slow' | 'down';
  /** The paths asked, newest last (tests read which provider was called). */
  calls: string[];
  close(): Promise<void>;
}

const SPEED_MS = 30_000 / 3600;

/** The fake's road: from → a corner (from's latitude, to's longitude) → to. */
const road = (from: LatLng, to: LatLng): LatLng[] => [from, { lat: from.lat, lng: to.lng }, to];
const roadLength = (from: LatLng, to: LatLng) =>
  haversineM(from, { lat: from.lat, lng: to.lng }) + haversineM({ lat: from.lat, lng: to.lng }, to);

function geocodeText(text: string): { point: LatLng; name: string } | undefined {
  const upper = text.toUpperCase();
  const key = Object.keys(PLACES).find((k) => upper.includes(k));
  return key ? { point: PLACES[key], name: `${key}, Colombia` } : undefined;
}

const parseLatLng = (s: string): LatLng => {
  const [lat, lng] = s.split(',').map(Number);
  return { lat, lng };
};
const parseLngLat = (s: string): LatLng => {
  const [lng, lat] = s.split(',').map(Number);
  return { lat, lng };
};

function answer(url: URL): { status: number; body: unknown } {
  const p = url.searchParams;
  const path = url.pathname;
  if (path.startsWith('/maps/api/')) {
    if (p.get('key') !== FAKE_GOOGLE_KEY)
      return { status: 200, body: { status: 'REQUEST_DENIED', routes: [], rows: [], results: [] } };
    if (path === '/maps/api/directions/json') {
      const from = parseLatLng(p.get('origin') ?? '');
      const to = parseLatLng(p.get('destination') ?? '');
      const m = Math.round(roadLength(from, to));
      return {
        status: 200,
        body: {
          status: 'OK',
          routes: [
            {
              overview_polyline: { points: encodePolyline(road(from, to)) },
              legs: [{ distance: { value: m }, duration: { value: Math.round(m / SPEED_MS) } }],
            },
          ],
        },
      };
    }
    if (path === '/maps/api/distancematrix/json') {
      const to = parseLatLng(p.get('destinations') ?? '');
      const rows = (p.get('origins') ?? '').split('|').map((o) => {
        const m = Math.round(roadLength(parseLatLng(o), to));
        return { elements: [{ status: 'OK', distance: { value: m }, duration: { value: Math.round(m / SPEED_MS) } }] };
      });
      return { status: 200, body: { status: 'OK', rows } };
    }
    if (path === '/maps/api/geocode/json') {
      if (p.get('latlng')) {
        const at = parseLatLng(p.get('latlng')!);
        return {
          status: 200,
          body: {
            status: 'OK',
            results: [{ formatted_address: `Cerca de ${at.lat.toFixed(4)}, ${at.lng.toFixed(4)}, Colombia` }],
          },
        };
      }
      const hit = geocodeText(p.get('address') ?? '');
      return hit
        ? {
            status: 200,
            body: { status: 'OK', results: [{ formatted_address: hit.name, geometry: { location: hit.point } }] },
          }
        : { status: 200, body: { status: 'ZERO_RESULTS', results: [] } };
    }
  }
  if (path.startsWith('/route/v1/driving/')) {
    const [from, to] = path.slice('/route/v1/driving/'.length).split(';').map(parseLngLat);
    const m = roadLength(from, to);
    return {
      status: 200,
      body: {
        code: 'Ok',
        routes: [
          {
            distance: m,
            duration: m / SPEED_MS,
            geometry: { type: 'LineString', coordinates: road(from, to).map((x) => [x.lng, x.lat]) },
          },
        ],
      },
    };
  }
  if (path.startsWith('/table/v1/driving/')) {
    const points = path.slice('/table/v1/driving/'.length).split(';').map(parseLngLat);
    const sources = (p.get('sources') ?? '').split(';').map(Number);
    const dest = points[Number(p.get('destinations'))];
    const distances = sources.map((i) => [roadLength(points[i], dest)]);
    return {
      status: 200,
      body: { code: 'Ok', distances, durations: distances.map(([m]) => [m / SPEED_MS]) },
    };
  }
  if (path === '/search') {
    const hit = geocodeText(p.get('q') ?? '');
    return {
      status: 200,
      body: hit ? [{ lat: String(hit.point.lat), lon: String(hit.point.lng), display_name: hit.name }] : [],
    };
  }
  if (path === '/reverse') {
    return {
      status: 200,
      body: {
        display_name: `Cerca de ${Number(p.get('lat')).toFixed(4)}, ${Number(p.get('lon')).toFixed(4)}, Colombia`,
      },
    };
  }
  return { status: 404, body: { error: 'not found' } };
}

export async function startFakeMaps(): Promise<FakeMaps> {
  const timers = new Set<NodeJS.Timeout>();
  const fake: FakeMaps = { url: '', mode: 'ok', calls: [], close: async () => undefined };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.calls.push(url.pathname);
    const send = () => {
      if (fake.mode === 'down') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
        return;
      }
      const { status, body } = answer(url);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (fake.mode === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, 10_000);
      timers.add(timer);
    } else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    for (const t of timers) clearTimeout(t);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
