import type { Cargo } from './cargos.js';
import { AGENT_FIELD, type AgentSlot } from './permissions.js';

/**
 * Who is notified of what (spec 2 §4, §6; README "Notifications"), as data. Where a row names
 * an agent cargo (a Perito assignment tells "Investigador", a take tells "Call Center"), it is
 * the case's own agent in that slot, not every user of the cargo.
 */

/** A new case: the administrators, lawyers and investigators covering the case's city (spec 2 §7). */
export const NOTIFIED_ON_CREATE: readonly Cargo[] = ['Administrador', 'Abogado', 'Investigador'];

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
 * the case's contact-centre user. The client is reached by the notice's cedula.
 */
export const NOTIFIED_ON_TAKE: Partial<Record<Cargo, readonly Cargo[]>> = {
  Investigador: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador', 'Call Center'],
  Abogado: ['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado', 'Call Center'],
  Dibujante: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador', 'Call Center'],
};

/** A request of a type: Administrador, the contact-centre coordinator and the type's coordinator. */
export const NOTIFIED_ON_REQUEST: Partial<Record<Cargo, readonly Cargo[]>> = {
  Abogado: ['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado'],
  'Abogado CAIT': ['Administrador', 'Coordinador Contact Center', 'Coordinador Abogado CAIT'],
  Investigador: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador'],
  Perito: ['Administrador', 'Coordinador Contact Center', 'Coordinador Perito'],
  Dibujante: ['Administrador', 'Coordinador Contact Center', 'Coordinador Investigador'],
};

/** Special attention is asked for: whoever may authorise it. */
export const NOTIFIED_ON_ATTENTION_REQUEST: readonly Cargo[] = ['Administrador', 'Coordinador Contact Center'];

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

/**
 * Beyond the spec (issue 14): a client entered a case of the automatic-assignment cities and no
 * investigator could be assigned — the dispatch desk must not miss a case waiting.
 */
export const NOTIFIED_ON_NO_INVESTIGATOR: readonly Cargo[] = [
  'Administrador',
  'Coordinador Investigador',
  'Coordinador Contact Center',
];

export type NoticeEvent =
  | 'caseCreated'
  | 'agentAssigned'
  | 'agentRequested'
  | 'caseTaken'
  | 'attentionRequested'
  | 'caseClosed'
  | 'firstDronePhoto'
  | 'arrival'
  | 'noInvestigator';

/** The recipients of a notice, before they are looked up. */
export interface NoticeAudience {
  /** Every active user of these cargos… */
  cargos: readonly Cargo[];
  /** …only those covering the case's city. */
  inCaseCity: boolean;
  /** The case's own agents in these slots (nobody when the slot is empty). */
  caseAgents: readonly AgentSlot[];
  /** The agent the action names (the one assigned). */
  namedAgent: boolean;
}

/** Splits a row's cargos: agent cargos mean the case's agent, the others every user of the cargo. */
function ofCase(cargos: readonly Cargo[], namedAgent = false): NoticeAudience {
  return {
    cargos: cargos.filter((k) => !AGENT_FIELD[k]),
    inCaseCity: false,
    caseAgents: cargos.flatMap((k) => AGENT_FIELD[k] ?? []),
    namedAgent,
  };
}

/** Who hears of an event; `tipo` is the agent type assigned or requested, or the cargo that took the case. */
export function noticeAudience(event: NoticeEvent, tipo?: Cargo): NoticeAudience {
  const row = <T>(table: Partial<Record<Cargo, T>>) => (tipo ? table[tipo] : undefined);
  switch (event) {
    case 'caseCreated':
      // A new case has no agents yet: the agent cargos here are every such user of the city.
      return { cargos: NOTIFIED_ON_CREATE, inCaseCity: true, caseAgents: [], namedAgent: false };
    case 'agentAssigned':
      return ofCase(row(NOTIFIED_ON_ASSIGN) ?? [], true);
    case 'agentRequested':
      return ofCase(row(NOTIFIED_ON_REQUEST) ?? ['Administrador']);
    case 'caseTaken':
      return ofCase(row(NOTIFIED_ON_TAKE) ?? []);
    case 'attentionRequested':
      return ofCase(NOTIFIED_ON_ATTENTION_REQUEST);
    case 'caseClosed':
      return ofCase(NOTIFIED_ON_CLOSE);
    case 'firstDronePhoto':
      return ofCase(NOTIFIED_ON_FIRST_DRONE_PHOTO);
    case 'arrival':
      return ofCase(NOTIFIED_ON_ARRIVAL);
    case 'noInvestigator':
      return ofCase(NOTIFIED_ON_NO_INVESTIGATOR);
  }
}
