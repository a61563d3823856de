import { and, arrayContains, asc, eq, isNull, like, ne, sql, type SQL } from 'drizzle-orm';
import {
  AGENT_FIELD,
  ASSIGNABLE_TYPES,
  CITY_LIMITED_TARGETS,
  DISPONIBILIDAD,
  ESTADO_INICIAL,
  ESTADOS_LIBERAN_AGENTES,
  MSG,
  fmt,
  NOTIFIED_ON_ASSIGN,
  NOTIFIED_ON_REQUEST,
  NOTIFIED_ON_TAKE,
  PLANES_AUTORIZADOS,
  REQUESTABLE_TYPES,
  can,
  topics,
  type Cargo,
} from '@vialex/domain';
import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { casos, chats, clientes, sesiones, trazabilidad, trazabilidadestado, usuarios } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { Viewer } from '../auth/session.js';
import { deliver, recipientsByCargo, recordNotice } from '../notifications/service.js';
import { AGENT_SLOTS, recomputeAvailability, type AgentSlot } from './availability.js';
import { lockCase, scopeWhere } from './queries.js';

type CaseRow = typeof casos.$inferSelect;
type Pending = Awaited<ReturnType<typeof recordNotice>>[];

const caseUrl = (id: string) => `/gestionar-caso/${id}/chat`;
const trail = (tx: Tx, c: CaseRow, viewer: Viewer, descripcion: string) =>
  tx.insert(trazabilidad).values({ descripcion, estado: c.estado, uidcaso: c.id, uidcreador: viewer.id });
const changed = (ctx: AppContext, tx: Tx, id: string) =>
  ctx.hub.publish(tx, topics.list('casos'), { name: 'list.changed', list: 'casos', id });
const nameOf = (u: { nombres: string; apellidos: string }) => `${u.nombres} ${u.apellidos}`;

/**
 * Who of these cargos hears about this case: every active Administrador or coordinator, but for
 * an agent cargo only the case's own agent in that slot (a Perito assignment tells the case's
 * investigator, not every investigator in the country).
 */
async function caseRecipients(tx: Tx, cargos: readonly Cargo[], c: CaseRow): Promise<string[]> {
  const agentCargos = cargos.filter((k) => AGENT_FIELD[k]);
  const agents = agentCargos.map((k) => c[AGENT_FIELD[k] as AgentSlot]).filter((x): x is string => !!x);
  return [
    ...agents,
    ...(await recipientsByCargo(
      tx,
      cargos.filter((k) => !AGENT_FIELD[k]),
    )),
  ];
}

/** The affected person's identification: notices carry it (spec 2 §3 notificaciones.cedula). */
async function clientCedula(tx: Tx, c: CaseRow): Promise<string | undefined> {
  const client = c.uidconductor ?? c.uidcliente;
  if (!client) return undefined;
  const [row] = await tx
    .select({ identificacion: clientes.identificacion })
    .from(clientes)
    .where(eq(clientes.id, client));
  return row ? String(row.identificacion) : undefined;
}

/** A user-state trail entry for the viewer's own action on a case (spec 2 §7). */
const stateTrail = (tx: Tx, c: CaseRow, viewer: Viewer, descripcion: string) =>
  tx.insert(trazabilidadestado).values({
    descripcion,
    estado: viewer.user.disponibilidad,
    uidcaso: c.id,
    uidusuario: viewer.id,
    cargo: viewer.cargo,
    uidcreador: viewer.id,
  });

/** Runs a dispatch action in one transaction and delivers its notifications after commit. */
async function dispatch<T>(ctx: AppContext, work: (tx: Tx, pending: Pending) => Promise<T>): Promise<T> {
  const pending: Pending = [];
  const result = await ctx.db.transaction((tx) => work(tx, pending));
  deliver(ctx, pending);
  return result;
}

// ---- Assign ------------------------------------------------------------------------------------

/**
 * A live session, by the rule auth/session.ts checks on every request: signed in (login), holding
 * the user's current token_login, and within duracion_sesion minutes of the sign-in. It does not
 * trust the availability value alone, which an expired or forced-out session may leave behind.
 */
const holdsLiveSession = sql`exists (select 1 from ${sesiones} where ${sesiones.usuario} = ${usuarios.id} and ${sesiones.token_login} = ${usuarios.token_login} and ${sesiones.creado} + make_interval(mins => ${usuarios.duracion_sesion}) > now())`;

/**
 * Candidates for the assign dialog (spec 2 §6: only signed-in agents): the matching cargo, active,
 * signed in with a live session, with an availability set and not off-shift; for Investigador and
 * Abogado only users covering the case city. Assigning checks the same list, so a stale dialog
 * cannot assign someone who has left since.
 */
export async function assignCandidates(tx: Tx | AppContext['db'], c: Pick<CaseRow, 'uidciudad'>, tipo: Cargo) {
  const conditions: SQL[] = [
    eq(usuarios.cargo, tipo),
    eq(usuarios.estado, true),
    eq(usuarios.login, true),
    holdsLiveSession,
    ne(usuarios.disponibilidad, DISPONIBILIDAD.fueraDeHorario),
    ne(usuarios.disponibilidad, ''),
  ];
  if (CITY_LIMITED_TARGETS.includes(tipo)) {
    if (!c.uidciudad) return [];
    conditions.push(arrayContains(usuarios.ciudades, [c.uidciudad]));
  }
  return tx
    .select({
      id: usuarios.id,
      nombres: usuarios.nombres,
      apellidos: usuarios.apellidos,
      disponibilidad: usuarios.disponibilidad,
      cargo: usuarios.cargo,
    })
    .from(usuarios)
    .where(and(...conditions))
    .orderBy(asc(usuarios.nombres), asc(usuarios.apellidos));
}

export async function listAssignCandidates(ctx: AppContext, viewer: Viewer, id: string, tipo: Cargo) {
  if (!can(viewer.cargo, 'casos.assign') || !(ASSIGNABLE_TYPES[viewer.cargo] ?? []).includes(tipo)) throw forbidden();
  const [c] = await ctx.db
    .select()
    .from(casos)
    .where(and(eq(casos.id, id), scopeWhere(viewer)));
  if (!c) throw notFound(MSG.casoNoExiste);
  return assignCandidates(ctx.db, c, tipo);
}

export async function assignAgent(ctx: AppContext, viewer: Viewer, id: string, tipo: Cargo, userId: string) {
  if (!can(viewer.cargo, 'casos.assign') || !(ASSIGNABLE_TYPES[viewer.cargo] ?? []).includes(tipo)) throw forbidden();
  const field = AGENT_FIELD[tipo] as AgentSlot;
  return dispatch(ctx, async (tx, pending) => {
    const c = await lockCase(tx, viewer, id);
    if (c.archivado) throw badRequest(MSG.casoArchivadoNoEditable);
    const candidates = await assignCandidates(tx, c, tipo);
    const agent = candidates.find((u) => u.id === userId);
    if (!agent) throw badRequest(MSG.usuarioNoDisponible, [{ path: 'usuario', message: MSG.usuarioNoDisponible }]);
    const previous = c[field];
    await tx
      .update(casos)
      .set({ [field]: userId, modificacion: new Date() })
      .where(eq(casos.id, id));
    await trail(tx, c, viewer, `Se asigna ${tipo}: ${nameOf(agent)}`);
    const cause = { descripcion: `Asignación al caso # ${c.caso}`, uidcaso: id, uidcreador: viewer.id };
    await recomputeAvailability(tx, ctx.hub, userId, cause);
    if (previous && previous !== userId)
      await recomputeAvailability(tx, ctx.hub, previous, {
        ...cause,
        descripcion: `Reasignación del caso # ${c.caso}`,
      });
    const recipients = [userId, ...(await caseRecipients(tx, NOTIFIED_ON_ASSIGN[tipo] ?? [], c))];
    pending.push(
      await recordNotice(
        tx,
        {
          momento: 'Asignación de caso',
          titulo: MSG.casoAsignado,
          cuerpo: `Caso # ${c.caso}: ${tipo} ${nameOf(agent)}`,
          url: caseUrl(id),
          caso: c.caso,
          uidcaso: id,
          cedula: await clientCedula(tx, c),
        },
        recipients,
      ),
    );
    await changed(ctx, tx, id);
  });
}

// ---- Request -----------------------------------------------------------------------------------

export class PlanDeniedError extends AppError {
  constructor() {
    super(422, 'PLAN_DENIED', MSG.planSinServicio);
  }
}

async function ensureRoom(tx: Tx, uidcaso: string, tipo: 'perito' | 'dibujante') {
  await tx.insert(chats).values({ tipo, roomName: MSG.chatEnProceso, uidcaso }).onConflictDoNothing();
}

/** The case flag a request of a type sets (spec 2 §4); the lawyers' requests have no flag. */
const REQUEST_FLAG: Partial<Record<Cargo, 'solicitud_perito' | 'solicitud_investigador' | 'solicitud_dibujante'>> = {
  Perito: 'solicitud_perito',
  Investigador: 'solicitud_investigador',
  Dibujante: 'solicitud_dibujante',
};
const requestTrailPrefix = (tipo: Cargo) => `Se solicita ${tipo} por `;

/**
 * Whether a type was already requested on the case: its flag, or, for Abogado and Abogado CAIT
 * (the case has no flag for them), the request's entry in the case history, which every request
 * writes. The case row is locked, so two requests of one type cannot both see "not yet".
 */
async function alreadyRequested(tx: Tx, c: CaseRow, tipo: Cargo): Promise<boolean> {
  const flag = REQUEST_FLAG[tipo];
  if (flag) return c[flag];
  const [entry] = await tx
    .select({ id: trazabilidad.id })
    .from(trazabilidad)
    .where(and(eq(trazabilidad.uidcaso, c.id), like(trazabilidad.descripcion, `${requestTrailPrefix(tipo)}%`)))
    .limit(1);
  return !!entry;
}

/**
 * SOLICITAR AGENTE (spec 2 §4 "Request"). A Perito needs an authorised plan. Each type is
 * requested once per case: asking again (a double click, a stale list) would only repeat the
 * trail and the notices, so it is refused for every type alike.
 */
export async function requestAgent(ctx: AppContext, viewer: Viewer, id: string, tipo: Cargo) {
  if (!can(viewer.cargo, 'casos.request') || !(REQUESTABLE_TYPES[viewer.cargo] ?? []).includes(tipo)) throw forbidden();
  return dispatch(ctx, async (tx, pending) => {
    const c = await lockCase(tx, viewer, id);
    if (c.archivado) throw badRequest(MSG.casoArchivadoNoEditable);
    if (tipo === 'Perito' && !(PLANES_AUTORIZADOS as readonly string[]).includes(c.tipo_plan))
      throw new PlanDeniedError();
    if (await alreadyRequested(tx, c, tipo)) throw conflict('ALREADY_REQUESTED', fmt(MSG.yaSolicitado, { tipo }));
    const set: Partial<CaseRow> = { modificacion: new Date() };
    const flag = REQUEST_FLAG[tipo];
    if (flag) set[flag] = true;
    if (tipo === 'Perito') {
      set.chat_perito = true;
      await ensureRoom(tx, id, 'perito');
    } else if (tipo === 'Dibujante') {
      set.chat_dibujante = true;
      await ensureRoom(tx, id, 'dibujante');
    }
    await tx.update(casos).set(set).where(eq(casos.id, id));
    const descripcion = `${requestTrailPrefix(tipo)}${nameOf(viewer.user)} (${viewer.cargo})`;
    await trail(tx, c, viewer, descripcion);
    await stateTrail(tx, c, viewer, descripcion);
    const recipients = await caseRecipients(tx, NOTIFIED_ON_REQUEST[tipo] ?? ['Administrador'], c);
    pending.push(
      await recordNotice(
        tx,
        {
          momento: `Solicitud de ${tipo}`,
          titulo: `SOLICITUD DE ${tipo.toUpperCase()}`,
          cuerpo: `Caso # ${c.caso}: se solicita ${tipo}`,
          url: caseUrl(id),
          caso: c.caso,
          uidcaso: id,
          cedula: await clientCedula(tx, c),
        },
        recipients,
      ),
    );
    await changed(ctx, tx, id);
  });
}

// ---- Take / release ----------------------------------------------------------------------------

/**
 * Take-case switch (Investigador, Abogado, Dibujante). Taking is one conditional UPDATE on an
 * empty slot, so of two agents taking at once exactly one wins.
 */
export async function takeCase(ctx: AppContext, viewer: Viewer, id: string, take: boolean) {
  if (!can(viewer.cargo, 'casos.take')) throw forbidden();
  const field = AGENT_FIELD[viewer.cargo] as AgentSlot;
  return dispatch(ctx, async (tx, pending) => {
    const c = await lockCase(tx, viewer, id).catch(async (err) => {
      // Someone else took it first, so it left this viewer's scope ("own or unassigned").
      const [other] = await tx.select({ holder: casos[field] }).from(casos).where(eq(casos.id, id));
      if (take && other?.holder && other.holder !== viewer.id) throw conflict('ALREADY_TAKEN', MSG.casoYaTomado);
      throw err;
    });
    if (c.archivado) throw badRequest(MSG.casoArchivadoNoEditable);
    if (take) {
      const rows = await tx
        .update(casos)
        .set({ [field]: viewer.id, modificacion: new Date() })
        .where(and(eq(casos.id, id), isNull(casos[field])))
        .returning({ id: casos.id });
      if (!rows.length) throw conflict('ALREADY_TAKEN', MSG.casoYaTomado);
      await trail(tx, c, viewer, `${viewer.cargo} ${nameOf(viewer.user)} toma el caso`);
      // Coordinators and the contact-centre user; the client is reached by the notice's cedula.
      const recipients = await caseRecipients(tx, [...(NOTIFIED_ON_TAKE[viewer.cargo] ?? []), 'Call Center'], c);
      pending.push(
        await recordNotice(
          tx,
          {
            momento: 'Caso tomado',
            titulo: MSG.casoAsignado,
            cuerpo: `Caso # ${c.caso}: ${viewer.cargo} ${nameOf(viewer.user)}`,
            url: caseUrl(id),
            caso: c.caso,
            uidcaso: id,
            cedula: await clientCedula(tx, c),
          },
          recipients,
        ),
      );
    } else {
      if (c[field] !== viewer.id) throw conflict('NOT_HOLDER', MSG.casoNoAsignadoAUsted);
      // A released Dibujante slot goes back to 'solicitado' (solicitud_dibujante stays true).
      await tx
        .update(casos)
        .set({ [field]: null, modificacion: new Date() })
        .where(eq(casos.id, id));
      await trail(tx, c, viewer, `${viewer.cargo} ${nameOf(viewer.user)} libera el caso`);
    }
    await recomputeAvailability(tx, ctx.hub, viewer.id, {
      descripcion: `${take ? 'Toma' : 'Liberación'} del caso # ${c.caso}`,
      uidcaso: id,
      uidcreador: viewer.id,
    });
    await changed(ctx, tx, id);
  });
}

// ---- Special attention -------------------------------------------------------------------------

export async function requestAttention(ctx: AppContext, viewer: Viewer, id: string) {
  if (!can(viewer.cargo, 'casos.sms')) throw forbidden();
  return dispatch(ctx, async (tx, pending) => {
    const c = await lockCase(tx, viewer, id);
    if (c.archivado) throw badRequest(MSG.casoArchivadoNoEditable);
    if (c.tipo_plan !== 'SIN PLAN' || c.solicitud_atencion) throw badRequest(MSG.errorSolicitarAprobacion);
    await tx.update(casos).set({ solicitud_atencion: true, modificacion: new Date() }).where(eq(casos.id, id));
    await trail(tx, c, viewer, 'Se solicita aprobación de asistencia especial');
    const recipients = await recipientsByCargo(tx, ['Administrador', 'Coordinador Contact Center']);
    pending.push(
      await recordNotice(
        tx,
        {
          momento: 'Solicitud de asistencia especial',
          titulo: 'ASISTENCIA ESPECIAL',
          cuerpo: `Caso # ${c.caso}: se solicita aprobación`,
          url: caseUrl(id),
          caso: c.caso,
          uidcaso: id,
          cedula: await clientCedula(tx, c),
        },
        recipients,
      ),
    );
    await changed(ctx, tx, id);
  });
}

export async function authorizeAttention(ctx: AppContext, viewer: Viewer, id: string) {
  if (!can(viewer.cargo, 'casos.authorizeAttention')) throw forbidden();
  return dispatch(ctx, async (tx) => {
    const c = await lockCase(tx, viewer, id);
    if (c.archivado) throw badRequest(MSG.casoArchivadoNoEditable);
    if (!c.solicitud_atencion) throw badRequest(MSG.atencionNoSolicitada);
    await tx.update(casos).set({ aprobar_atencion: true, modificacion: new Date() }).where(eq(casos.id, id));
    await trail(tx, c, viewer, 'Se autoriza asistencia especial');
    await changed(ctx, tx, id);
  });
}

// ---- Archive / restore -------------------------------------------------------------------------

/** Archive (not while Recibido): each assigned agent's availability is recounted (spec 2 §4). */
export async function archiveCase(ctx: AppContext, viewer: Viewer, id: string, archive: boolean) {
  if (!can(viewer.cargo, 'casos.archive')) throw forbidden();
  return dispatch(ctx, async (tx) => {
    const c = await lockCase(tx, viewer, id);
    if (archive && c.estado === ESTADO_INICIAL) throw badRequest(MSG.recibidoNoArchivable);
    if (c.archivado === archive) return;
    await tx.update(casos).set({ archivado: archive, modificacion: new Date() }).where(eq(casos.id, id));
    await trail(tx, c, viewer, archive ? MSG.casoArchivado : MSG.casoActivado);
    const released = (ESTADOS_LIBERAN_AGENTES as readonly string[]).includes(c.estado);
    if (!released) {
      const agents = new Set(AGENT_SLOTS.map((s) => c[s]).filter((x): x is string => !!x));
      for (const agent of agents) {
        await recomputeAvailability(
          tx,
          ctx.hub,
          agent,
          {
            descripcion: `${archive ? 'Archivo' : 'Restablecimiento'} del caso # ${c.caso}`,
            uidcaso: id,
            uidcreador: viewer.id,
          },
          { alwaysTrail: true },
        );
      }
    }
    await changed(ctx, tx, id);
  });
}
