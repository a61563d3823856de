/**
 * The maps adapter (decisions.md D11): driving routes, arrival times and geocoding for the case
 * map (spec 2 §2 "Case map", §7 "Maps service").
 *
 *   Google Maps Platform when GOOGLE_MAPS_API_KEY is set (GOOGLE_MAPS_URL changes its base):
 *     GET {base}/maps/api/directions/json?origin=LAT,LNG&destination=LAT,LNG&mode=driving&key=K
 *       → { status: 'OK', routes: [{ overview_polyline: { points }, legs: [{ distance: { value }, duration: { value } }] }] }
 *     GET {base}/maps/api/distancematrix/json?origins=A|B&destinations=C&mode=driving&key=K
 *       → { status: 'OK', rows: [{ elements: [{ status: 'OK', distance: { value }, duration: { value } }] }] }
 *     GET {base}/maps/api/geocode/json?address=…&region=co&key=K | ?latlng=LAT,LNG&key=K
 *       → { status: 'OK', results: [{ formatted_address, geometry: { location: { lat, lng } } }] }
 *   OSRM (routes and times) when OSRM_URL is set:
 *     GET {base}/route/v1/driving/LNG,LAT;LNG,LAT?overview=full&geometries=geojson
 *       → { code: 'Ok', routes: [{ distance, duration, geometry: { coordinates: [[lng, lat], …] } }] }
 *     GET {base}/table/v1/driving/LNG,LAT;…?sources=0;1&destinations=2&annotations=duration,distance
 *       → { code: 'Ok', durations: [[s]], distances: [[m]] }
 *   Nominatim (geocoding) when NOMINATIM_URL is set:
 *     GET {base}/search?q=…&format=jsonv2&limit=1&countrycodes=co → [{ lat, lon, display_name }]
 *     GET {base}/reverse?lat=…&lon=…&format=jsonv2 → { display_name }
 *   Otherwise, and whenever a provider is slow (MAPS_TIMEOUT_MS) or fails: the straight line with a
 *   detour factor at an average urban speed, marked `estimado` so the screen says it is an estimate.
 *
 * The server calls only these configured hosts; no URL from a request is ever fetched.
 */
import { distanceMeters } from '@vialex/domain';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface Leg {
  distanciaM: number;
  duracionS: number;
  /** A straight-line estimate, not a provider's answer. */
  estimado: boolean;
}

export interface Route extends Leg {
  /** The road to draw, from origin to destination. */
  puntos: LatLng[];
}

export interface MapsConfig {
  googleKey?: string;
  googleUrl: string;
  osrmUrl?: string;
  nominatimUrl?: string;
  timeoutMs: number;
}

export interface MapsProvider {
  readonly routing: 'google' | 'osrm' | 'estimate';
  readonly geocoding: 'google' | 'nominatim' | 'none';
  route(from: LatLng, to: LatLng): Promise<Route>;
  /** Driving legs from each origin to one destination, in the origins' order. */
  legs(origins: LatLng[], to: LatLng): Promise<Leg[]>;
  geocode(address: string): Promise<LatLng | undefined>;
  reverse(point: LatLng): Promise<string | undefined>;
}

/** Urban driving: 25 km/h on average, 1.35 times the straight line (Colombian city grids and traffic). */
export const ESTIMATE = { speedKmh: 25, detour: 1.35 } as const;

/** The great-circle distance in metres (one formula for the server and the web: the domain's). */
export const haversineM = (a: LatLng, b: LatLng): number => distanceMeters(a, b);

export function estimateLeg(from: LatLng, to: LatLng): Leg {
  const distanciaM = Math.round(haversineM(from, to) * ESTIMATE.detour);
  return { distanciaM, duracionS: Math.round(distanciaM / ((ESTIMATE.speedKmh * 1000) / 3600)), estimado: true };
}

const estimateRoute = (from: LatLng, to: LatLng): Route => ({ ...estimateLeg(from, to), puntos: [from, to] });

/** Google's encoded polyline (precision 5) → points. */
export function decodePolyline(encoded: string): LatLng[] {
  const points: LatLng[] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = encoded.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    lat += next();
    lng += next();
    points.push({ lat: lat / 1e5, lng: lng / 1e5 });
  }
  return points;
}

/** Points → Google's encoded polyline (the fake answers in it). */
export function encodePolyline(points: LatLng[]): string {
  let out = '';
  let prevLat = 0;
  let prevLng = 0;
  const put = (value: number) => {
    let v = value < 0 ? ~(value << 1) : value << 1;
    while (v >= 0x20) {
      out += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
      v >>= 5;
    }
    out += String.fromCharCode(v + 63);
  };
  for (const p of points) {
    const lat = Math.round(p.lat * 1e5);
    const lng = Math.round(p.lng * 1e5);
    put(lat - prevLat);
    put(lng - prevLng);
    prevLat = lat;
    prevLng = lng;
  }
  return out;
}

const ll = (p: LatLng) => `${p.lat},${p.lng}`;
const lnglat = (p: LatLng) => `${p.lng},${p.lat}`;
const trim = (url: string) => url.replace(/\/+$/, '');

async function getJson(url: string, timeoutMs: number): Promise<unknown> {
  const res = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/json', 'user-agent': 'Vialex/1.0 (case map)' },
  });
  if (!res.ok) throw new Error(`maps provider answered ${res.status}`);
  return res.json();
}

type Failure = (provider: string, err: unknown) => void;

/** Builds the adapter from the configuration; `onFailure` hears each fallback (logged, never thrown). */
export function mapsProvider(config: MapsConfig, onFailure: Failure = () => undefined): MapsProvider {
  const { googleKey, osrmUrl, nominatimUrl, timeoutMs } = config;
  const google = googleKey ? trim(config.googleUrl) : undefined;
  const gUrl = (api: string, params: Record<string, string>) =>
    `${google}/maps/api/${api}/json?${new URLSearchParams({ ...params, key: googleKey! })}`;
  const guard = async <T>(provider: string, work: () => Promise<T>, fallback: () => T): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      onFailure(provider, err);
      return fallback();
    }
  };

  const route = async (from: LatLng, to: LatLng): Promise<Route> => {
    if (google)
      return guard(
        'google directions',
        async () => {
          const body = (await getJson(
            gUrl('directions', { origin: ll(from), destination: ll(to), mode: 'driving' }),
            timeoutMs,
          )) as {
            status: string;
            routes?: {
              overview_polyline: { points: string };
              legs: { distance: { value: number }; duration: { value: number } }[];
            }[];
          };
          const r = body.routes?.[0];
          if (body.status !== 'OK' || !r?.legs.length) throw new Error(`directions status ${body.status}`);
          return {
            distanciaM: r.legs.reduce((s, l) => s + l.distance.value, 0),
            duracionS: r.legs.reduce((s, l) => s + l.duration.value, 0),
            estimado: false,
            puntos: decodePolyline(r.overview_polyline.points),
          };
        },
        () => estimateRoute(from, to),
      );
    if (osrmUrl)
      return guard(
        'osrm route',
        async () => {
          const body = (await getJson(
            `${trim(osrmUrl)}/route/v1/driving/${lnglat(from)};${lnglat(to)}?overview=full&geometries=geojson`,
            timeoutMs,
          )) as {
            code: string;
            routes?: { distance: number; duration: number; geometry: { coordinates: [number, number][] } }[];
          };
          const r = body.routes?.[0];
          if (body.code !== 'Ok' || !r) throw new Error(`osrm code ${body.code}`);
          return {
            distanciaM: Math.round(r.distance),
            duracionS: Math.round(r.duration),
            estimado: false,
            puntos: r.geometry.coordinates.map(([lng, lat]) => ({ lat, lng })),
          };
        },
        () => estimateRoute(from, to),
      );
    return estimateRoute(from, to);
  };

  const legs = async (origins: LatLng[], to: LatLng): Promise<Leg[]> => {
    const estimates = () => origins.map((o) => estimateLeg(o, to));
    if (!origins.length) return [];
    if (google)
      return guard(
        'google distance matrix',
        async () => {
          const body = (await getJson(
            gUrl('distancematrix', { origins: origins.map(ll).join('|'), destinations: ll(to), mode: 'driving' }),
            timeoutMs,
          )) as {
            status: string;
            rows?: { elements: { status: string; distance?: { value: number }; duration?: { value: number } }[] }[];
          };
          if (body.status !== 'OK' || body.rows?.length !== origins.length)
            throw new Error(`matrix status ${body.status}`);
          return body.rows.map((row, i) => {
            const e = row.elements[0];
            return e?.status === 'OK' && e.distance && e.duration
              ? { distanciaM: e.distance.value, duracionS: e.duration.value, estimado: false }
              : estimateLeg(origins[i], to);
          });
        },
        estimates,
      );
    if (osrmUrl)
      return guard(
        'osrm table',
        async () => {
          const coords = [...origins, to].map(lnglat).join(';');
          const sources = origins.map((_, i) => i).join(';');
          const body = (await getJson(
            `${trim(osrmUrl)}/table/v1/driving/${coords}?sources=${sources}&destinations=${origins.length}&annotations=duration,distance`,
            timeoutMs,
          )) as { code: string; durations?: (number | null)[][]; distances?: (number | null)[][] };
          if (body.code !== 'Ok' || !body.durations || !body.distances) throw new Error(`osrm code ${body.code}`);
          return origins.map((o, i) => {
            const d = body.durations![i]?.[0];
            const m = body.distances![i]?.[0];
            return typeof d === 'number' && typeof m === 'number'
              ? { distanciaM: Math.round(m), duracionS: Math.round(d), estimado: false }
              : estimateLeg(o, to);
          });
        },
        estimates,
      );
    return estimates();
  };

  const geocode = async (address: string): Promise<LatLng | undefined> => {
    if (google)
      return guard(
        'google geocoding',
        async () => {
          const body = (await getJson(gUrl('geocode', { address, region: 'co' }), timeoutMs)) as {
            status: string;
            results?: { geometry: { location: LatLng } }[];
          };
          return body.status === 'OK' ? body.results?.[0]?.geometry.location : undefined;
        },
        () => undefined,
      );
    if (nominatimUrl)
      return guard(
        'nominatim search',
        async () => {
          const params = new URLSearchParams({ q: address, format: 'jsonv2', limit: '1', countrycodes: 'co' });
          const body = (await getJson(`${trim(nominatimUrl)}/search?${params}`, timeoutMs)) as {
            lat: string;
            lon: string;
          }[];
          const hit = body[0];
          return hit ? { lat: Number(hit.lat), lng: Number(hit.lon) } : undefined;
        },
        () => undefined,
      );
    return undefined;
  };

  const reverse = async (point: LatLng): Promise<string | undefined> => {
    if (google)
      return guard(
        'google reverse geocoding',
        async () => {
          const body = (await getJson(gUrl('geocode', { latlng: ll(point) }), timeoutMs)) as {
            status: string;
            results?: { formatted_address: string }[];
          };
          return body.status === 'OK' ? body.results?.[0]?.formatted_address : undefined;
        },
        () => undefined,
      );
    if (nominatimUrl)
      return guard(
        'nominatim reverse',
        async () => {
          const params = new URLSearchParams({ lat: String(point.lat), lon: String(point.lng), format: 'jsonv2' });
          const body = (await getJson(`${trim(nominatimUrl)}/reverse?${params}`, timeoutMs)) as {
            display_name?: string;
          };
          return body.display_name;
        },
        () => undefined,
      );
    return undefined;
  };

  return {
    routing: google ? 'google' : osrmUrl ? 'osrm' : 'estimate',
    geocoding: google ? 'google' : nominatimUrl ? 'nominatim' : 'none',
    route,
    legs,
    geocode,
    reverse,
  };
}
