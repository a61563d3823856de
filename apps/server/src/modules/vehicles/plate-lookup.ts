import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { eq } from 'drizzle-orm';
import {
  MSG,
  ORIGEN_PROPIO,
  PLAN_DE_FUENTE,
  VEHICLE_DEFAULTS,
  type FuentePlan,
  type FuentePoliza,
  type PlateServiceResult,
  type TipoPlan,
} from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { vehiculos } from '../../db/schema/index.js';
import { kronosLookup } from '../../integrations/kronos.js';
import { hubLookup } from '../../integrations/insurer-hub.js';

dayjs.extend(customParseFormat);

export type PlateSource = FuentePlan;
export type Plan = TipoPlan;

/*
 * The vehicles module owns the tables `vehiculos` and `polizas`: this file looks a plate up
 * (reading own vehicle data), vehicles/service.ts saves what a look-up found.
 */

export interface FoundPolicy {
  fuente: FuentePoliza;
  nombre_producto: string;
  polizas: string;
  fechaIni: string | null;
  fechaFin: string | null;
  deducible: string;
  docliente: string;
  cliente: string;
  empresa: string;
  ramo: string;
  estado: string;
  departamento?: string;
  ciudad?: string;
  direccion?: string;
}

export interface PlateLookup {
  placa: string;
  encontrado: boolean;
  vehiculo: { clase: string; carroceria: string; marca: string; linea: string; modelo: string; servicio: string };
  /** Where the plan comes from: the service that knows a policy, else own data. */
  fuente: PlateSource;
  tipo_plan: Plan;
  /** The case origin: the source, only when some policy end date is in the future. */
  origen: string;
  vigente: boolean;
  polizas: FoundPolicy[];
  propietario: { identificacion: string; nombre: string; direccion: string; telefono: string } | null;
  /** What each service said, in the spec's words, for the dialog. */
  mensajes: string[];
  /** Each policy service's own outcome. */
  servicios: { fuente: FuentePoliza; resultado: PlateServiceResult }[];
}

const KRONOS_RESULT = {
  found: 'encontrado',
  unknown: 'sinRegistro',
  noPolicy: 'sinPoliza',
  unavailable: 'noDisponible',
} as const;
const HUB_RESULT = { found: 'encontrado', unknown: 'sinRegistro', unavailable: 'noDisponible' } as const;

const parseHubDate = (s: string) => {
  const d = dayjs(s, ['D/M/YYYY hh:mm:ss A', 'D/M/YYYY h:mm:ss A', 'D/M/YYYY'], true);
  return d.isValid() ? d.toDate() : null;
};
const parseIsoDate = (s: string) => {
  const d = dayjs(s);
  return d.isValid() ? d.toDate() : null;
};

/**
 * The outcome of a look-up, kept per plate so the save right after the form's look-up reuses it:
 * an answer for 10 minutes; an outcome where a service failed or was too slow for 2 minutes, so
 * a service that is down is not waited for again on the save, and is asked again soon after.
 */
interface PlateCache {
  answers: Map<string, { until: number; value: PlateLookup }>;
  /** Look-ups under way: a second look-up of the same plate waits for the first instead of asking again. */
  inFlight: Map<string, Promise<PlateLookup>>;
}
/** One per server instance (what its configured services said), gone with it. */
const caches = new WeakMap<AppContext, PlateCache>();
function plateCache(ctx: AppContext): PlateCache {
  let c = caches.get(ctx);
  if (!c) caches.set(ctx, (c = { answers: new Map(), inFlight: new Map() }));
  return c;
}
const ANSWER_CACHE_MS = 10 * 60_000;
const FAILURE_CACHE_MS = 2 * 60_000;
const CACHE_MAX = 5_000;
/** Keeps the cache bounded: drops what expired, then the oldest entries past CACHE_MAX. */
function remember(cache: PlateCache['answers'], placa: string, value: PlateLookup, ttl: number) {
  const now = Date.now();
  cache.delete(placa);
  cache.set(placa, { until: now + ttl, value });
  for (const [key, entry] of cache) {
    if (cache.size <= CACHE_MAX && entry.until > now) break;
    cache.delete(key);
  }
}

/**
 * Plate look-up (spec 2 §7): own vehicle data first, then Tecnicar's kronos service and the
 * insurers' hub, in parallel and each bounded by LOOKUP_TIMEOUT_MS, so a slow or failing service
 * never blocks creating a case by hand: it only leaves the case without a plan. The outcome is
 * cached per plate and a look-up already under way is shared.
 */
export async function lookupPlate(
  ctx: AppContext,
  rawPlaca: string,
  /** fresh: ask the services again; kronosMethod: GET from the case info panel (spec 2 §7), else POST. */
  { fresh = false, kronosMethod = 'POST' }: { fresh?: boolean; kronosMethod?: 'GET' | 'POST' } = {},
): Promise<PlateLookup> {
  const placa = rawPlaca.trim().toUpperCase();
  const { answers, inFlight } = plateCache(ctx);
  const hit = answers.get(placa);
  if (!fresh && hit && Date.now() < hit.until) return hit.value;
  const running = inFlight.get(placa);
  if (running) return running;
  const lookup = askServices(ctx, placa, kronosMethod)
    .then(({ value, complete }) => {
      remember(answers, placa, value, complete ? ANSWER_CACHE_MS : FAILURE_CACHE_MS);
      return value;
    })
    .finally(() => {
      if (inFlight.get(placa) === lookup) inFlight.delete(placa);
    });
  inFlight.set(placa, lookup);
  return lookup;
}

async function askServices(
  ctx: AppContext,
  placa: string,
  kronosMethod: 'GET' | 'POST',
): Promise<{ value: PlateLookup; complete: boolean }> {
  const { config } = ctx;
  const [own] = await ctx.db.select().from(vehiculos).where(eq(vehiculos.placa, placa));
  const [kronos, hub] = await Promise.all([
    config.kronosUrl
      ? kronosLookup(config.kronosUrl, placa, config.lookupTimeoutMs, kronosMethod)
      : Promise.resolve({ kind: 'unavailable' as const, error: 'KRONOS_URL not set' }),
    config.hub.url
      ? hubLookup(
          {
            url: config.hub.url,
            username: config.hub.username,
            password: config.hub.password,
            clientId: config.hub.clientId,
          },
          placa,
          config.lookupTimeoutMs,
        )
      : Promise.resolve({ kind: 'unavailable' as const, error: 'HUB_URL not set' }),
  ]);

  const mensajes: string[] = [];
  const polizas: FoundPolicy[] = [];
  let vehiculo = own
    ? {
        clase: own.clase,
        carroceria: own.carroceria,
        marca: own.marca,
        linea: own.linea,
        modelo: own.modelo,
        servicio: own.servicio,
      }
    : {
        clase: VEHICLE_DEFAULTS.clase,
        carroceria: VEHICLE_DEFAULTS.carroceria,
        marca: VEHICLE_DEFAULTS.marca,
        linea: VEHICLE_DEFAULTS.linea,
        modelo: VEHICLE_DEFAULTS.modelo,
        servicio: VEHICLE_DEFAULTS.servicio,
      };
  let propietario: PlateLookup['propietario'] = null;

  if (kronos.kind === 'found') {
    const d = kronos.data;
    mensajes.push(MSG.vehiculoConPolizaTecnicar);
    if (!own)
      vehiculo = {
        ...vehiculo,
        clase: d.clase || vehiculo.clase,
        marca: d.marca || vehiculo.marca,
        linea: d.linea || vehiculo.linea,
        modelo: d.modelo || vehiculo.modelo,
        servicio: d.servicio || vehiculo.servicio,
      };
    polizas.push({
      fuente: 'Tecnicar',
      nombre_producto: d.nombre_producto,
      polizas: d.polizas,
      fechaIni: parseIsoDate(d.fechaIni)?.toISOString() ?? null,
      fechaFin: parseIsoDate(d.fechaFin)?.toISOString() ?? null,
      deducible: d.deducible,
      docliente: d.docliente,
      cliente: d.cliente,
      empresa: d.empresa,
      ramo: d.ramo,
      estado: d.estado,
      ciudad: d.ciudad,
      direccion: d.direccion,
    });
    propietario = { identificacion: d.docliente, nombre: d.cliente, direccion: d.direccion, telefono: d.telefono };
  } else if (kronos.kind === 'unknown') mensajes.push(MSG.noRegistradoTecnicar);
  else if (kronos.kind === 'noPolicy') mensajes.push(MSG.vehiculoSinPoliza);
  else {
    ctx.log?.warn({ reason: kronos.error, placa }, 'kronos look-up failed');
    mensajes.push(MSG.vehiculoSinPoliza);
  }

  if (hub.kind === 'found') {
    const d = hub.data;
    if (!own && kronos.kind !== 'found')
      vehiculo = {
        ...vehiculo,
        clase: d.vehicle.tipo || vehiculo.clase,
        marca: d.vehicle.marca || vehiculo.marca,
        linea: d.vehicle.linea || vehiculo.linea,
        modelo: d.vehicle.modelo || vehiculo.modelo,
      };
    polizas.push({
      fuente: 'SEGURO TERCERO',
      nombre_producto: d.policy_origin,
      polizas: d.policy_number,
      fechaIni: parseHubDate(d.policy_start_date)?.toISOString() ?? null,
      fechaFin: parseHubDate(d.policy_end_date)?.toISOString() ?? null,
      deducible: '',
      docliente: d.propietario?.id_propietario ?? '',
      cliente: d.propietario?.nom_propietario ?? '',
      empresa: '',
      ramo: 'SEGURO TERCERO',
      estado: '',
    });
    if (!propietario && d.propietario) {
      propietario = {
        identificacion: d.propietario.id_propietario,
        nombre: d.propietario.nom_propietario,
        direccion: d.propietario.dir_propietario,
        telefono: d.propietario.tel_propietario,
      };
    }
  } else if (hub.kind === 'unavailable') {
    ctx.log?.warn({ reason: hub.error, placa }, 'insurer hub look-up failed');
    mensajes.push(MSG.servicioPlanNoDisponible);
  }

  // Spec 2 §4: the source decides the plan (Tecnicar's RC wins over SEGURO TERCERO); the source
  // becomes the case origin only if some policy end date is in the future.
  const now = Date.now();
  const best = polizas.find((p) => p.fuente === 'Tecnicar') ?? polizas[0];
  const vigente = polizas.some((p) => p.fechaFin && Date.parse(p.fechaFin) > now);
  const fuente: PlateSource = best?.fuente ?? ORIGEN_PROPIO;
  if (polizas.length) mensajes.push(MSG.polizaConsultada);

  const value: PlateLookup = {
    placa,
    encontrado: !!own || kronos.kind === 'found' || hub.kind === 'found',
    vehiculo,
    fuente,
    tipo_plan: PLAN_DE_FUENTE[fuente],
    origen: vigente ? fuente : ORIGEN_PROPIO,
    vigente,
    polizas,
    propietario,
    mensajes,
    servicios: [
      { fuente: 'Tecnicar', resultado: KRONOS_RESULT[kronos.kind] },
      { fuente: 'SEGURO TERCERO', resultado: HUB_RESULT[hub.kind] },
    ],
  };
  return { value, complete: kronos.kind !== 'unavailable' && hub.kind !== 'unavailable' };
}

export function clearPlateCache(ctx: AppContext): void {
  caches.delete(ctx);
}

/**
 * Forgets what a look-up of this plate found: the vehicle list changed the vehicle's own data, so
 * the next case with that plate reads it again (other instances forget within the cache's time).
 */
export function forgetPlate(ctx: AppContext, placa: string): void {
  plateCache(ctx).answers.delete(placa.trim().toUpperCase());
}
