import {
  ARRIVAL_TIMES_MIN_INTERVAL_MS,
  LABELS,
  POSITION_STALE_MS,
  dayText,
  distanceText,
  durationText,
  fmt,
  hourText,
  type CaseMap,
  type MapPerson,
} from '@vialex/domain';

/**
 * The case map's pure pieces: what a person's marker says (live, stale, location off,
 * no position), the times panel's words, the live positions merged over the
 * server's answer, and how long to wait before the arrival times are read again.
 */

const T = LABELS.mapa;
export type Rol = MapPerson['rol'];
type Leg = NonNullable<CaseMap['tiempos']['investigador']>;

/**
 * How a person is drawn: `live` (a recent position), `stale` (older than POSITION_STALE_MS, or of
 * an unknown time: greyed and dashed, never as live), `off` (the device's location is off; the
 * last position, if any, greyed), `none` (no position: listed below the map only), `place` (the
 * client's marker is the accident's own place, which has no age).
 */
export type MarkerState = 'live' | 'stale' | 'off' | 'none' | 'place';

export interface MarkerModel {
  rol: Rol;
  /** The person's id (null: the accident's place of a client without an account position). */
  id: string | null;
  nombre: string;
  /** The role's word, or 'Lugar del accidente' for the client's marker at the accident's place. */
  etiqueta: string;
  state: MarkerState;
  posicion: { lat: number; lng: number } | null;
  /** What the marker and the list say of the position: 'En vivo · hace 2 min', 'Sin ubicación'… */
  estado: string;
  /** 'hace N min' of the position, when its time is known. */
  edad: string | null;
}

/** 'hace menos de 1 min', 'hace 5 min', 'hace 2 h 10 min', 'hace 3 d'. */
export function ageText(fromIso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(fromIso)) / 60_000));
  if (minutes < 1) return T.haceMenosDeUnMin;
  if (minutes < 60) return fmt(T.haceMin, { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return fmt(T.haceHoras, { h: hours, m: minutes % 60 });
  return fmt(T.haceDias, { d: Math.floor(hours / 24) });
}

/** Older than POSITION_STALE_MS (or of no known time): drawn as stale. */
export function isStale(actualizado: string | null, now: number): boolean {
  if (!actualizado) return true;
  const at = Date.parse(actualizado);
  return Number.isNaN(at) || now - at > POSITION_STALE_MS;
}

/** The marker of one person at `now`. */
export function markerModel(p: MapPerson, now: number): MarkerModel {
  const etiqueta = p.rol === 'cliente' && p.esLugarDelCaso ? T.lugarDelCaso : T.roles[p.rol];
  const edad = p.actualizado ? ageText(p.actualizado, now) : null;
  const base = { rol: p.rol, id: p.id, nombre: p.nombre, etiqueta, posicion: p.posicion, edad };
  if (p.rol === 'cliente' && p.esLugarDelCaso && p.posicion) return { ...base, state: 'place', estado: T.destino };
  if (!p.gps)
    return {
      ...base,
      state: 'off',
      estado: p.posicion && edad ? `${T.ubicacionDesactivada} · ${edad}` : T.ubicacionDesactivada,
    };
  if (!p.posicion) return { ...base, state: 'none', estado: T.sinUbicacion };
  if (isStale(p.actualizado, now))
    return { ...base, state: 'stale', estado: `${T.posicionAntigua} · ${edad ?? T.sinHora}` };
  return { ...base, state: 'live', estado: `${T.enVivo} · ${edad}` };
}

/**
 * 'Investigador: 12 min (4,3 km)', or why there is no time: nobody holds the role ('Sin
 * asignar'), the case has no place, or the agent has no position.
 */
export function legText(
  rol: 'investigador' | 'abogado',
  leg: Leg | null,
  { sinLugar = false, asignado = true }: { sinLugar?: boolean; asignado?: boolean } = {},
): string {
  const name = T.roles[rol];
  if (!asignado) return fmt(T.sinTiempoSinAsignar, { rol: name });
  if (!leg) return fmt(sinLugar ? T.sinTiempoCaso : T.sinTiempo, { rol: name });
  return fmt(T.tiempo, { rol: name, duracion: durationText(leg.duracionS), distancia: distanceText(leg.distanciaM) });
}

/** Where the case's place came from, as the panel says it; null while it has none. */
export function placeSource(lugar: CaseMap['lugar']): string | null {
  if (lugar.origen === 'direccion') return T.lugarDireccion;
  if (lugar.origen === 'cliente') return T.lugarCliente;
  if (lugar.origen === 'personal') return lugar.por ? fmt(T.lugarPersonal, { nombre: lugar.por }) : T.lugarMarcado;
  return null;
}

/**
 * The route handed to the phone's navigator: Google Maps' directions, Waze, and the system's
 * `geo:` link (any installed navigator on Android).
 */
export function navigationLinks(to: { lat: number; lng: number }) {
  const ll = `${to.lat},${to.lng}`;
  return {
    google: `https://www.google.com/maps/dir/?api=1&destination=${ll}&travelmode=driving`,
    waze: `https://waze.com/ul?ll=${ll}&navigate=yes`,
    geo: `geo:${ll}?q=${ll}`,
  };
}

/** The times are a straight-line estimate (the provider answered none, or a leg says so). */
export function isEstimate(map: Pick<CaseMap, 'proveedor' | 'tiempos'>): boolean {
  return map.proveedor === 'estimate' || !!map.tiempos.investigador?.estimado || !!map.tiempos.abogado?.estimado;
}

/** 'Llegó a las 14:05' the same Bogotá day, 'Llegó el 02/03/2026 a las 14:05' another. */
export function arrivalText(fechaIso: string, now: number): string {
  const at = new Date(fechaIso);
  if (Number.isNaN(at.getTime())) return '';
  const hora = hourText(at);
  return dayText(at) === dayText(now) ? fmt(T.llegoALas, { hora }) : fmt(T.llegoEl, { fecha: dayText(at), hora });
}

/** A position heard on the live channel ('location.changed'), and when this tab heard it. */
export interface LivePosition {
  lat: number | null;
  lng: number | null;
  at: string | null;
  gps: boolean;
  heardAt: number;
}

/**
 * The people with what the live channel said: a position at least as new as the one the server
 * gave moves the marker, and its age counts from when this tab heard it (a device's clock may be
 * off the server's by minutes; a position heard a second ago is live). A report of location off
 * (no position) heard since the map was read (`readAt`) keeps the last position, drawn as off.
 */
export function mergeLive(personas: MapPerson[], live: Record<string, LivePosition>, readAt: number): MapPerson[] {
  return personas.map((p) => {
    const heard = p.id ? live[p.id] : undefined;
    if (!heard) return p;
    const newer =
      heard.at && p.actualizado ? Date.parse(heard.at) >= Date.parse(p.actualizado) : heard.heardAt >= readAt;
    if (!newer) return p;
    if (heard.lat === null || heard.lng === null) return { ...p, gps: heard.gps };
    return {
      ...p,
      posicion: { lat: heard.lat, lng: heard.lng },
      actualizado: new Date(heard.heardAt).toISOString(),
      gps: heard.gps,
      // A client who reports a position is no longer drawn at the accident's place.
      esLugarDelCaso: false,
    };
  });
}

/**
 * How long until the map (and its arrival times) may be read again after an agent moved: at most
 * every ARRIVAL_TIMES_MIN_INTERVAL_MS since the last read, never on every 4-second position.
 */
export function refreshDelay(lastReadAt: number, now: number, interval = ARRIVAL_TIMES_MIN_INTERVAL_MS): number {
  return Math.max(0, lastReadAt + interval - now);
}
