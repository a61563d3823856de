import type { Cargo } from './cargos.js';
import { LABELS } from './labels.js';
import { MSG, fmt } from './messages.js';
import { AGENT_FIELD, type AgentSlot } from './permissions.js';

/**
 * Every notice the product sends, as one table (spec 1 §7, spec 2 §4, §6, §7, spec 3 §4, §7;
 * docs/decisions.md "Notices"): for each event, who hears of it, its `momento`, title, body and link. The
 * server records a notice from a row of this table in the action's transaction and, after
 * commit, announces it to the recipients' open tabs and pushes it to their devices. The person
 * who caused the event is never among its recipients (the server filters them in one place).
 *
 * Where a row names an agent cargo (a Perito assignment tells "Investigador", a take tells
 * "Call Center"), it is the case's own agent in that slot, not every user of the cargo.
 */

export type NoticeEvent =
  /** A case is created (spec 2 §7; NUEVO CASO of spec 3 §7). */
  | 'caseCreated'
  /** The client enters a Recibido case, which becomes Verificado (spec 3 §4, §7 "Client entry sequence"). */
  | 'clientEntered'
  /** An agent of a type is put on the case, by hand or automatically (spec 2 §6 "Notified roles on assignment"). */
  | 'agentAssigned'
  /** An agent of a type is asked for (spec 2 §6). */
  | 'agentRequested'
  /** An Investigador, Abogado or Dibujante takes the case (spec 2 §4 "Self-take and release"). */
  | 'caseTaken'
  /** …or releases it. */
  | 'caseReleased'
  /** The investigator arrives at the accident (spec 2 §4 "Arrival"). */
  | 'arrival'
  /** A chat message, to the room's members who are not in it (spec 2 §7, 'Mensaje Chat'). */
  | 'chatMessage'
  /** The first drone photo of the case's chat (spec 2 §7, 'Carga de primera foto'). */
  | 'firstDronePhoto'
  /** The case reaches a closing status (spec 2 §7, 'Cierre de caso'). */
  | 'caseClosed'
  /** Special attention is asked for on a SIN PLAN case (spec 2 §4 "Special attention"). */
  | 'attentionRequested'
  /** …and authorised. */
  | 'attentionAuthorized'
  /** A case's SFTP export ends (decisions.md D8): 'Finalizado'… */
  | 'exportFinished'
  /** …or 'Error'. */
  | 'exportFailed'
  /** Beyond the spec: a client entered and no investigator could be assigned. */
  | 'noInvestigator'
  /** Beyond the spec: an automatically assigned investigator makes no progress. */
  | 'investigatorStalled';

export const NOTICE_EVENTS: readonly NoticeEvent[] = [
  'caseCreated',
  'clientEntered',
  'agentAssigned',
  'agentRequested',
  'caseTaken',
  'caseReleased',
  'arrival',
  'chatMessage',
  'firstDronePhoto',
  'caseClosed',
  'attentionRequested',
  'attentionAuthorized',
  'exportFinished',
  'exportFailed',
  'noInvestigator',
  'investigatorStalled',
];

/** The events whose row depends on an agent type (the type assigned or requested, the cargo that took it). */
export const TYPED_NOTICE_EVENTS: readonly NoticeEvent[] = [
  'agentAssigned',
  'agentRequested',
  'caseTaken',
  'caseReleased',
];

/** The recipients of a notice, before they are looked up. */
export interface NoticeAudience {
  /** Every active user of these cargos… */
  cargos: readonly Cargo[];
  /** …only those covering the case's city. */
  inCaseCity: boolean;
  /** The case's own agents in these slots (nobody when the slot is empty). */
  caseAgents: readonly AgentSlot[];
  /**
   * The users the action itself names: the agent assigned, the members away from a chat room,
   * the user who asked for an export.
   */
  named: boolean;
  /** The case's client too, by Web Push on the phone they entered from (spec 2 §4: a take). */
  client?: boolean;
}

/** One row of the table: who, and what they read. Texts are catalogue templates. */
export interface NoticeRule {
  audience: NoticeAudience;
  /** The case's moment (notificaciones.momento). */
  momento: string;
  titulo: string;
  cuerpo: string;
  /** Where the notice leads: a path of the app. */
  link: string;
  /**
   * A recipient keeps at most one unread notice of this event per link: a new one takes the place
   * of their unread one (a burst of chat messages is one notice per room), and its push carries
   * a Topic, so a push service still holding the earlier one replaces it.
   */
  collapse: boolean;
}

/** The values a row's templates take. */
export interface NoticeVars {
  /** The case id (links). */
  id?: string;
  /** The case number. */
  caso?: number;
  /** The agent's cargo or the type asked for. */
  cargo?: string;
  /** The agent's name. */
  nombre?: string;
  ciudad?: string;
  estado?: string;
  /** How many files. */
  n?: number;
  /** A chat message's text. */
  texto?: string;
  /** The workspace tab of a chat room ('chat', 'chat_perito', 'chat_dibujante'). */
  tab?: string;
  minutos?: number;
  /** Why an export failed. */
  mensaje?: string;
}

/** A notice about a case opens its chat (spec 3 §7: /gestionar-caso/{id}/chat). */
export const CASE_NOTICE_LINK = '/gestionar-caso/{id}/chat';
/** A chat message opens its room's tab. */
export const ROOM_NOTICE_LINK = '/gestionar-caso/{id}/{tab}';
/** An export's end opens the exports list. */
export const EXPORTS_NOTICE_LINK = '/exportaciones';

/**
 * A new case (NUEVO CASO, once per case, at its creation): of the spec's administrators, lawyers
 * and investigators covering the case's city, those who may open it — administrators and lawyers
 * (a lawyer's list holds unassigned cases, which they may take) — and the investigators'
 * coordinator, who dispatches one. An investigator's list holds only their cases: they hear of it
 * when it is theirs (its assignment).
 */
export const NOTIFIED_ON_CREATE: readonly Cargo[] = ['Administrador', 'Coordinador Investigador', 'Abogado'];

/**
 * The client entered their case (not a second NUEVO CASO): who works it now — the investigators'
 * coordinator and the case's own investigator, lawyer and contact-centre agent.
 */
export const NOTIFIED_ON_CLIENT_ENTRY: readonly Cargo[] = [
  'Coordinador Investigador',
  'Investigador',
  'Abogado',
  'Call Center',
];

/** An agent of a type is assigned (spec 2 §6); the assigned agent is told too. */
export const NOTIFIED_ON_ASSIGN: Partial<Record<Cargo, readonly Cargo[]>> = {
  Abogado: ['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado'],
  Investigador: ['Administrador', 'Coordinador Contact Center'],
  Dibujante: ['Administrador', 'Coordinador Contact Center'],
  'Abogado CAIT': ['Administrador'],
  'Call Center': ['Administrador'],
  Perito: ['Administrador', 'Coordinador Investigador', 'Investigador'],
};

/**
 * An agent takes a case (spec 2 §4: "coordinators, the client and the contact-centre user"):
 * Administrador, the contact-centre coordinator, the coordinator who dispatches that cargo and
 * the case's contact-centre user. The client is told on the phone they entered from (a push
 * to the subscription their entry registered; no notification-centre record, they have none).
 */
export const NOTIFIED_ON_TAKE: Partial<Record<Cargo, readonly Cargo[]>> = {
  Investigador: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador', 'Call Center'],
  Abogado: ['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado', 'Call Center'],
  Dibujante: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador', 'Call Center'],
};

/**
 * An agent releases a case (the spec names no notice): the same people as a take, since the
 * case is theirs to dispatch again (a released Dibujante slot is 'solicitado' again).
 */
export const NOTIFIED_ON_RELEASE: Partial<Record<Cargo, readonly Cargo[]>> = NOTIFIED_ON_TAKE;

/** A request of a type: Administrador, the contact-centre coordinator and the type's coordinator (spec 2 §6). */
export const NOTIFIED_ON_REQUEST: Partial<Record<Cargo, readonly Cargo[]>> = {
  Abogado: ['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado'],
  'Abogado CAIT': ['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado CAIT'],
  Investigador: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador'],
  Perito: ['Administrador', 'Coordinador Contact Center', 'Coordinador Perito'],
  Dibujante: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador'],
};

/** Special attention is asked for: whoever may authorise it (spec 2 §6). */
export const NOTIFIED_ON_ATTENTION_REQUEST: readonly Cargo[] = ['Administrador', 'Coordinador Contact Center'];

/**
 * Special attention is authorised (the spec names no notice): the authorisers and the case's
 * contact-centre agent, who may now send the client's SMS (spec 2 §6 "Policy area and SMS").
 */
export const NOTIFIED_ON_ATTENTION_AUTHORIZED: readonly Cargo[] = [
  'Administrador',
  'Coordinador Contact Center',
  'Call Center',
];

/**
 * A case reaches a closing status (spec 2 §7, moment 'Cierre de caso'; the spec names no
 * recipients): the administrators, the contact-centre coordinators and every agent on the case.
 */
export const NOTIFIED_ON_CLOSE: readonly Cargo[] = [
  'Administrador',
  'Coordinador Contact Center',
  'Abogado',
  'Abogado CAIT',
  'Call Center',
  'Investigador',
  'Perito',
  'Dibujante',
];

/**
 * The first drone photo of a case's chat (spec 2 §7, moment 'Carga de primera foto'; the spec names
 * no recipients): the administrators, the investigators' coordinators and the case's lawyer and
 * contact-centre agent, who follow the accident from the desk.
 */
export const NOTIFIED_ON_FIRST_DRONE_PHOTO: readonly Cargo[] = [
  'Administrador',
  'Coordinador Investigador',
  'Abogado',
  'Call Center',
];

/**
 * The investigator arrives at the accident (spec 2 §4 "Arrival": "a push notification goes out";
 * no recipients named): the administrators, the investigators' and contact-centre coordinators,
 * and the case's lawyer and contact-centre agent, who wait for it.
 */
export const NOTIFIED_ON_ARRIVAL: readonly Cargo[] = [
  'Administrador',
  'Coordinador Investigador',
  'Coordinador Contact Center',
  'Abogado',
  'Call Center',
];

/** An export finished: the user who asked for it. */
export const NOTIFIED_ON_EXPORT_FINISHED: readonly Cargo[] = [];
/** An export failed: the user who asked for it and the administrators, who keep the SFTP settings. */
export const NOTIFIED_ON_EXPORT_FAILED: readonly Cargo[] = ['Administrador'];

/**
 * Beyond the spec: a client entered a case of the automatic-assignment cities and no
 * investigator could be assigned, or the one assigned makes no progress — the dispatch desk must
 * not miss a case waiting.
 */
export const NOTIFIED_ON_NO_INVESTIGATOR: readonly Cargo[] = [
  'Administrador',
  'Coordinador Investigador',
  'Coordinador Contact Center',
];

/** Splits a row's cargos: agent cargos mean the case's agent, the others every user of the cargo. */
function ofCase(cargos: readonly Cargo[], named = false): NoticeAudience {
  return {
    cargos: cargos.filter((k) => !AGENT_FIELD[k]),
    inCaseCity: false,
    caseAgents: cargos.flatMap((k) => AGENT_FIELD[k] ?? []),
    named,
  };
}

const inCity = (cargos: readonly Cargo[]): NoticeAudience => ({
  // A new case has no agents yet: the agent cargos here are every such user of the city.
  cargos,
  inCaseCity: true,
  caseAgents: [],
  named: false,
});

type RuleText = Omit<NoticeRule, 'audience' | 'collapse'>;
const about = (momento: string, titulo: string, cuerpo: string, link = CASE_NOTICE_LINK): RuleText => ({
  momento,
  titulo,
  cuerpo,
  link,
});
const rule = (audience: NoticeAudience, text: RuleText, collapse = false): NoticeRule => ({
  audience,
  ...text,
  collapse,
});

/**
 * The row of an event. `tipo` is the agent type assigned or requested, or the cargo that took or
 * released the case (TYPED_NOTICE_EVENTS); a type with no row of its own tells nobody but whom
 * the action names (an unknown request type tells the administrators).
 */
export function noticeRule(event: NoticeEvent, tipo?: Cargo): NoticeRule {
  const of = <T>(table: Partial<Record<Cargo, T>>) => (tipo ? table[tipo] : undefined);
  switch (event) {
    case 'caseCreated':
      return rule(inCity(NOTIFIED_ON_CREATE), about(MSG.momentoCreacionCaso, MSG.nuevoCaso, MSG.casoCreadoCiudad));
    case 'clientEntered':
      return rule(
        ofCase(NOTIFIED_ON_CLIENT_ENTRY),
        about(MSG.momentoIngresoCliente, MSG.clienteEnCasoTitulo, MSG.avisoClienteEntro),
      );
    case 'agentAssigned':
      return rule(
        ofCase(of(NOTIFIED_ON_ASSIGN) ?? [], true),
        about(MSG.momentoAsignacionCaso, MSG.casoAsignado, MSG.avisoAgenteDelCaso),
      );
    case 'agentRequested':
      return rule(
        ofCase(of(NOTIFIED_ON_REQUEST) ?? ['Administrador']),
        about(
          fmt(MSG.momentoSolicitud, { tipo: tipo ?? '' }),
          fmt(MSG.avisoSolicitudTitulo, { tipo: (tipo ?? '').toUpperCase() }),
          fmt(MSG.avisoSolicitud, { tipo: tipo ?? '' }),
        ),
      );
    case 'caseTaken':
      return rule(
        { ...ofCase(of(NOTIFIED_ON_TAKE) ?? []), client: true },
        about(MSG.momentoCasoTomado, MSG.casoAsignado, MSG.avisoAgenteDelCaso),
      );
    case 'caseReleased':
      return rule(
        ofCase(of(NOTIFIED_ON_RELEASE) ?? []),
        about(MSG.momentoCasoLiberado, MSG.casoLiberado, MSG.avisoAgenteLibera),
      );
    case 'arrival':
      return rule(ofCase(NOTIFIED_ON_ARRIVAL), about(MSG.avisoLlegada, MSG.avisoLlegada, MSG.avisoLlegadaCuerpo));
    case 'chatMessage':
      // Spec 2 §7: title 'Mensaje Chat', body the message, to the members away from the room.
      return rule(ofCase([], true), about(MSG.mensajeChat, MSG.mensajeChat, '{texto}', ROOM_NOTICE_LINK), true);
    case 'firstDronePhoto':
      return rule(
        ofCase(NOTIFIED_ON_FIRST_DRONE_PHOTO),
        about(MSG.cargaPrimeraFoto, MSG.cargaPrimeraFoto, MSG.avisoPrimeraFoto),
      );
    case 'caseClosed':
      return rule(ofCase(NOTIFIED_ON_CLOSE), about(MSG.cierreCaso, MSG.cierreCaso, MSG.avisoCierreCaso));
    case 'attentionRequested':
      return rule(
        ofCase(NOTIFIED_ON_ATTENTION_REQUEST),
        about(MSG.momentoSolicitudAtencion, MSG.avisoAtencionTitulo, MSG.avisoSolicitudAtencion),
      );
    case 'attentionAuthorized':
      return rule(
        ofCase(NOTIFIED_ON_ATTENTION_AUTHORIZED),
        about(MSG.momentoAtencionAutorizada, MSG.avisoAtencionTitulo, MSG.avisoAtencionAutorizada),
      );
    case 'exportFinished':
      return rule(
        ofCase(NOTIFIED_ON_EXPORT_FINISHED, true),
        about(
          MSG.momentoExportacionFinalizada,
          MSG.exportacionFinalizadaTitulo,
          MSG.avisoExportacionFinalizada,
          EXPORTS_NOTICE_LINK,
        ),
      );
    case 'exportFailed':
      return rule(
        ofCase(NOTIFIED_ON_EXPORT_FAILED, true),
        about(MSG.momentoExportacionError, MSG.exportacionErrorTitulo, MSG.avisoExportacionError, EXPORTS_NOTICE_LINK),
      );
    case 'noInvestigator':
      return rule(
        ofCase(NOTIFIED_ON_NO_INVESTIGATOR),
        about(MSG.casoSinInvestigador, MSG.casoSinInvestigador, MSG.avisoSinInvestigador),
      );
    case 'investigatorStalled':
      return rule(
        ofCase(NOTIFIED_ON_NO_INVESTIGATOR),
        about(MSG.investigadorSinAvance, MSG.investigadorSinAvance, MSG.avisoInvestigadorSinAvance),
      );
  }
}

/** Who hears of an event (the audience of its row). */
export function noticeAudience(event: NoticeEvent, tipo?: Cargo): NoticeAudience {
  return noticeRule(event, tipo).audience;
}

/** The longest notice body: a chat message's start. */
export const NOTICE_BODY_MAX = 180;

const clip = (text: string) => (text.length > NOTICE_BODY_MAX ? `${text.slice(0, NOTICE_BODY_MAX - 1)}…` : text);

export interface ComposedNotice {
  momento: string;
  titulo: string;
  cuerpo: string;
  url: string;
  audience: NoticeAudience;
  collapse: boolean;
}

/** The room of a chat message's tab. */
const ROOM_OF_TAB: Record<string, keyof typeof LABELS.chat.salas> = {
  chat: 'general',
  chat_perito: 'perito',
  chat_dibujante: 'dibujante',
};

/**
 * A notice names its case, and a chat message its room: the spec's title with the case number
 * (and the room) beside it, unless its body already names the case.
 */
function titleOf(event: NoticeEvent, titulo: string, cuerpo: string, vars: NoticeVars): string {
  if (vars.caso === undefined || vars.caso === null) return titulo;
  const sala = event === 'chatMessage' && vars.tab ? ROOM_OF_TAB[vars.tab] : undefined;
  if (sala) return fmt(MSG.avisoDeSala, { titulo, caso: vars.caso, sala: LABELS.chat.salas[sala] });
  const named = cuerpo.toLowerCase().includes(`caso # ${vars.caso}`);
  return named ? titulo : fmt(MSG.avisoDelCaso, { titulo, caso: vars.caso });
}

/** A row filled in: the notice as it is recorded and pushed. */
export function composeNotice(event: NoticeEvent, vars: NoticeVars & { tipo?: Cargo }): ComposedNotice {
  const row = noticeRule(event, vars.tipo);
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(vars)) if (v !== undefined && v !== null) values[k] = v as string | number;
  const cuerpo = fmt(row.cuerpo, values);
  return {
    momento: fmt(row.momento, values),
    titulo: titleOf(event, fmt(row.titulo, values), cuerpo, vars),
    cuerpo: clip(cuerpo),
    url: fmt(row.link, values),
    audience: row.audience,
    collapse: row.collapse,
  };
}
