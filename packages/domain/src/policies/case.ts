import type { Cargo } from '../cargos.js';
import { ESTADO_INICIAL } from '../case-status.js';
import { PLANES_AUTORIZADOS, SIN_PLAN, type ChatKind } from '../constants.js';
import { MSG, fmt } from '../messages.js';
import { AGENT_FIELD, ASSIGNABLE_TYPES, MANAGE_CASE, REQUESTABLE_TYPES, can, type AgentSlot } from '../permissions.js';
import type { CaseResponse } from '../contracts/cases.js';
import { ALLOWED, isOffered, refuse, type Decision } from './decision.js';

/**
 * One policy for a case (spec 2 §4–§6): what a viewer may do with a case in its state. The
 * server calls these to refuse, the case presenter calls the same functions to answer `actions`,
 * so an action is offered exactly when it would be accepted (or refused with a message meant to
 * be read). The cargo tables of permissions.ts are the source; the case's list scope (404 out of
 * it) is the queries' job.
 *
 * Called without the case, a rule answers only its cargo part: services check that before they
 * read the case, so a cargo that may never do it gets 403 rather than 404.
 */

export interface CaseViewer {
  id: string;
  cargo: Cargo;
}

/** The state of a case the rules read (a row of `casos` has all of it). */
export type CaseState = {
  archivado: boolean;
  estado: string;
  tipo_plan: string;
  solicitud_atencion: boolean;
  aprobar_atencion: boolean;
} & Record<AgentSlot, string | null>;

/** What a viewer may do with a case, answered with it (spec 2 §6 "Row actions"): the case contract's `actions`. */
export type CaseActions = CaseResponse['actions'];

/** Nothing is dispatched or edited on an archived case. */
function notArchived(c: CaseState): Decision {
  return c.archivado ? refuse.invalid(MSG.casoArchivadoNoEditable) : ALLOWED;
}

/**
 * The slot a case's creator takes: a case a Call Center agent opens is theirs (their list shows
 * the cases of their slot) and their availability follows it. Other creators take none.
 */
export const CREATOR_SLOT: Partial<Record<Cargo, AgentSlot>> = { 'Call Center': 'uidcontactcenter' };

/**
 * What a request of a type marks on the case (spec 2 §4): the flag that shows the slot as
 * 'solicitado' (the lawyers' requests have none; their history entry says it) and, for Perito
 * and Dibujante, the chat room it opens with the flag that shows that room.
 */
export const REQUEST_MARKS: Partial<
  Record<
    Cargo,
    {
      flag: 'solicitud_perito' | 'solicitud_investigador' | 'solicitud_dibujante';
      room?: { kind: ChatKind; flag: 'chat_perito' | 'chat_dibujante' };
    }
  >
> = {
  Perito: { flag: 'solicitud_perito', room: { kind: 'perito', flag: 'chat_perito' } },
  Investigador: { flag: 'solicitud_investigador' },
  Dibujante: { flag: 'solicitud_dibujante', room: { kind: 'dibujante', flag: 'chat_dibujante' } },
};

/** Create a case by hand (Cronos, with its key, has no viewer and is not asked). */
export function mayCreateCase(viewer: CaseViewer): Decision {
  return can(viewer.cargo, 'casos.create') ? ALLOWED : refuse.forbidden();
}

/** Edit the case data: the contact-centre desk, on a case that is not archived. */
export function mayEditCase(viewer: CaseViewer, c?: CaseState): Decision {
  if (!can(viewer.cargo, 'casos.edit')) return refuse.forbidden();
  return c ? notArchived(c) : ALLOWED;
}

/**
 * Assign an agent of a type: the assigners, each only the types of its assign dialog; not on an
 * archived case; only an agent the dialog offers now (`available`: signed in, in the case city).
 */
export function mayAssign(
  viewer: CaseViewer,
  tipo: Cargo,
  c?: CaseState,
  facts: { available?: boolean } = {},
): Decision {
  if (!can(viewer.cargo, 'casos.assign') || !(ASSIGNABLE_TYPES[viewer.cargo] ?? []).includes(tipo))
    return refuse.forbidden();
  if (!c) return ALLOWED;
  if (c.archivado) return notArchived(c);
  if (facts.available === false) return refuse.invalid(MSG.usuarioNoDisponible, 'usuario');
  return ALLOWED;
}

/**
 * Request an agent of a type (SOLICITAR AGENTE): each cargo its types; not on an archived case;
 * a Perito only on a plan with the service (still offered: the answer says why); each type once
 * per case (`alreadyRequested`, which the service reads from the case and its history).
 */
export function mayRequest(
  viewer: CaseViewer,
  tipo: Cargo,
  c?: CaseState,
  facts: { alreadyRequested?: boolean } = {},
): Decision {
  if (!can(viewer.cargo, 'casos.request') || !(REQUESTABLE_TYPES[viewer.cargo] ?? []).includes(tipo))
    return refuse.forbidden();
  if (!c) return ALLOWED;
  if (c.archivado) return notArchived(c);
  if (tipo === 'Perito' && !(PLANES_AUTORIZADOS as readonly string[]).includes(c.tipo_plan))
    return { allowed: false, status: 422, code: 'PLAN_DENIED', message: MSG.planSinServicio, offered: true };
  if (facts.alreadyRequested) return refuse.conflict('ALREADY_REQUESTED', fmt(MSG.yaSolicitado, { tipo }));
  return ALLOWED;
}

/** The case slot the viewer's cargo takes, if it is one that takes cases. */
export function takeSlot(viewer: CaseViewer): AgentSlot | undefined {
  return can(viewer.cargo, 'casos.take') ? AGENT_FIELD[viewer.cargo] : undefined;
}

/** Take the case (Investigador, Abogado, Dibujante): its slot must be empty. */
export function mayTake(viewer: CaseViewer, c?: CaseState): Decision {
  const slot = takeSlot(viewer);
  if (!slot) return refuse.forbidden();
  if (!c) return ALLOWED;
  if (c.archivado) return notArchived(c);
  return c[slot] ? refuse.conflict('ALREADY_TAKEN', MSG.casoYaTomado) : ALLOWED;
}

/** Release the case: only the agent who holds the slot. */
export function mayRelease(viewer: CaseViewer, c?: CaseState): Decision {
  const slot = takeSlot(viewer);
  if (!slot) return refuse.forbidden();
  if (!c) return ALLOWED;
  if (c.archivado) return notArchived(c);
  return c[slot] === viewer.id ? ALLOWED : refuse.conflict('NOT_HOLDER', MSG.casoNoAsignadoAUsted);
}

/** Ask for special attention: the contact-centre desk, on a SIN PLAN case, once. */
export function mayRequestAttention(viewer: CaseViewer, c?: CaseState): Decision {
  if (!can(viewer.cargo, 'casos.sms')) return refuse.forbidden();
  if (!c) return ALLOWED;
  if (c.archivado) return notArchived(c);
  if (c.tipo_plan !== SIN_PLAN || c.solicitud_atencion) return refuse.invalid(MSG.errorSolicitarAprobacion);
  return ALLOWED;
}

/** Authorise special attention: once it was asked for, and once. */
export function mayAuthorizeAttention(viewer: CaseViewer, c?: CaseState): Decision {
  if (!can(viewer.cargo, 'casos.authorizeAttention')) return refuse.forbidden();
  if (!c) return ALLOWED;
  if (c.archivado) return notArchived(c);
  if (!c.solicitud_atencion) return refuse.invalid(MSG.atencionNoSolicitada);
  if (c.aprobar_atencion) return refuse.conflict('ALREADY_AUTHORIZED', MSG.atencionYaAutorizada);
  return ALLOWED;
}

/**
 * Archive: every cargo, on a case in its list, not while Recibido. Archiving an archived case
 * changes nothing and is not refused (a double click), so it is offered only on active cases.
 */
export function mayArchive(viewer: CaseViewer, c?: CaseState): Decision {
  if (!can(viewer.cargo, 'casos.archive')) return refuse.forbidden();
  if (c && c.estado === ESTADO_INICIAL) return refuse.invalid(MSG.recibidoNoArchivable);
  return ALLOWED;
}

/** Restore (Activar) an archived case: whoever may archive it. */
export function mayRestore(viewer: CaseViewer): Decision {
  return can(viewer.cargo, 'casos.archive') ? ALLOWED : refuse.forbidden();
}

/** Manage (Gestionar): some cargos only when they hold the matching slot (spec 2 §6). */
export function mayManage(viewer: CaseViewer, c: CaseState): Decision {
  const rule = MANAGE_CASE[viewer.cargo];
  return rule === 'always' || c[rule] === viewer.id ? ALLOWED : refuse.forbidden();
}

export function mayExport(viewer: CaseViewer): Decision {
  return can(viewer.cargo, 'casos.export') ? ALLOWED : refuse.forbidden();
}

/**
 * Send the client the SMS with their case link (spec 2 §6 "Policy area and SMS"): the
 * contact-centre desk, on a case that is not archived, when the plan is an authorised one
 * (SEGURO TERCERO, RC PUBLICO) or special attention was approved. Revoking a case link and
 * reading the case's SMS are the same desk's (the cargo part only).
 */
export function maySendSms(viewer: CaseViewer, c?: CaseState): Decision {
  if (!can(viewer.cargo, 'casos.sms')) return refuse.forbidden();
  if (!c) return ALLOWED;
  if (c.archivado) return notArchived(c);
  if (!(PLANES_AUTORIZADOS as readonly string[]).includes(c.tipo_plan) && !c.aprobar_atencion)
    return { allowed: false, status: 422, code: 'PLAN_DENIED', message: MSG.planSinServicio };
  return ALLOWED;
}

/** The row actions of a case for this viewer: each is its rule above, never a second copy of it. */
export function caseActions(viewer: CaseViewer, c: CaseState): CaseActions {
  const ok = (d: Decision) => d.allowed;
  return {
    assign: (ASSIGNABLE_TYPES[viewer.cargo] ?? []).filter((t) => ok(mayAssign(viewer, t, c))),
    request: (REQUESTABLE_TYPES[viewer.cargo] ?? []).filter((t) => isOffered(mayRequest(viewer, t, c))),
    take: ok(mayTake(viewer, c)) ? 'take' : ok(mayRelease(viewer, c)) ? 'release' : 'none',
    authorizeAttention: ok(mayAuthorizeAttention(viewer, c)),
    requestAttention: ok(mayRequestAttention(viewer, c)),
    manage: ok(mayManage(viewer, c)),
    export: ok(mayExport(viewer)),
    edit: ok(mayEditCase(viewer, c)),
    archive: !c.archivado && ok(mayArchive(viewer, c)),
    restore: c.archivado && ok(mayRestore(viewer)),
  };
}
