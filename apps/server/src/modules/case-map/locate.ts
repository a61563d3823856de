import { MSG, fmt } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { saveCasePlace } from '../cases/arrival-service.js';
import { mapsOf } from './maps.js';
import { findCaseRow } from '../cases/queries.js';

/**
 * A Cronos case without coordinates (spec 2 §2): its accident address, with its city, is
 * geocoded and saved as the case's place. A failure is only logged ('check the case address').
 * Runs after the case is committed; never throws.
 */
export async function locateCase(ctx: AppContext, caseId: string): Promise<void> {
  try {
    const c = await findCaseRow(ctx.db, caseId);
    if (!c || (c.lat !== null && c.lng !== null)) return;
    const address = [c.direccion_siniestro, c.ciudad_siniestro, c.departamento, 'Colombia'].filter(Boolean).join(', ');
    const point = c.direccion_siniestro ? await mapsOf(ctx).geocode(address) : undefined;
    if (point) await saveCasePlace(ctx.db, caseId, point);
    else ctx.log?.warn({ code: 'CASE_ADDRESS_NOT_FOUND' }, fmt(MSG.sinDireccion, { caso: c.caso }));
  } catch (err) {
    ctx.log?.warn({ err, code: 'CASE_GEOCODING_FAILED' }, 'case geocoding failed');
  }
}
