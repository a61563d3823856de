import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_CIUDAD, DEFAULT_TIPO_IDENTIFICACION, MSG, ORIGEN_CRONOS, ORIGEN_PROPIO, can, fmt, topics, type CaseData,
} from '@vialex/domain';
import type { Executor, Tx } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { casos, chats, ciudades, clientes, contadores, departamentos, empresas, polizas, trazabilidad, trazabilidadestado, vehiculos } from '../../db/schema/index.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { Viewer } from '../auth/session.js';
import { lookupPlate } from '../vehicles/plate-lookup.js';
import { deliver, recipientsByCargo, recordNotice } from '../notifications/service.js';
import { recomputeAvailability } from './availability.js';

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
  if (!client) throw badRequest(MSG.usuarioNoRegistrado, [{ path: 'identificacion', message: MSG.usuarioNoRegistrado }]);
  return client;
}

async function placeOf(tx: Executor, input: CaseData) {
  const [city] = await tx
    .select({ id: ciudades.id, ciudad: ciudades.ciudad, departamento: departamentos.departamento, depId: ciudades.departamento })
    .from(ciudades)
    .innerJoin(departamentos, eq(departamentos.id, ciudades.departamento))
    .where(eq(ciudades.id, input.uidciudad));
  if (!city || city.depId !== input.departamento) throw badRequest(MSG.ciudadNoValida, [{ path: 'uidciudad', message: MSG.ciudadNoValida }]);
  const [empresa] = await tx.select({ id: empresas.id }).from(empresas).where(and(eq(empresas.id, input.uidempresa), eq(empresas.estado, true)));
  if (!empresa) throw badRequest(MSG.empresaNoValida, [{ path: 'uidempresa', message: MSG.empresaNoValida }]);
  return city;
}

/**
 * Creates a case and everything that goes with it in one transaction (spec 2 §7): the number,
 * the vehicle linked to its client, the policies, the creator's availability, the trails, the
 * general chat room and the notification records.
 */
export async function createCase(ctx: AppContext, viewer: Viewer | null, input: CaseData & { lat?: number; lng?: number }, origen: 'own' | 'cronos') {
  if (viewer && !can(viewer.cargo, 'casos.create')) throw forbidden();
  const lookup = await lookupPlate(ctx, input.placa);
  const pending: Awaited<ReturnType<typeof recordNotice>>[] = [];
  const id = await ctx.db.transaction(async (tx) => {
    const client = await findRegisteredClient(tx, input.identificacion);
    const city = await placeOf(tx, input);
    const caso = await nextCaseNumber(tx);
    const isDriver = input.relacion === 'Conductor';

    const [vehicle] = await tx
      .insert(vehiculos)
      .values({
        placa: input.placa,
        ...lookup.vehiculo,
        poliza: lookup.polizas.length ? lookup.polizas.map((p) => ({ nombre_producto: p.nombre_producto, polizas: p.polizas })) : null,
        uidcliente: isDriver ? null : client.id,
        origen: lookup.fuente,
        encontrado: lookup.encontrado,
      })
      .onConflictDoUpdate({
        target: vehiculos.placa,
        set: { modificacion: new Date(), ...(isDriver ? {} : { uidcliente: client.id }) },
      })
      .returning();

    const isCallCenter = viewer?.cargo === 'Call Center';
    const [created] = await tx
      .insert(casos)
      .values({
        caso,
        estado: 'Recibido',
        archivado: false,
        tipo_plan: lookup.tipo_plan,
        tipo_producto: input.tipo_producto,
        tipocaso: input.tipocaso,
        origen: origen === 'cronos' ? ORIGEN_CRONOS : lookup.origen,
        origen_desde: origen === 'cronos' ? ORIGEN_CRONOS : ORIGEN_PROPIO,
        uidempresa: input.uidempresa,
        uidciudad: city.id,
        ciudad_siniestro: city.ciudad,
        departamento: city.departamento,
        direccion_siniestro: input.direccion_siniestro,
        verificacion: input.verificacion,
        relacion: input.relacion,
        uidvehiculo: vehicle.id,
        placa: input.placa,
        uidcliente: isDriver ? vehicle.uidcliente : client.id,
        uidconductor: isDriver ? client.id : null,
        uidcreador: viewer?.id,
        uidcontactcenter: isCallCenter ? viewer!.id : null,
        prioridad: input.prioridad ?? 'media',
        lat: input.lat,
        lng: input.lng,
      })
      .returning();

    // Policies only from Tecnicar and SEGURO TERCERO, one row per policy number.
    const toSave = lookup.polizas.filter((p) => p.fuente === 'Tecnicar' || p.fuente === 'SEGURO TERCERO');
    if (toSave.length) {
      await tx
        .insert(polizas)
        .values(
          toSave.map((p) => ({
            ...p,
            fechaIni: p.fechaIni ? new Date(p.fechaIni) : null,
            fechaFin: p.fechaFin ? new Date(p.fechaFin) : null,
            idCaso: created.id,
            caso,
            uidcliente: client.id,
            uidvehiculo: vehicle.id,
          })),
        )
        .onConflictDoNothing({ target: polizas.polizas });
    }

    await tx.insert(trazabilidad).values({ descripcion: MSG.creacionCaso, estado: 'Recibido', uidcaso: created.id, uidcreador: viewer?.id });
    if (viewer) {
      await tx.insert(trazabilidadestado).values({ descripcion: MSG.creacionCaso, estado: viewer.user.disponibilidad, uidcaso: created.id, uidusuario: viewer.id, cargo: viewer.cargo, uidcreador: viewer.id });
      if (isCallCenter) await recomputeAvailability(tx, ctx.hub, viewer.id, { descripcion: MSG.creacionCaso, uidcaso: created.id, uidcreador: viewer.id });
    }
    await tx.insert(chats).values({ tipo: 'general', roomName: MSG.chatEnProceso, uidcaso: created.id });

    // New-case notices go to the administrators, lawyers and investigators of the case city.
    const recipients = await recipientsByCargo(tx, ['Administrador', 'Abogado', 'Investigador'], city.id);
    pending.push(
      await recordNotice(
        tx,
        { momento: 'Creación de caso', titulo: MSG.nuevoCaso, cuerpo: fmt(MSG.casoCreadoCiudad, { ciudad: city.ciudad }), url: `/gestionar-caso/${created.id}/chat`, caso, uidcaso: created.id, cedula: String(client.identificacion) },
        recipients,
      ),
    );
    await ctx.hub.publish(tx, topics.list('casos'), { name: 'list.changed', list: 'casos', id: created.id });
    return created.id;
  });
  deliver(ctx, pending);
  return { id, lookup };
}

/** Editing re-saves the case data without a new number (spec 2 §7). */
export async function updateCase(ctx: AppContext, viewer: Viewer, id: string, input: CaseData) {
  if (!can(viewer.cargo, 'casos.edit')) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(casos).where(eq(casos.id, id)).for('update');
    if (!current) throw notFound(MSG.casoNoExiste);
    const client = await findRegisteredClient(tx, input.identificacion);
    const city = await placeOf(tx, input);
    const isDriver = input.relacion === 'Conductor';
    await tx
      .update(casos)
      .set({
        placa: input.placa,
        relacion: input.relacion,
        uidcliente: isDriver ? current.uidcliente : client.id,
        uidconductor: isDriver ? client.id : null,
        tipocaso: input.tipocaso,
        uidempresa: input.uidempresa,
        uidciudad: city.id,
        ciudad_siniestro: city.ciudad,
        departamento: city.departamento,
        direccion_siniestro: input.direccion_siniestro,
        verificacion: input.verificacion,
        tipo_producto: input.tipo_producto,
        prioridad: input.prioridad ?? current.prioridad,
        modificacion: new Date(),
      })
      .where(eq(casos.id, id));
    await ctx.hub.publish(tx, topics.list('casos'), { name: 'list.changed', list: 'casos', id });
  });
}

/** Affected-person quick registration from the case dialog: type CC, city BOGOTA. */
export async function quickRegisterClient(ctx: AppContext, viewer: Viewer, input: { nombres: string; apellidos: string; identificacion: number; telefono?: number }) {
  if (!can(viewer.cargo, 'casos.create') && !can(viewer.cargo, 'clientes.write')) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(clientes).where(and(eq(clientes.tipoidentificacion, DEFAULT_TIPO_IDENTIFICACION), eq(clientes.identificacion, input.identificacion)));
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
