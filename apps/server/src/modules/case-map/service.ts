import { eq, inArray } from 'drizzle-orm';
import {
  ARRIVAL_TIMES_MIN_INTERVAL_MS,
  LUGAR_ORIGENES,
  MSG,
  isCaseAgent,
  isOffered,
  mayMarkArrival,
  mayPlaceCase,
  type LugarOrigen,
  topics,
  type CaseMap,
  type MapPerson,
  tripText,
} from '@vialex/domain';
import { ciudades, clientes, usuarios } from '../../db/schema/index.js';
import type { LatLng, Leg, Route } from '../../integrations/maps.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { saveArrivalTimes } from '../cases/arrival-service.js';
import type { CaseRow } from '../cases/dispatch.js';
import { loadCaseRowForTab } from '../cases/workspace-queries.js';
import { mapsOf } from '../../platform/maps.js';
import { findCaseRow } from '../cases/queries.js';

/*
 * The case map (spec 2 §2 "Case map"): the client (the case's place), the assigned lawyer and
 * investigator at their last positions, the investigator's driving route to the case and both
 * arrival times, saved on the case. Routes and times are asked of the maps provider at most once
 * per ARRIVAL_TIMES_MIN_INTERVAL_MS per case (every map open on the case shares the answer), so
 * agents moving every 4 s do not turn into provider calls.
 */

interface Computed {
  at: number;
  key: string;
  known: string;
  ruta: Route | null;
  investigador: Leg | null;
  abogado: Leg | null;
}
/** Per process: the last computation of each case's route and times. */
const computed = new Map<string, Computed>();
const COMPUTED_MAX = 5_000;

const pointOf = (lat: number | null, lng: number | null): LatLng | null =>
  lat === null || lng === null ? null : { lat, lng };

/** Agents' positions rounded to ~100 m: moving less than that does not change the times. */
const keyOf = (...points: (LatLng | null)[]) =>
  points.map((p) => (p ? `${p.lat.toFixed(3)},${p.lng.toFixed(3)}` : '-')).join(';');

/** '12 min (4,3 km)', as the case keeps an arrival time: the words of the map's times. */
export function legText(leg: Leg | null): string | null {
  if (!leg) return null;
  return `${tripText(leg)}${leg.estimado ? ' aprox.' : ''}`;
}

async function routeAndTimes(
  ctx: AppContext,
  c: CaseRow,
  to: LatLng,
  investigador: LatLng | null,
  abogado: LatLng | null,
): Promise<Computed> {
  const key = keyOf(to, investigador, abogado);
  // Who has a position: an agent appearing (or gone) is worth computing at once, a move is not.
  const known = `${!!investigador}${!!abogado}`;
  const last = computed.get(c.id);
  if (last && (last.key === key || (last.known === known && Date.now() - last.at < ARRIVAL_TIMES_MIN_INTERVAL_MS)))
    return last;
  const maps = mapsOf(ctx);
  const origins = [investigador, abogado].filter((p): p is LatLng => !!p);
  const [ruta, legs] = await Promise.all([
    investigador ? maps.route(investigador, to) : Promise.resolve(null),
    maps.legs(origins, to),
  ]);
  const result: Computed = {
    at: Date.now(),
    key,
    known,
    ruta,
    investigador: investigador ? legs[0] : null,
    abogado: abogado ? legs[investigador ? 1 : 0] : null,
  };
  if (computed.size >= COMPUTED_MAX) computed.delete(computed.keys().next().value!);
  computed.set(c.id, result);
  const texts = { investigador: legText(result.investigador), abogado: legText(result.abogado) };
  if (texts.investigador !== c.tiempo_llegada_investigador || texts.abogado !== c.tiempo_llegada_abogado)
    await saveArrivalTimes(ctx.db, c.id, texts);
  return result;
}

export async function loadCaseMap(ctx: AppContext, viewer: Viewer, caseId: string): Promise<CaseMap> {
  const c = await loadCaseRowForTab(ctx.db, viewer, caseId, 'mapa');
  const arrival = mayMarkArrival(viewer, c);
  return buildCaseMap(ctx, c, {
    marcarLlegada: isOffered(arrival),
    motivoLlegada: arrival.allowed ? null : arrival.message,
    marcarLugar: mayPlaceCase(viewer, c).allowed,
    navegar: isCaseAgent(viewer, c),
  });
}

/** The client's map of their case (the same people and times; nothing to mark, nowhere to drive). */
export async function loadClientMap(ctx: AppContext, caseId: string): Promise<CaseMap> {
  const c = await findCaseRow(ctx.db, caseId);
  if (!c) throw notFound(MSG.casoNoExiste);
  return buildCaseMap(ctx, c, { marcarLlegada: false, motivoLlegada: null, marcarLugar: false, navegar: false });
}

async function buildCaseMap(ctx: AppContext, c: CaseRow, acciones: CaseMap['acciones']): Promise<CaseMap> {
  const agentIds = [c.uidinvestigador, c.uidabogado].filter((x): x is string => !!x);
  const [agents, [client]] = await Promise.all([
    agentIds.length
      ? ctx.db
          .select({
            id: usuarios.id,
            nombres: usuarios.nombres,
            apellidos: usuarios.apellidos,
            lat: usuarios.lat,
            lng: usuarios.long,
            at: usuarios.ubicacion_fecha,
            gps: usuarios.gps,
          })
          .from(usuarios)
          .where(inArray(usuarios.id, agentIds))
      : Promise.resolve([]),
    ctx.db
      .select({ nombres: clientes.nombres, apellidos: clientes.apellidos })
      .from(clientes)
      .where(eq(clientes.id, c.uidconductor ?? c.uidcliente ?? '00000000-0000-0000-0000-000000000000')),
  ]);
  const place = pointOf(c.lat, c.lng);
  // D24: no place, no destination (the spec's default address is never one).
  const destino = place ? { ...place, direccion: c.direccion_siniestro || MSG.casoSinDireccion } : null;

  const person = (rol: 'abogado' | 'investigador', id: string | null): MapPerson | null => {
    const u = agents.find((a) => a.id === id);
    if (!u) return null;
    return {
      rol,
      id: u.id,
      nombre: `${u.nombres} ${u.apellidos}`.trim(),
      posicion: u.gps ? pointOf(u.lat, u.lng) : null,
      actualizado: u.at?.toISOString() ?? null,
      gps: u.gps,
      esLugarDelCaso: false,
    };
  };
  const investigador = person('investigador', c.uidinvestigador);
  const abogado = person('abogado', c.uidabogado);
  const cliente: MapPerson = {
    rol: 'cliente',
    id: null,
    nombre: client ? `${client.nombres} ${client.apellidos}`.trim() : MSG.clienteSinNombre,
    posicion: place,
    actualizado: null,
    gps: true,
    esLugarDelCaso: true,
  };

  // Spec 2 §8: without the case's coordinates no distance is computed.
  const times = place
    ? await routeAndTimes(ctx, c, place, investigador?.posicion ?? null, abogado?.posicion ?? null)
    : null;
  const maps = mapsOf(ctx);
  const [city] = c.uidciudad
    ? await ctx.db.select({ lat: ciudades.lat, lng: ciudades.lng }).from(ciudades).where(eq(ciudades.id, c.uidciudad))
    : [];
  const pinnedBy =
    c.lugar_origen === 'personal' && c.lugar_por
      ? (
          await ctx.db
            .select({ nombres: usuarios.nombres, apellidos: usuarios.apellidos })
            .from(usuarios)
            .where(eq(usuarios.id, c.lugar_por))
        )[0]
      : undefined;
  return {
    caso: c.caso,
    destino,
    centro: place ?? city ?? BOGOTA,
    lugar: {
      origen: isLugarOrigen(c.lugar_origen) ? c.lugar_origen : null,
      por: pinnedBy ? `${pinnedBy.nombres} ${pinnedBy.apellidos}`.trim() : null,
      direccionNoUbicada: c.direccion_no_ubicada,
      direccion: c.direccion_siniestro,
    },
    personas: [cliente, ...(abogado ? [abogado] : []), ...(investigador ? [investigador] : [])],
    ruta: times?.ruta ?? null,
    tiempos: { investigador: times?.investigador ?? null, abogado: times?.abogado ?? null },
    proveedor: maps.routing,
    llegada: { marcada: c.llegada, fecha: c.llegada_fecha?.toISOString() ?? null },
    acciones,
    teselas: { url: ctx.config.mapTileUrl, atribucion: ctx.config.mapTileAttribution },
    topics: agentIds.map((id) => topics.location(id)),
  };
}

/** Where a case of no known city opens (the service's home). */
const BOGOTA = { lat: 4.6097, lng: -74.0817 };

const isLugarOrigen = (v: string | null): v is LugarOrigen =>
  (LUGAR_ORIGENES as readonly (string | null)[]).includes(v);

/** How far (degrees, ~110 m) a point may be from one of the map's people to be reverse-geocoded. */
const NEAR = 0.001;

/**
 * The address of an info window (spec 2 §2: "Info window shows the reverse-geocoded address"),
 * only for a point of this case's map (the provider is not a free geocoder for any point).
 */
export async function mapAddress(ctx: AppContext, map: CaseMap, at: LatLng) {
  const points = [map.destino, ...map.personas.map((p) => p.posicion)].filter((p): p is LatLng => !!p);
  if (!points.some((p) => Math.abs(p.lat - at.lat) <= NEAR && Math.abs(p.lng - at.lng) <= NEAR))
    throw badRequest(MSG.coordenadaNoValida, [{ path: 'lat', message: MSG.coordenadaNoValida }]);
  return { direccion: (await mapsOf(ctx).reverse(at)) ?? null };
}

/** Tests start from a clean slate. */
export const forgetComputedRoutes = () => computed.clear();
