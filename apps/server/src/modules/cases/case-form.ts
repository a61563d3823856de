import { and, eq, sql } from 'drizzle-orm';
import { MSG, RELACION_CONDUCTOR, type CaseData } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { ciudades, departamentos, empresas, tiposcaso } from '../../db/schema/index.js';
import { badRequest } from '../../platform/errors.js';

/** What the add/edit case form decides, the same on creation and on edit (spec 2 §7). */

export type CasePlace = Awaited<ReturnType<typeof placeOf>>;

/** The form's city (of its department), company and case type, from the catalogues. */
export async function placeOf(tx: Executor, input: CaseData) {
  const [city] = await tx
    .select({
      id: ciudades.id,
      ciudad: ciudades.ciudad,
      departamento: departamentos.departamento,
      depId: ciudades.departamento,
    })
    .from(ciudades)
    .innerJoin(departamentos, eq(departamentos.id, ciudades.departamento))
    .where(eq(ciudades.id, input.uidciudad));
  if (!city || city.depId !== input.departamento)
    throw badRequest(MSG.ciudadNoValida, [{ path: 'uidciudad', message: MSG.ciudadNoValida }]);
  const [empresa] = await tx
    .select({ id: empresas.id })
    .from(empresas)
    .where(and(eq(empresas.id, input.uidempresa), eq(empresas.estado, true)));
  if (!empresa) throw badRequest(MSG.empresaNoValida, [{ path: 'uidempresa', message: MSG.empresaNoValida }]);
  // Tipo de caso comes from the catalogue (spec 2 §5), compared without case ('Choque Simple').
  const [tipo] = await tx
    .select({ id: tiposcaso.id })
    .from(tiposcaso)
    .where(sql`lower(${tiposcaso.tipo}) = lower(${input.tipocaso})`);
  if (!tipo) throw badRequest(MSG.tipoCasoNoValido, [{ path: 'tipocaso', message: MSG.tipoCasoNoValido }]);
  return city;
}

/** With relation Conductor the form's person is the driver and the owner is the vehicle's. */
export const isDriver = (input: { relacion: string }) => input.relacion === RELACION_CONDUCTOR;

/** The case columns the form decides. */
export function formColumns(
  input: CaseData,
  city: CasePlace,
  client: { id: string },
  vehicle: { id: string | null; uidcliente: string | null },
) {
  const driver = isDriver(input);
  return {
    placa: input.placa,
    uidvehiculo: vehicle.id,
    relacion: input.relacion,
    uidcliente: driver ? vehicle.uidcliente : client.id,
    uidconductor: driver ? client.id : null,
    tipocaso: input.tipocaso,
    tipo_producto: input.tipo_producto,
    uidempresa: input.uidempresa,
    uidciudad: city.id,
    ciudad_siniestro: city.ciudad,
    departamento: city.departamento,
    direccion_siniestro: input.direccion_siniestro,
    verificacion: input.verificacion,
  };
}
