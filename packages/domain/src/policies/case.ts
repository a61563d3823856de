import type { Cargo } from '../cargos.js';
import { ESTADO_INICIAL } from '../case-status.js';
import { PLANES_AUTORIZADOS, SIN_PLAN, type ChatKind } from '../constants.js';
import { MSG, fmt } from '../messages.js';
import {
  AGENT_FIELD,
  AGENT_SLOTS,
  ASSIGNABLE_TYPES,
  MANAGE_CASE,
  REQUESTABLE_TYPES,
  can,
  type AgentSlot,
} from '../permissions.js';
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
} & Record<AgentSlot, string | null> &
  Partial<Record<RequestFlag, boolean>>;

/** The case's flag of each requestable type: set by its request, read so it is not asked twice. */
export type RequestFlag =
  | 'solicitud_perito'
  | 'solicitud_investigador'
  | 'solicitud_dibujante'
  | 'solicitud_abogado'
  | 'solicitud_abogado_cait';

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
 * 'solicitado' and keeps the type from being offered again and, for Perito and Dibujante, the
 * chat room it opens with the flag that shows that room.
 */
export const REQUEST_MARKS: Partial<
  Record<
    Cargo,
    {
      flag: RequestFlag;
      room?: { kind: ChatKind; flag: 'chat_perito' | 'chat_dibujante' };
    }
  >
> = {
  Abogado: { flag: 'solicitud_abogado' },
  'Abogado CAIT': { flag: 'solicitud_abogado_cait' },
  Perito: { flag: 'solicitud_perito', room: { kind: 'perito', flag: 'chat_perito' } },
  Investigador: { flag: 'solicitud_investigador' },
  Dibujante: { flag: 'solicitud_dibujante', room: { kind: 'dibujante', flag: 'chat_dibujante' } },
};

/** Whether the type was already requested on the case (its flag). */
export function requestedOn(c: CaseState, tipo: Cargo): boolean {
  const marks = REQUEST_MARKS[tipo];
  return marks ? c[marks.flag] === true : false;
}

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
 * per case (its request flag, REQUEST_MARKS; `alreadyRequested` overrides it).
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
  // Asked once per case: a type already asked is neither offered nor accepted (409).
  if (facts.alreadyRequested ?? requestedOn(c, tipo))
    return refuse.conflict('ALREADY_REQUESTED', fmt(MSG.yaSolicitado, { tipo }));
  if (tipo === 'Perito' && !(PLANES_AUTORIZADOS as readonly string[]).includes(c.tipo_plan))
    return { allowed: false, status: 422, code: 'PLAN_DENIED', message: MSG.planSinServicio, offered: true };
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

/**
 * All that caseActions reads of its viewer: the cargo, and which of the case's agent slots the
 * viewer holds (the rules compare the viewer with the case through its slots only). Viewers with
 * the same key get the same actions of a case, so the case list keeps them by it.
 */
export function caseActionsKey(viewer: CaseViewer, c: CaseState): string {
  let held = '';
  for (const slot of AGENT_SLOTS) held += c[slot] === viewer.id ? '1' : '0';
  return `${viewer.cargo}:${held}`;
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

// ---------------------------------------------------------------------------------------------
// The case workspace, /gestionar-caso/{id}/{tab} (spec 2 §2 "Case management screen", §6)

/** The workspace's tabs in the spec's order; `informacion` is the spec's empty tab (DATOS DEL CASO). */
export const WORKSPACE_TABS = ['chat', 'informacion', 'gestionar', 'mapa', 'chat_perito', 'chat_dibujante'] as const;
export type WorkspaceTab = (typeof WORKSPACE_TABS)[number];

/** Who looks at a workspace: a staff cargo, or the client through their case link (a later issue). */
export type WorkspaceViewerKind = Cargo | 'Cliente';

/**
 * Tab visibility as data (spec 2 §2): a tab is hidden for the kinds in `hiddenFor`, shown only to
 * `onlyFor` when set, and the expert and draftsperson rooms only once that agent was requested.
 */
export const WORKSPACE_TAB_RULES: Record<
  WorkspaceTab,
  {
    hiddenFor?: readonly WorkspaceViewerKind[];
    onlyFor?: readonly WorkspaceViewerKind[];
    needs?: 'perito' | 'dibujante';
  }
> = {
  chat: {},
  informacion: {},
  gestionar: { hiddenFor: ['Cliente', 'Perito', 'Coordinador Perito'] },
  mapa: { hiddenFor: ['Perito', 'Coordinador Perito'] },
  chat_perito: {
    // D23: the Administrador too (spec 2 §6 names them for this room's files and block button).
    onlyFor: ['Perito', 'Coordinador Perito', 'Coordinador Investigador', 'Investigador', 'Administrador'],
    needs: 'perito',
  },
  chat_dibujante: {
    onlyFor: ['Coordinador Investigador', 'Dibujante', 'Administrador', 'Investigador'],
    needs: 'dibujante',
  },
};

/** What the tab rules read of a case. */
export type WorkspaceCaseState = {
  solicitud_perito: boolean;
  solicitud_dibujante: boolean;
} & Pick<Record<AgentSlot, string | null>, 'uidperito' | 'uiddibujante'>;

/**
 * Whether an expert or a draftsperson was requested on the case: asked for (SOLICITAR AGENTE), or
 * one is on the case (an Administrador may assign a Perito without asking first).
 */
export function agentRequested(c: WorkspaceCaseState, kind: 'perito' | 'dibujante'): boolean {
  return kind === 'perito' ? c.solicitud_perito || !!c.uidperito : c.solicitud_dibujante || !!c.uiddibujante;
}

/** Whether this kind of viewer sees this tab on a case in this state (pure; tested row by row). */
export function tabVisible(kind: WorkspaceViewerKind, tab: WorkspaceTab, c: WorkspaceCaseState): boolean {
  const rule = WORKSPACE_TAB_RULES[tab];
  if (rule.hiddenFor?.includes(kind)) return false;
  if (rule.onlyFor && !rule.onlyFor.includes(kind)) return false;
  return !rule.needs || agentRequested(c, rule.needs);
}

/** The tabs a viewer sees on a case, in the spec's order. */
export function workspaceTabs(kind: WorkspaceViewerKind, c: WorkspaceCaseState): WorkspaceTab[] {
  return WORKSPACE_TABS.filter((t) => tabVisible(kind, t, c));
}

/**
 * Open a case's workspace: whoever may manage it ('Gestionar', spec 2 §6). The case must be in the
 * viewer's list scope as well; out of it the answer is 'El caso no existe' (the queries' job).
 */
export function mayOpenWorkspace(viewer: CaseViewer, c: CaseState): Decision {
  return mayManage(viewer, c);
}

/** Read one tab's data: the workspace, and the tab shown to this viewer. */
export function mayOpenTab(viewer: CaseViewer, c: CaseState & WorkspaceCaseState, tab: WorkspaceTab): Decision {
  const open = mayOpenWorkspace(viewer, c);
  if (!open.allowed) return open;
  return tabVisible(viewer.cargo, tab, c) ? ALLOWED : refuse.forbidden();
}

/**
 * Look the vehicle's policy up again from DATOS DEL CASO (spec 2 §7, GET kronos): it changes the
 * case's plan, so whoever edits the case data (the contact-centre desk), not on an archived case.
 */
export function mayLookupPolicy(viewer: CaseViewer, c?: CaseState): Decision {
  if (!can(viewer.cargo, 'casos.edit')) return refuse.forbidden();
  return c ? notArchived(c) : ALLOWED;
}

/** The request-approval button of the policy area: hidden, offered, or shown disabled once asked. */
export type AttentionButton = 'oculto' | 'disponible' | 'solicitado';

/** The buttons of the policy area (spec 2 §6 "Policy area and SMS"), each from its rule. */
export interface PolicyPanelActions {
  consultarPoliza: boolean;
  solicitarAprobacion: AttentionButton;
  /** Request expert / draftsperson buttons: the types offered. */
  solicitar: ('Perito' | 'Dibujante')[];
}

export function policyPanelActions(viewer: CaseViewer, c: CaseState & WorkspaceCaseState): PolicyPanelActions {
  // Shown for SIN PLAN without approval to those who may ask; disabled once asked (spec 2 §4).
  const attentionShown =
    can(viewer.cargo, 'casos.sms') && !c.archivado && c.tipo_plan === SIN_PLAN && !c.aprobar_atencion;
  const solicitarAprobacion: AttentionButton = !attentionShown
    ? 'oculto'
    : c.solicitud_atencion
      ? 'solicitado'
      : mayRequestAttention(viewer, c).allowed
        ? 'disponible'
        : 'oculto';
  // Spec 2 §6: Administrador, Investigador, Coordinador Investigador, on an authorised plan, while
  // that agent was not requested yet; each through the same request rule as SOLICITAR AGENTE.
  const solicitar = can(viewer.cargo, 'casos.requestExpertInfoPanel')
    ? (['Perito', 'Dibujante'] as const).filter(
        (tipo) =>
          (PLANES_AUTORIZADOS as readonly string[]).includes(c.tipo_plan) &&
          !agentRequested(c, tipo === 'Perito' ? 'perito' : 'dibujante') &&
          mayRequest(viewer, tipo, c).allowed,
      )
    : [];
  return { consultarPoliza: mayLookupPolicy(viewer, c).allowed, solicitarAprobacion, solicitar };
}
