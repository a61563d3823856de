import { and, eq, ne } from 'drizzle-orm';
import {
  CLASES_VEHICULO,
  MSG,
  SERVICIOS_VEHICULO,
  VEHICLE_DEFAULTS,
  carroceriasDe,
  fmt,
  mayWriteVehicle,
  topics,
  type ApiErrorBody,
  type Vehicle,
} from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../db/client.js';
import { casos, clientes, vehiculos } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { UNIQUE_VIOLATION, pgErrorOf } from '../../platform/db-errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { findMarca, findVehicle, hasLinea, polizaText } from './queries.js';
import { forgetPlate } from './plate-lookup.js';
import { recordCatalogueAudit } from '../audit/catalogue.js';

/*
 * The vehicle list's writes (spec 3 §2, §4–§6). The vehicles module owns `vehiculos`: a vehicle
 * written here and one a policy look-up saved (service.ts) are the same row, one per plate.
 */

type Stored = typeof vehiculos.$inferSelect & { polizaTexto: string | null };

const has = (list: readonly string[], value: string) => list.includes(value);

/**
 * The form's choices, each checked against its list or the catalogue (spec 3 §3). A value the
 * vehicle already holds stays allowed (a look-up may have stored a make or a class the lists don't
 * have), so editing the plate's owner never forces re-typing what a policy service said.
 */
async function assertValid(tx: Executor, input: Vehicle, existing?: Stored) {
  const issues: NonNullable<ApiErrorBody['issues']> = [];
  const kept = <K extends 'clase' | 'carroceria' | 'servicio' | 'marca' | 'linea'>(field: K) =>
    !!existing && existing[field].toUpperCase() === input[field];
  const fail = (path: string, message: string) => issues.push({ path, message });

  if (!has(CLASES_VEHICULO, input.clase) && !kept('clase')) fail('clase', MSG.claseNoValida);
  if (!has(carroceriasDe(input.clase), input.carroceria) && !(kept('clase') && kept('carroceria')))
    fail('carroceria', MSG.carroceriaNoValida);
  if (!has(SERVICIOS_VEHICULO, input.servicio) && !kept('servicio')) fail('servicio', MSG.servicioNoValido);

  const sinMarca = input.marca === VEHICLE_DEFAULTS.marca;
  const marca = sinMarca ? undefined : await findMarca(tx, input.marca);
  if (!sinMarca && !marca && !kept('marca')) fail('marca', MSG.marcaNoValida);
  // The línea belongs to the chosen marca (spec 3 §3); SIN LINEA goes with any.
  const lineaOk =
    input.linea === VEHICLE_DEFAULTS.linea ||
    (marca ? await hasLinea(tx, marca.id, input.linea) : false) ||
    (kept('marca') && kept('linea'));
  if (!lineaOk) fail('linea', MSG.lineaNoValida);

  const [owner] = await tx.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, input.uidcliente));
  if (!owner) fail('uidcliente', MSG.clienteNoExiste);
  if (issues.length) throw badRequest(issues[0].message, issues);

  const samePlate = eq(vehiculos.placa, input.placa);
  const [dup] = await tx
    .select({ id: vehiculos.id })
    .from(vehiculos)
    .where(existing ? and(samePlate, ne(vehiculos.id, existing.id)) : samePlate);
  if (dup) throw duplicate(input.placa);
}

const duplicate = (placa: string) =>
  new AppError(409, 'VEHICLE_DUPLICATE', fmt(MSG.vehiculoDuplicado, { placa }), [
    { path: 'placa', message: fmt(MSG.vehiculoDuplicado, { placa }) },
  ]);

/** Two simultaneous saves of one plate both pass the check; the unique index stops one (409, not 500). */
async function unique<T>(placa: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (pgErrorOf(e)?.code === UNIQUE_VIOLATION) throw duplicate(placa);
    throw e;
  }
}

/**
 * The policy as stored: the form's text replaces it, except when it is the text the list shows for
 * what is stored (a look-up's policies keep their numbers); empty means none (SIN PÓLIZA).
 */
function polizaOf(input: Vehicle, existing?: Stored): unknown {
  if (!input.poliza) return null;
  if (existing && existing.polizaTexto?.toUpperCase() === input.poliza) return existing.poliza;
  return input.poliza;
}

async function changed(ctx: AppContext, tx: Executor, id: string) {
  await ctx.hub.publish(tx, topics.list('vehiculos'), { name: 'list.changed', list: 'vehiculos', id });
}

async function lockVehicle(tx: Executor, id: string): Promise<Stored> {
  const [row] = await tx
    .select({ vehicle: vehiculos, polizaTexto: polizaText })
    .from(vehiculos)
    .where(eq(vehiculos.id, id))
    .for('update');
  if (!row) throw notFound(MSG.vehiculoNoExiste);
  return { ...row.vehicle, polizaTexto: row.polizaTexto };
}

/** A vehicle in AUDITORÍA: named by its plate. */
const vehicle = (row: { placa: string }) => ({ tipo: 'vehiculo' as const, etiqueta: row.placa });
const active = (row: Record<string, unknown>) => row.estado === true;

/** AGREGAR: a new vehicle starts Activo (spec 3 §4), its data from Vialex. */
export async function createVehicle(ctx: AppContext, viewer: Viewer, input: Vehicle) {
  enforce(mayWriteVehicle(viewer));
  const id = await unique(input.placa, () =>
    ctx.db.transaction(async (tx) => {
      await assertValid(tx, input);
      const { estado: _new, poliza: _text, ...values } = input;
      const [row] = await tx
        .insert(vehiculos)
        .values({ ...values, poliza: polizaOf(input), estado: VEHICLE_DEFAULTS.estado })
        .returning();
      await recordCatalogueAudit(tx, viewer, vehicle(row), null, row, active);
      await changed(ctx, tx, row.id);
      return row.id;
    }),
  );
  forgetPlate(ctx, input.placa);
  return (await findVehicle(ctx.db, id))!;
}

/** ACTUALIZAR, with the Activo / Inactivo choice. A plate that cases carry is not renamed under them. */
export async function updateVehicle(ctx: AppContext, viewer: Viewer, id: string, input: Vehicle) {
  enforce(mayWriteVehicle(viewer));
  const previous = await unique(input.placa, () =>
    ctx.db.transaction(async (tx) => {
      const existing = await lockVehicle(tx, id);
      await assertValid(tx, input, existing);
      if (existing.placa !== input.placa) {
        const [used] = await tx.select({ id: casos.id }).from(casos).where(eq(casos.uidvehiculo, id)).limit(1);
        if (used) throw conflict('VEHICLE_HAS_CASES', MSG.placaConCasos);
      }
      const { estado, poliza: _text, ...values } = input;
      const [row] = await tx
        .update(vehiculos)
        .set({
          ...values,
          poliza: polizaOf(input, existing),
          estado: estado ?? existing.estado,
        })
        .where(eq(vehiculos.id, id))
        .returning();
      const { polizaTexto: _shown, ...before } = existing;
      await recordCatalogueAudit(tx, viewer, vehicle(row), before, row, active);
      await changed(ctx, tx, id);
      return existing.placa;
    }),
  );
  forgetPlate(ctx, previous);
  forgetPlate(ctx, input.placa);
  return (await findVehicle(ctx.db, id))!;
}

/** The deactivate action: estado false; nothing is deleted (spec 3 §4). */
export async function deactivateVehicle(ctx: AppContext, viewer: Viewer, id: string) {
  enforce(mayWriteVehicle(viewer));
  await ctx.db.transaction(async (tx) => {
    const { polizaTexto: _shown, ...before } = await lockVehicle(tx, id);
    const [row] = await tx.update(vehiculos).set({ estado: false }).where(eq(vehiculos.id, id)).returning();
    await recordCatalogueAudit(tx, viewer, vehicle(row), before, row, active);
    await changed(ctx, tx, id);
  });
  return (await findVehicle(ctx.db, id))!;
}
