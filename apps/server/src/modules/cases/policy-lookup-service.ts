import { and, eq } from 'drizzle-orm';
import { MSG, ORIGEN_CRONOS, fmt, mayLookupPolicy, type PolicyLookupResult } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { casos } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { lookupPlate } from '../vehicles/plate-lookup.js';
import { saveFoundPolicies, saveFoundVehicle } from '../vehicles/service.js';
import { caseHistory, dispatch, listChanged } from './dispatch.js';
import { lockCase, scopeWhere } from './queries.js';

/**
 * The policy look-up of DATOS DEL CASO (spec 2 §7: GET kronos?placa=, and the insurers' hub):
 * asks the services again for the case's plate and, when a policy is found, sets the case's plan
 * (and its origin, unless it came from Cronos) and keeps the policies for the case. Nothing found
 * (or no service answering) leaves the plan as it was: an outage never downgrades a case. The
 * look-up is written in the history, so the workspaces following the case see it.
 */
export async function lookupCasePolicy(ctx: AppContext, viewer: Viewer, id: string): Promise<PolicyLookupResult> {
  enforce(mayLookupPolicy(viewer));
  const [before] = await ctx.db
    .select({ placa: casos.placa })
    .from(casos)
    .where(and(eq(casos.id, id), scopeWhere(viewer)));
  if (!before) throw notFound(MSG.casoNoExiste);
  // The outside services are asked before the transaction takes its locks.
  const lookup = before.placa ? await lookupPlate(ctx, before.placa, { fresh: true, kronosMethod: 'GET' }) : null;
  const encontrado = !!lookup?.polizas.length;
  return dispatch(ctx, async (tx) => {
    const c = await lockCase(tx, viewer, id);
    enforce(mayLookupPolicy(viewer, c));
    let tipo_plan = c.tipo_plan;
    if (lookup && encontrado) {
      const vehicle = await saveFoundVehicle(tx, lookup, null);
      tipo_plan = lookup.tipo_plan;
      await tx
        .update(casos)
        .set({
          tipo_plan,
          origen: c.origen_desde === ORIGEN_CRONOS ? ORIGEN_CRONOS : lookup.origen,
          uidvehiculo: c.uidvehiculo ?? vehicle.id,
        })
        .where(eq(casos.id, id));
      await saveFoundPolicies(tx, lookup, c, c.uidcliente, vehicle.id);
    }
    const message = encontrado ? MSG.polizaConsultada : MSG.polizaNoEncontrada;
    await caseHistory(tx, c, viewer, fmt(MSG.historiaConsultaPoliza, { resultado: encontrado ? tipo_plan : message }));
    await listChanged(ctx, tx, id);
    return { encontrado, message, tipo_plan, polizas: lookup?.polizas.length ?? 0 };
  });
}
