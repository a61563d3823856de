import { eq, sql, type SQL } from 'drizzle-orm';
import {
  AUTO_ASSIGN_POSITION_MAX_AGE_MINUTES,
  AUTO_ASSIGN_RADIUS_KM,
  DISPONIBILIDAD,
  EARTH_RADIUS_KM,
  ESTADO_INICIAL,
  MSG,
  fmt,
} from '@vialex/domain';
import type { Tx } from '../../db/client.js';
import { casos, trazabilidad, usuarios } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { conflict } from '../../platform/errors.js';
import { liveSessionRules } from '../auth/live-session.js';
import { deliver } from '../notifications/service.js';
import { recomputeAvailability } from '../availability/availability.js';
import { haversineM } from '../../integrations/maps.js';
import { listChanged, nameOf, noticeAboutCase, type CaseRow, type Pending } from './dispatch.js';
import { clientRefinesPlace } from './place.js';

/*
 * What a client's entry does to their case (spec 3 §4 "Client entry transition", "Case login
 * flag"; spec 2 §4 "Automatic investigator assignment"). The cases module owns `casos`; the
 * client-links module opens the client's session in the same transaction.
 */

export interface EntryPlace {
  lat: number;
  lng: number;
  /** The reverse-geocoded address, when the case had none and it was found. */
  direccion?: string;
}

/**
 * The client enters: the login flag and fecha_ingreso (refused while the flag is set: 'No puede
 * ingresar al caso, comuníquese con un asesor'); the client's position becomes the case's place
 * when it has none or only its geocoded address, at any open status (D24: a staff pin stays); a
 * Recibido case becomes Verificado with its address if it had none, the trace 'Verificación del caso.' and the NUEVO
 * CASO notice to the administrators, lawyers and investigators covering the case's city.
 */
export async function enterCase(
  ctx: AppContext,
  tx: Tx,
  pending: Pending,
  caseId: string,
  place: EntryPlace,
): Promise<CaseRow> {
  const [c] = await tx.select().from(casos).where(eq(casos.id, caseId)).for('update');
  if (c.login) throw conflict('CASE_ALREADY_ENTERED', MSG.casoYaIngresado);
  const now = new Date();
  const verifies = (c.estado || ESTADO_INICIAL) === ESTADO_INICIAL;
  const placed = clientRefinesPlace(c);
  const [entered] = await tx
    .update(casos)
    .set({
      login: true,
      fecha_ingreso: now,
      ...(placed ? { lat: place.lat, lng: place.lng, lugar_origen: 'cliente', lugar_por: null } : {}),
      ...(verifies
        ? {
            estado: 'Verificado',
            ...(!c.direccion_siniestro.trim() && place.direccion ? { direccion_siniestro: place.direccion } : {}),
            modificacion: now,
          }
        : {}),
    })
    .where(eq(casos.id, caseId))
    .returning();
  if (verifies) {
    await tx.insert(trazabilidad).values({
      descripcion: MSG.verificacionCaso,
      estado: 'Verificado',
      uidcaso: caseId,
      uidcreador: null,
    });
    await noticeAboutCase(tx, pending, entered, 'clientEntered', { vars: { ciudad: entered.ciudad_siniestro } });
  }
  await listChanged(ctx, tx, caseId);
  return entered;
}

/** The client's session ended: the case's login flag clears (spec 3 §4), so the link opens it again. */
export async function leaveCase(tx: Tx, caseId: string): Promise<void> {
  await tx.update(casos).set({ login: false }).where(eq(casos.id, caseId));
}

/** How many of the straight-line nearest are compared by driving time when a road provider is set. */
const ROAD_SHORTLIST = 5;

export interface AutoAssignment {
  investigador: string | null;
  message: string;
}

/**
 * Spec 2 §4: a case of one of AUTO_ASSIGN_CITIES without an investigator gets the nearest free
 * one: active, 'Activo en espera', signed in (a live session), sharing a position reported in
 * the last AUTO_ASSIGN_POSITION_MAX_AGE_MINUTES, nearer than 30 km on the great circle; where the
 * maps adapter has a road provider, the quickest by road among the few nearest. The candidates'
 * rows are locked (SKIP LOCKED), so two cases entering together never get the same investigator.
 * Answers undefined when the rule does not apply.
 */
export async function autoAssignInvestigator(
  ctx: AppContext,
  tx: Tx,
  pending: Pending,
  c: CaseRow,
  roadTimes?: (origins: { lat: number; lng: number }[], to: { lat: number; lng: number }) => Promise<number[]>,
): Promise<AutoAssignment | undefined> {
  if (c.uidinvestigador || !c.uidciudad || !ctx.config.autoAssignCities.includes(c.uidciudad)) return undefined;
  if (c.lat === null || c.lng === null) return nobodyFree(tx, pending, c);
  const distanceKm = sql<number>`${EARTH_RADIUS_KM} * 2 * asin(sqrt(
      power(sin(radians(u.lat - ${c.lat}) / 2), 2)
      + cos(radians(${c.lat})) * cos(radians(u.lat)) * power(sin(radians(u.long - ${c.lng}) / 2), 2)))`;
  const place = { lat: c.lat, lng: c.lng };
  const chosen = await claimNearest(tx, place, distanceKm, roadTimes);
  if (!chosen) return nobodyFree(tx, pending, c);
  const [agent] = await tx.select().from(usuarios).where(eq(usuarios.id, chosen.id));
  const km =
    agent.lat !== null && agent.long !== null ? haversineM({ lat: agent.lat, lng: agent.long }, place) / 1000 : null;
  await tx
    .update(casos)
    .set({
      uidinvestigador: chosen.id,
      asignacion_auto_fecha: new Date(),
      asignacion_auto_km: km,
    })
    .where(eq(casos.id, c.id));
  const nombre = nameOf(agent);
  await tx.insert(trazabilidad).values({
    descripcion: fmt(MSG.historiaAsignacion, { tipo: 'Investigador', nombre }),
    estado: c.estado,
    uidcaso: c.id,
    uidcreador: null,
  });
  await recomputeAvailability(tx, ctx.hub, chosen.id, {
    descripcion: fmt(MSG.trazaAsignacionAutomatica, { caso: c.caso }),
    uidcaso: c.id,
  });
  await noticeAboutCase(tx, pending, { ...c, uidinvestigador: chosen.id }, 'agentAssigned', {
    vars: { tipo: 'Investigador', cargo: 'Investigador', nombre },
    named: [chosen.id],
  });
  await listChanged(ctx, tx, c.id);
  return { investigador: nombre, message: MSG.casoAsignado };
}

/** Nobody free: the client is told so, and the dispatch desk is alerted in the notification centre. */
async function nobodyFree(tx: Tx, pending: Pending, c: CaseRow): Promise<AutoAssignment> {
  await noticeAboutCase(tx, pending, c, 'noInvestigator');
  return { investigador: null, message: MSG.noHayInvestigadores };
}

/** Rounds of claiming: candidates another entry claimed meanwhile are looked past. */
const CLAIM_ROUNDS = 3;

/**
 * The nearest free investigator, claimed: the few nearest are read without a lock, ordered by
 * road time when a provider is set, and the first that can still be locked (SKIP LOCKED, and
 * still 'Activo en espera' once locked) is the one. Only the claimed row stays locked, so
 * entries at the same moment each get their own.
 */
async function claimNearest(
  tx: Tx,
  to: { lat: number; lng: number },
  distanceKm: SQL<number>,
  roadTimes?: (origins: { lat: number; lng: number }[], to: { lat: number; lng: number }) => Promise<number[]>,
): Promise<{ id: string } | undefined> {
  const tried = new Set<string>();
  for (let round = 0; round < CLAIM_ROUNDS; round++) {
    const { rows } = await tx.execute<{ id: string; lat: number; long: number }>(sql`
      select u.id, u.lat, u.long
      from usuarios u
      where u.cargo = 'Investigador' and u.estado and u.disponibilidad = ${DISPONIBILIDAD.enEspera}
        and u.gps and u.lat is not null and u.long is not null
        and u.ubicacion_fecha > now() - make_interval(mins => ${AUTO_ASSIGN_POSITION_MAX_AGE_MINUTES})
        and exists (select 1 from sesiones s where s.usuario = u.id and ${liveSessionRules})
        and ${distanceKm} < ${AUTO_ASSIGN_RADIUS_KM}
        ${
          tried.size
            ? sql`and u.id not in (${sql.join(
                [...tried].map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`
            : sql``
        }
      order by ${distanceKm}, u.id
      limit ${ROAD_SHORTLIST}`);
    if (!rows.length) return undefined;
    let order = rows;
    if (roadTimes && rows.length > 1) {
      const times = await roadTimes(
        rows.map((r) => ({ lat: r.lat, lng: r.long })),
        to,
      );
      order = rows
        .map((r, i) => ({ r, t: times[i] ?? Infinity }))
        .sort((a, b) => a.t - b.t)
        .map((x) => x.r);
    }
    for (const candidate of order) {
      tried.add(candidate.id);
      const { rows: claimed } = await tx.execute<{ id: string }>(sql`
        select id from usuarios
        where id = ${candidate.id} and disponibilidad = ${DISPONIBILIDAD.enEspera}
        for update skip locked`);
      if (claimed.length) return claimed[0];
    }
  }
  return undefined;
}

/** Getting closer by less than this is no progress (a phone's position wanders by tens of metres). */
const PROGRESS_KM = 0.2;

/**
 * Beyond the spec: an automatically assigned investigator who, AUTO_ASSIGN_ALERT_MINUTES
 * later, has not arrived and is no nearer the case than when assigned (or reports no position)
 * is reported to the dispatch desk once ('Investigador sin avance'). Run by the server's sweep.
 */
export async function alertStalledAssignments(ctx: AppContext): Promise<number> {
  const minutes = ctx.config.autoAssignAlertMinutes;
  const { rows } = await ctx.db.execute<{ id: string }>(sql`
    select c.id from casos c join usuarios u on u.id = c.uidinvestigador
    where c.asignacion_auto_fecha < now() - make_interval(mins => ${minutes})
      and c.alerta_asignacion_fecha is null and not c.llegada and not c.archivado
      and (u.lat is null or u.long is null or not u.gps or c.lat is null or c.asignacion_auto_km is null
        or u.ubicacion_fecha is null or u.ubicacion_fecha < c.asignacion_auto_fecha
        or ${EARTH_RADIUS_KM} * 2 * asin(sqrt(
             power(sin(radians(u.lat - c.lat) / 2), 2)
             + cos(radians(c.lat)) * cos(radians(u.lat)) * power(sin(radians(u.long - c.lng) / 2), 2)))
           > c.asignacion_auto_km - ${PROGRESS_KM})
    limit 100`);
  let alerted = 0;
  for (const { id } of rows) {
    const pending: Pending = [];
    const done = await ctx.db.transaction(async (tx) => {
      const [c] = await tx
        .update(casos)
        .set({ alerta_asignacion_fecha: new Date() })
        .where(sql`${casos.id} = ${id} and ${casos.alerta_asignacion_fecha} is null`)
        .returning();
      if (!c) return false;
      await noticeAboutCase(tx, pending, c, 'investigatorStalled', { vars: { minutos: minutes } });
      return true;
    });
    if (done) {
      deliver(ctx, pending);
      alerted++;
    }
  }
  return alerted;
}
