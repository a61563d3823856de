import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_CIUDAD,
  DEFAULT_TIPO_IDENTIFICACION,
  MSG,
  ORIGEN_CRONOS,
  ORIGEN_PROPIO,
  can,
  fmt,
  topics,
  type CaseData,
} from '@vialex/domain';
import type { Executor, Tx } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import {
  casos,
  chats,
  ciudades,
  clientes,
  contadores,
  departamentos,
  empresas,
  polizas,
  tiposcaso,
  trazabilidad,
  trazabilidadestado,
  vehiculos,
} from '../../db/schema/index.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { Viewer } from '../auth/session.js';
import { lookupPlate } from '../vehicles/plate-lookup.js';
import { deliver, recipientsByCargo, recordNotice } from '../notifications/service.js';
import { recomputeAvailability } from './availability.js';
import { lockCase, scopeWhere } from './queries.js';
import type { TxHooks } from './idempotency.js';

/** Next case number from the counter, under its row lock: two creations never share a number. */
export async function nextCaseNumber(tx: Tx): Promise<number> {
  const [row] = await tx
    .update(contadores)
    .set({ ultimoNumero: sql`${contadores.ultimoNumero} + 1` })
    .where(eq(contadores.nombre, 'numero_caso'))
    .returning({ n: contadores.ultimoNumero });
  if (!row) throw new AppError(500, 'COUNTER_MISSING', MSG.contadorNoInicializado);
  return row.n;
}

/** The client the call center identified: 'Usuario no registrado' when there is none. */
async function findRegisteredClient(tx: Executor, identificacion: number) {
  const [client] = await tx
    .select()
    .from(clientes)
    .where(eq(clientes.identificacion, identificacion))
    .orderBy(sql`${clientes.estado} desc`, sql`${clientes.tipoidentificacion} = ${DEFAULT_TIPO_IDENTIFICACION} desc`)
    .limit(1);
  if (!client)
    throw badRequest(MSG.usuarioNoRegistrado, [{ path: 'identificacion', message: MSG.usuarioNoRegistrado }]);
  return client;
}

async function placeOf(tx: Executor, input: CaseData) {
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

type Lookup = Awaited<ReturnType<typeof lookupPlate>>;

/**
 * The vehicle of the plate, linked to its owner when the caller is the owner (relation
 * Propietario). A vehicle already on file is refreshed with what a policy service said of it now.
 */
async function saveVehicle(tx: Tx, placa: string, lookup: Lookup, ownerId: string | null) {
  const poliza = lookup.polizas.length
    ? lookup.polizas.map((p) => ({ nombre_producto: p.nombre_producto, polizas: p.polizas }))
    : null;
  const fromServices = lookup.polizas.length
    ? { ...lookup.vehiculo, poliza, origen: lookup.fuente, encontrado: true }
    : {};
  const [vehicle] = await tx
    .insert(vehiculos)
    .values({
      placa,
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

/**
 * The case's policies: only from Tecnicar and SEGURO TERCERO, once per policy number and case
 * (every case on the vehicle shows its policy cards). A Cronos case's policies also carry the
 * case's place (spec 2 §3).
 */
async function savePolicies(
  tx: Tx,
  lookup: Lookup,
  c: {
    id: string;
    caso: number;
    origen_desde: string;
    departamento: string;
    ciudad_siniestro: string;
    direccion_siniestro: string;
  },
  clientId: string,
  vehicleId: string,
) {
  const toSave = lookup.polizas.filter((p) => p.fuente === 'Tecnicar' || p.fuente === 'SEGURO TERCERO');
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

/**
 * The case columns the add/edit form decides, the same on creation and on edit: with relation
 * Conductor the form's person is the driver and the owner is the vehicle's.
 */
function formColumns(
  input: CaseData,
  city: Awaited<ReturnType<typeof placeOf>>,
  client: { id: string },
  vehicle: { id: string | null; uidcliente: string | null },
) {
  const isDriver = input.relacion === 'Conductor';
  return {
    placa: input.placa,
    uidvehiculo: vehicle.id,
    relacion: input.relacion,
    uidcliente: isDriver ? vehicle.uidcliente : client.id,
    uidconductor: isDriver ? client.id : null,
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

/**
 * Creates a case and everything that goes with it in one transaction (spec 2 §7): the number,
 * the vehicle linked to its client, the policies, the creator's availability, the trails, the
 * general chat room and the notification records. `hooks` run first and last in that transaction
 * (the Idempotency-Key claim and the stored answer).
 */
export async function createCase(
  ctx: AppContext,
  viewer: Viewer | null,
  input: CaseData & { lat?: number; lng?: number },
  origen: 'own' | 'cronos',
  hooks?: TxHooks,
) {
  if (viewer && !can(viewer.cargo, 'casos.create')) throw forbidden();
  const lookup = await lookupPlate(ctx, input.placa);
  const pending: Awaited<ReturnType<typeof recordNotice>>[] = [];
  const id = await ctx.db.transaction(async (tx) => {
    await hooks?.begin(tx);
    const client = await findRegisteredClient(tx, input.identificacion);
    const city = await placeOf(tx, input);
    const caso = await nextCaseNumber(tx);
    const isDriver = input.relacion === 'Conductor';

    const vehicle = await saveVehicle(tx, input.placa, lookup, isDriver ? null : client.id);

    const isCallCenter = viewer?.cargo === 'Call Center';
    const [created] = await tx
      .insert(casos)
      .values({
        ...formColumns(input, city, client, vehicle),
        caso,
        estado: 'Recibido',
        archivado: false,
        tipo_plan: lookup.tipo_plan,
        origen: origen === 'cronos' ? ORIGEN_CRONOS : lookup.origen,
        origen_desde: origen === 'cronos' ? ORIGEN_CRONOS : ORIGEN_PROPIO,
        uidcreador: viewer?.id,
        uidcontactcenter: isCallCenter ? viewer!.id : null,
        prioridad: input.prioridad ?? 'media',
        lat: input.lat,
        lng: input.lng,
      })
      .returning();

    await savePolicies(tx, lookup, created, client.id, vehicle.id);

    await tx
      .insert(trazabilidad)
      .values({ descripcion: MSG.creacionCaso, estado: 'Recibido', uidcaso: created.id, uidcreador: viewer?.id });
    const cause = { descripcion: MSG.creacionCaso, uidcaso: created.id, uidcreador: viewer?.id };
    // The contact-centre creator's availability follows the new case, and the state trail
    // records the value after it (other creators have no availability to change).
    if (isCallCenter) await recomputeAvailability(tx, ctx.hub, viewer!.id, cause, { alwaysTrail: true });
    else if (viewer)
      await tx
        .insert(trazabilidadestado)
        .values({ ...cause, estado: viewer.user.disponibilidad, uidusuario: viewer.id, cargo: viewer.cargo });
    await tx.insert(chats).values({ tipo: 'general', roomName: MSG.chatEnProceso, uidcaso: created.id });

    // New-case notices go to the administrators, lawyers and investigators of the case city.
    const recipients = await recipientsByCargo(tx, ['Administrador', 'Abogado', 'Investigador'], city.id);
    pending.push(
      await recordNotice(
        tx,
        {
          momento: 'Creación de caso',
          titulo: MSG.nuevoCaso,
          cuerpo: fmt(MSG.casoCreadoCiudad, { ciudad: city.ciudad }),
          url: `/gestionar-caso/${created.id}/chat`,
          caso,
          uidcaso: created.id,
          cedula: String(client.identificacion),
        },
        recipients,
      ),
    );
    await ctx.hub.publish(tx, topics.list('casos'), { name: 'list.changed', list: 'casos', id: created.id });
    await hooks?.end(tx, created.id);
    return created.id;
  });
  deliver(ctx, pending);
  return { id, lookup };
}

/**
 * Editing re-saves the case data without a new number (spec 2 §7), on a case in the editor's
 * scope and not archived. A new plate is looked up again: the vehicle, plan, origin and policies
 * follow it (a Cronos case stays Cronos). A history entry records the edit.
 */
export async function updateCase(ctx: AppContext, viewer: Viewer, id: string, input: CaseData) {
  if (!can(viewer.cargo, 'casos.edit')) throw forbidden();
  const [before] = await ctx.db
    .select({ placa: casos.placa })
    .from(casos)
    .where(and(eq(casos.id, id), scopeWhere(viewer)));
  if (!before) throw notFound(MSG.casoNoExiste);
  // The look-up talks to outside services, so it runs before the transaction takes its locks.
  const lookup = before.placa !== input.placa ? await lookupPlate(ctx, input.placa) : null;
  await ctx.db.transaction(async (tx) => {
    const current = await lockCase(tx, viewer, id);
    if (current.archivado) throw badRequest(MSG.casoArchivadoNoEditable);
    const client = await findRegisteredClient(tx, input.identificacion);
    const city = await placeOf(tx, input);
    const isDriver = input.relacion === 'Conductor';
    let vehicle = { id: current.uidvehiculo, uidcliente: current.uidcliente as string | null };
    if (lookup) vehicle = await saveVehicle(tx, input.placa, lookup, isDriver ? null : client.id);
    else if (!isDriver && current.uidvehiculo)
      await tx
        .update(vehiculos)
        .set({ uidcliente: client.id, modificacion: new Date() })
        .where(eq(vehiculos.id, current.uidvehiculo));
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
        modificacion: new Date(),
      })
      .where(eq(casos.id, id))
      .returning();
    if (lookup && vehicle.id) await savePolicies(tx, lookup, updated, client.id, vehicle.id);
    await tx
      .insert(trazabilidad)
      .values({ descripcion: MSG.edicionCaso, estado: current.estado, uidcaso: id, uidcreador: viewer.id });
    await ctx.hub.publish(tx, topics.list('casos'), { name: 'list.changed', list: 'casos', id });
  });
}

/** Affected-person quick registration from the case dialog: type CC, city BOGOTA. */
export async function quickRegisterClient(
  ctx: AppContext,
  viewer: Viewer,
  input: { nombres: string; apellidos: string; identificacion: number; telefono?: number },
) {
  if (!can(viewer.cargo, 'casos.create') && !can(viewer.cargo, 'clientes.write')) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(clientes)
      .where(
        and(
          eq(clientes.tipoidentificacion, DEFAULT_TIPO_IDENTIFICACION),
          eq(clientes.identificacion, input.identificacion),
        ),
      );
    if (existing) throw new AppError(409, 'CLIENT_DUPLICATE', MSG.clienteDuplicado);
    const [row] = await tx
      .insert(clientes)
      .values({
        nombres: input.nombres,
        apellidos: input.apellidos,
        identificacion: input.identificacion,
        tipoidentificacion: DEFAULT_TIPO_IDENTIFICACION,
        ciudad: DEFAULT_CIUDAD,
        telefono: input.telefono ? String(input.telefono) : '',
        direccion: '',
      })
      .returning();
    await ctx.hub.publish(tx, topics.list('clientes'), { name: 'list.changed', list: 'clientes', id: row.id });
    return row;
  });
}
