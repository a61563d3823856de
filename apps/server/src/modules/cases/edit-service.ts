import { and, eq } from 'drizzle-orm';
import { MSG, ORIGEN_CRONOS, mayEditCase, type CaseData } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { casos, trazabilidad } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { findRegisteredClient } from '../clients/service.js';
import { lookupPlate } from '../vehicles/plate-lookup.js';
import { saveFoundPolicies, saveFoundVehicle, setVehicleOwner } from '../vehicles/service.js';
import { formColumns, isDriver, placeOf } from './case-form.js';
import { lockCase, scopeWhere } from './queries.js';
import { listChanged } from './dispatch.js';
import { placeFromAddress } from './place.js';

/**
 * Editing re-saves the case data without a new number (spec 2 §7), on a case in the editor's
 * scope and not archived. A new plate is looked up again: the vehicle, plan, origin and policies
 * follow it (a Cronos case stays Cronos). A history entry records the edit; a changed address is
 * geocoded again.
 */
export async function updateCase(ctx: AppContext, viewer: Viewer, id: string, input: CaseData) {
  enforce(mayEditCase(viewer));
  const [before] = await ctx.db
    .select({ placa: casos.placa, direccion: casos.direccion_siniestro, ciudad: casos.uidciudad })
    .from(casos)
    .where(and(eq(casos.id, id), scopeWhere(viewer)));
  if (!before) throw notFound(MSG.casoNoExiste);
  // The look-up talks to outside services, so it runs before the transaction takes its locks.
  const lookup = before.placa !== input.placa ? await lookupPlate(ctx, input.placa) : null;
  await ctx.db.transaction(async (tx) => {
    const current = await lockCase(tx, viewer, id);
    enforce(mayEditCase(viewer, current));
    const client = await findRegisteredClient(tx, input.identificacion);
    const city = await placeOf(tx, input);
    let vehicle = { id: current.uidvehiculo, uidcliente: current.uidcliente as string | null };
    if (lookup) vehicle = await saveFoundVehicle(tx, lookup, isDriver(input) ? null : client.id);
    else if (!isDriver(input) && current.uidvehiculo) await setVehicleOwner(tx, current.uidvehiculo, client.id);
    const [updated] = await tx
      .update(casos)
      .set({
        ...formColumns(input, city, client, vehicle),
        ...(lookup
          ? {
              tipo_plan: lookup.tipo_plan,
              origen: current.origen_desde === ORIGEN_CRONOS ? ORIGEN_CRONOS : lookup.origen,
            }
          : {}),
        prioridad: input.prioridad ?? current.prioridad,
      })
      .where(eq(casos.id, id))
      .returning();
    if (lookup && vehicle.id) await saveFoundPolicies(tx, lookup, updated, client.id, vehicle.id);
    await tx
      .insert(trazabilidad)
      .values({ descripcion: MSG.edicionCaso, estado: current.estado, uidcaso: id, uidcreador: viewer.id });
    await listChanged(ctx, tx, id);
  });
  // A new address is geocoded again (D24): the place follows it unless the driver or a pin set it.
  if (before.direccion !== input.direccion_siniestro || before.ciudad !== input.uidciudad)
    void placeFromAddress(ctx, id);
}
