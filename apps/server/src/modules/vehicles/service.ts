import { eq } from 'drizzle-orm';
import { FUENTES_POLIZA, ORIGEN_CRONOS } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { polizas, vehiculos } from '../../db/schema/index.js';
import type { PlateLookup } from './plate-lookup.js';

/*
 * The vehicles module owns the tables `vehiculos` and `polizas`. Other modules save what a plate
 * look-up found through this service; they never write these tables themselves.
 */

export type SavedVehicle = typeof vehiculos.$inferSelect;

/**
 * Saves the vehicle of a plate as a look-up found it, linked to its owner when the caller is the
 * owner (relation Propietario). A vehicle already on file is refreshed with what a policy service
 * says of it now; own data alone changes nothing but the owner.
 */
export async function saveFoundVehicle(
  tx: Executor,
  lookup: PlateLookup,
  ownerId: string | null,
): Promise<SavedVehicle> {
  const poliza = lookup.polizas.length
    ? lookup.polizas.map((p) => ({ nombre_producto: p.nombre_producto, polizas: p.polizas }))
    : null;
  const fromServices = lookup.polizas.length
    ? { ...lookup.vehiculo, poliza, origen: lookup.fuente, encontrado: true }
    : {};
  const [vehicle] = await tx
    .insert(vehiculos)
    .values({
      placa: lookup.placa,
      ...lookup.vehiculo,
      poliza,
      uidcliente: ownerId,
      origen: lookup.fuente,
      encontrado: lookup.encontrado,
    })
    .onConflictDoUpdate({
      target: vehiculos.placa,
      set: { modificacion: new Date(), ...fromServices, ...(ownerId ? { uidcliente: ownerId } : {}) },
    })
    .returning();
  return vehicle;
}

/** The vehicle's owner is now this client (a case edited with relation Propietario). */
export async function setVehicleOwner(tx: Executor, vehicleId: string, clientId: string): Promise<void> {
  await tx.update(vehiculos).set({ uidcliente: clientId }).where(eq(vehiculos.id, vehicleId));
}

/** The case a look-up's policies are kept for. */
export interface PolicyCase {
  id: string;
  caso: number;
  origen_desde: string;
  departamento: string;
  ciudad_siniestro: string;
  direccion_siniestro: string;
}

/**
 * Saves the policies a look-up found for a case: only those of the policy services, once per
 * policy number and case (every case on the vehicle shows its policy cards). A Cronos case's
 * policies also carry the case's place (spec 2 §3).
 */
export async function saveFoundPolicies(
  tx: Executor,
  lookup: PlateLookup,
  c: PolicyCase,
  clientId: string | null,
  vehicleId: string,
): Promise<void> {
  const toSave = lookup.polizas.filter((p) => (FUENTES_POLIZA as readonly string[]).includes(p.fuente));
  if (!toSave.length) return;
  const place =
    c.origen_desde === ORIGEN_CRONOS
      ? { departamento: c.departamento, ciudad: c.ciudad_siniestro, direccion: c.direccion_siniestro }
      : {};
  await tx
    .insert(polizas)
    .values(
      toSave.map((p) => ({
        ...p,
        ...place,
        fechaIni: p.fechaIni ? new Date(p.fechaIni) : null,
        fechaFin: p.fechaFin ? new Date(p.fechaFin) : null,
        idCaso: c.id,
        caso: c.caso,
        uidcliente: clientId,
        uidvehiculo: vehicleId,
      })),
    )
    .onConflictDoNothing({ target: [polizas.idCaso, polizas.polizas] });
}
