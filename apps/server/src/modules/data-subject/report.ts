import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { ClientDataReport } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { autorizacionesDatos, casos, mensajesSms } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import type { ClientRow } from '../clients/queries.js';
import { casesOfClient } from './subject.js';

/*
 * What Vialex holds of a person (Ley 1581 de 2012 art. 8 a, b: to know their data and how it was
 * used), read from each module's tables: their record, their cases with the places recorded,
 * the authorisations they gave on entering, the SMS sent to them, the files they sent in the chat
 * (names, dates and sizes, never the bytes). The same data makes the JSON and the PDF.
 */

/** An SMS's text as the report shows it: a case link is a credential, so its code is masked. */
const maskLinks = (text: string) => text.replace(/\/s\/\S+/g, `/s/${'•'.repeat(12)}`);

export async function clientReportData(ctx: AppContext, client: ClientRow, now: Date): Promise<ClientDataReport> {
  const db = ctx.db;
  const cases = await db
    .select({
      id: casos.id,
      caso: casos.caso,
      creado: casos.creado,
      estado: casos.estado,
      archivado: casos.archivado,
      fecha_cierre: casos.fecha_cierre,
      uidcliente: casos.uidcliente,
      uidconductor: casos.uidconductor,
      placa: casos.placa,
      ciudad: casos.ciudad_siniestro,
      departamento: casos.departamento,
      direccion: casos.direccion_siniestro,
      lat: casos.lat,
      lng: casos.lng,
      lugar_origen: casos.lugar_origen,
    })
    .from(casos)
    .where(casesOfClient(client.id))
    .orderBy(asc(casos.caso));
  const numberOf = new Map(cases.map((c) => [c.id, c.caso]));
  // The SMS went to the case's client: its driver, else its owner (as the client's session).
  const asClient = cases.filter((c) => (c.uidconductor ?? c.uidcliente) === client.id).map((c) => c.id);

  const authorisations = await db
    .select({
      caso: casos.caso,
      fecha: autorizacionesDatos.fecha,
      version: autorizacionesDatos.version,
      ip: autorizacionesDatos.ip,
    })
    .from(autorizacionesDatos)
    .innerJoin(casos, eq(casos.id, autorizacionesDatos.uidcaso))
    .where(eq(autorizacionesDatos.uidcliente, client.id))
    .orderBy(asc(autorizacionesDatos.fecha));

  const sms = asClient.length
    ? await db.select().from(mensajesSms).where(inArray(mensajesSms.uidcaso, asClient)).orderBy(asc(mensajesSms.creado))
    : [];

  return {
    generado: now.toISOString(),
    responsable: {
      empresa: ctx.config.privacy.empresa,
      correo: ctx.config.privacy.correo,
      telefono: ctx.config.companyPhone.telefono,
    },
    persona: {
      id: client.id,
      nombres: client.nombres,
      apellidos: client.apellidos,
      tipoidentificacion: client.tipoidentificacion,
      identificacion: client.identificacion,
      telefono: client.telefono,
      direccion: client.direccion,
      ciudad: client.ciudadNombre,
      departamento: client.departamento,
      activo: client.estado,
      creado: client.creado.toISOString(),
      modificado: client.modificacion.toISOString(),
    },
    casos: cases.map((c) => ({
      caso: c.caso,
      creado: c.creado.toISOString(),
      estado: c.estado,
      archivado: c.archivado,
      cerrado: c.fecha_cierre?.toISOString() ?? null,
      roles: [
        ...(c.uidcliente === client.id ? (['propietario'] as const) : []),
        ...(c.uidconductor === client.id ? (['conductor'] as const) : []),
      ],
      placa: c.placa,
      ciudad: c.ciudad,
      departamento: c.departamento,
      direccion: c.direccion,
      posicion: c.lat !== null && c.lng !== null ? { lat: c.lat, lng: c.lng, origen: c.lugar_origen } : null,
    })),
    autorizaciones: authorisations.map((a) => ({ ...a, fecha: a.fecha.toISOString() })),
    sms: sms.map((m) => ({
      caso: numberOf.get(m.uidcaso) ?? 0,
      fecha: m.creado.toISOString(),
      telefono: m.telefono,
      texto: maskLinks(m.cuerpo),
      estado: m.estado,
    })),
    archivos: await sentFiles(db, client.id),
  };
}

/** The files the person sent in their cases' chats (their messages' files, not the previews). */
async function sentFiles(db: Executor, clientId: string): Promise<ClientDataReport['archivos']> {
  const result = await db.execute(sql`
    select k.caso, a.nombre, a.size, a.type, (extract(epoch from m.fecha) * 1000)::float8 as fecha
      from mensajes m
      join chats c on c.id = m.room_id
      join casos k on k.id = c.uidcaso
      cross join lateral jsonb_array_elements(m.files) f
      join archivos a on a.id = (f->>'id')::uuid
     where m.sender_id = ${clientId}::uuid and a.eliminado is null
     order by m.fecha, a.id`);
  return (result.rows as { caso: number; nombre: string; size: number | string; type: string; fecha: number }[]).map(
    (r) => ({
      caso: Number(r.caso),
      fecha: new Date(Number(r.fecha)).toISOString(),
      nombre: r.nombre,
      tamano: Number(r.size),
      tipo: r.type,
    }),
  );
}
