import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { MSG, fmt, isOpenCase, mayPlaceCase } from '@vialex/domain';
import { casos } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { mapsOf } from '../../platform/maps.js';
import { enforce } from '../../platform/policy.js';
import type { Viewer } from '../../platform/viewer.js';
import { caseHistory, dispatch, listChanged, nameOf, type CaseRow } from './dispatch.js';
import { findCaseRow, lockCase } from './queries.js';

/*
 * Where a case is (D24): its typed address geocoded at creation and on every edit of the address;
 * the driver's shared position refining it at any open status; a pin a staff member drops, which
 * nothing overwrites. The default address of the spec is never a destination.
 */

/** The case's place may still be replaced by a geocoded address or the driver's position. */
const notPinnedNorShared: SQL = or(isNull(casos.lugar_origen), eq(casos.lugar_origen, 'direccion'))!;

/** The driver's position becomes the place of an open case that has none or only its address's. */
export const clientRefinesPlace = (c: Pick<CaseRow, 'archivado' | 'estado' | 'lugar_origen'>) =>
  isOpenCase(c) && (c.lugar_origen === null || c.lugar_origen === 'direccion');

/**
 * Geocodes the case's typed address (with its city and department) and saves it as the case's
 * place, unless the driver or a staff pin placed it meanwhile. Found nothing: the case has no
 * place and says so (`direccion_no_ubicada`), and the map offers the pin. Runs after the case's
 * transaction, bounded by MAPS_TIMEOUT_MS; the open maps hear of it live. Never throws.
 */
export function placeFromAddress(ctx: AppContext, caseId: string): Promise<void> {
  const work = geocodePlace(ctx, caseId).finally(() => placing.delete(work));
  placing.add(work);
  return work;
}

/** Geocodings started and not yet ended (a stopping server, and the tests, wait for them). */
const placing = new Set<Promise<void>>();

/** Resolves once every geocoding of a case's address started so far has ended. */
export async function placesSettled(): Promise<void> {
  while (placing.size) await Promise.allSettled([...placing]);
}

async function geocodePlace(ctx: AppContext, caseId: string): Promise<void> {
  try {
    const c = await findCaseRow(ctx.db, caseId);
    if (!c || !(c.lugar_origen === null || c.lugar_origen === 'direccion')) return;
    const address = [c.direccion_siniestro, c.ciudad_siniestro, c.departamento, 'Colombia'].filter(Boolean).join(', ');
    const point = c.direccion_siniestro.trim() ? await mapsOf(ctx).geocode(address) : undefined;
    await ctx.db.transaction(async (tx) => {
      const changed = await tx
        .update(casos)
        .set(
          point
            ? {
                lat: point.lat,
                lng: point.lng,
                lugar_origen: 'direccion',
                lugar_por: null,
                direccion_no_ubicada: false,
              }
            : { lat: null, lng: null, lugar_origen: null, lugar_por: null, direccion_no_ubicada: true },
        )
        .where(and(eq(casos.id, caseId), notPinnedNorShared))
        .returning({ id: casos.id });
      if (changed.length) await listChanged(ctx, tx, caseId);
    });
    if (!point) ctx.log?.warn({ code: 'CASE_ADDRESS_NOT_FOUND' }, fmt(MSG.sinDireccion, { caso: c.caso }));
  } catch (err) {
    ctx.log?.warn({ err, code: 'CASE_GEOCODING_FAILED' }, 'case geocoding failed');
  }
}

/**
 * A staff member who manages the case drops or moves its pin on the map (mayPlaceCase): the
 * place of the case from now on, recorded in its history, heard live by the open maps.
 */
export async function pinCase(ctx: AppContext, viewer: Viewer, caseId: string, point: { lat: number; lng: number }) {
  return dispatch(ctx, async (tx) => {
    const c = await lockCase(tx, viewer, caseId);
    enforce(mayPlaceCase(viewer, c));
    await tx
      .update(casos)
      .set({
        lat: point.lat,
        lng: point.lng,
        lugar_origen: 'personal',
        lugar_por: viewer.id,
        direccion_no_ubicada: false,
      })
      .where(eq(casos.id, caseId));
    await caseHistory(tx, c, viewer, fmt(MSG.historiaLugarMarcado, { nombre: nameOf(viewer.user) }));
    await listChanged(ctx, tx, caseId);
    return { message: MSG.lugarMarcado };
  });
}
