import { z } from 'zod';
import { COLOMBIA_BOUNDS, LUGAR_ORIGENES } from '../constants.js';
import { MSG } from '../messages.js';
import { EARTH_RADIUS_KM } from './client-entry.js';

/** Spec 1 §9, spec 2 §9: the case map's zoom and the info window's widest. */
export const MAP_ZOOM = 15;
export const MAP_INFO_MAX_WIDTH = 300;
/** Spec 1 §9: "Default map address when none: a street in Santa Ana, Magdalena". */
export const MAP_DEFAULT_PLACE = {
  direccion: 'Calle 10 # 5-20, Santa Ana, Magdalena',
  lat: 9.3228,
  lng: -74.5704,
} as const;
/** A position older than this is drawn as stale ('hace N min'), never as live. */
export const POSITION_STALE_MS = 2 * 60_000;
/** Arrival times are computed again at most this often per case (the agents move every 4 s). */
export const ARRIVAL_TIMES_MIN_INTERVAL_MS = 60_000;

const point = z.object({ lat: z.number(), lng: z.number() });

/** A person on the map: the client, the assigned lawyer or investigator. */
export const mapPersonResponse = z.object({
  rol: z.enum(['cliente', 'abogado', 'investigador']),
  id: z.string().nullable(),
  nombre: z.string(),
  /** Their last position; null when it is not known. */
  posicion: point.nullable(),
  /** When that position was reported (ISO), null for the accident's own coordinates. */
  actualizado: z.string().nullable(),
  /** The device shares its location (usuarios.gps); false: location off. */
  gps: z.boolean(),
  /** The client's marker is the accident's place when the client has not entered the case. */
  esLugarDelCaso: z.boolean(),
});
export type MapPerson = z.infer<typeof mapPersonResponse>;

/** A driving leg and its time, from the maps adapter; `estimado`: a straight-line estimate, labelled so. */
export const mapLegResponse = z.object({
  distanciaM: z.number(),
  duracionS: z.number(),
  estimado: z.boolean(),
});

/**
 * GET /api/casos/{id}/mapa: the case map (spec 2 §2 "Case map", D24). `destino` is where the team
 * goes — the case's place — or null while it has none (never the spec's default address); `lugar`
 * says where that place came from, and whether the typed address could not be found. The route is
 * the investigator's road there; the times are saved on the case (tiempo_llegada_investigador,
 * tiempo_llegada_abogado). Without a place nothing is computed.
 */
export const caseMapResponse = z.object({
  caso: z.number(),
  destino: point.extend({ direccion: z.string() }).nullable(),
  /** The case city's centre: where the map opens when nobody and nothing is placed yet. */
  centro: point,
  lugar: z.object({
    origen: z.enum(LUGAR_ORIGENES).nullable(),
    /** Who dropped the pin ('personal'). */
    por: z.string().nullable(),
    /** The last geocoding of the typed address found nothing. */
    direccionNoUbicada: z.boolean(),
    /** The typed address (what a failed geocoding could not find). */
    direccion: z.string(),
  }),
  personas: z.array(mapPersonResponse),
  ruta: z
    .object({ puntos: z.array(point) })
    .extend(mapLegResponse.shape)
    .nullable(),
  tiempos: z.object({ investigador: mapLegResponse.nullable(), abogado: mapLegResponse.nullable() }),
  /** Which provider answered (google, osrm) or 'estimate'. */
  proveedor: z.string(),
  llegada: z.object({ marcada: z.boolean(), fecha: z.string().nullable() }),
  acciones: z.object({
    /** 'Marcar llegada' is offered; `motivoLlegada` says why it cannot be done yet (no place). */
    marcarLlegada: z.boolean(),
    motivoLlegada: z.string().nullable(),
    /** Drop or move the case's pin. */
    marcarLugar: z.boolean(),
    /** 'Navegar': the case's own agents. */
    navegar: z.boolean(),
  }),
  /** The map's tiles and their attribution (MAP_TILE_URL). */
  teselas: z.object({ url: z.string(), atribucion: z.string() }),
  /** Live topics of the people shown (their positions move on them). */
  topics: z.array(z.string()),
});
export type CaseMap = z.infer<typeof caseMapResponse>;

/** GET /api/casos/{id}/mapa/direccion?lat=&lng=: the reverse-geocoded address of an info window. */
export const mapAddressQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
export const mapAddressResponse = z.object({ direccion: z.string().nullable() });

/** PUT /api/casos/{id}/lugar: a staff member drops or moves the case's pin (inside Colombia). */
export const casePlaceSchema = z.strictObject({
  lat: z
    .number({ error: MSG.coordenadaNoValida })
    .min(COLOMBIA_BOUNDS.minLat, MSG.lugarFueraDeColombia)
    .max(COLOMBIA_BOUNDS.maxLat, MSG.lugarFueraDeColombia),
  lng: z
    .number({ error: MSG.coordenadaNoValida })
    .min(COLOMBIA_BOUNDS.minLng, MSG.lugarFueraDeColombia)
    .max(COLOMBIA_BOUNDS.maxLng, MSG.lugarFueraDeColombia),
});

/** POST /api/casos/{id}/llegada: the investigator arrived. */
export const arrivalResponse = z.object({ message: z.string(), fecha: z.string() });

/** The great-circle distance in metres between two points (the earth's radius of spec 2 §9). */
export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const R = EARTH_RADIUS_KM * 1000;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}
