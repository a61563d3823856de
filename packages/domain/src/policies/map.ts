import { MSG } from '../messages.js';
import { mayOpenTab, type CaseState, type CaseViewer, type WorkspaceCaseState } from './case.js';
import { ALLOWED, refuse, type Decision } from './decision.js';

/**
 * The case map (spec 2 §2 "Case map", §4 "Arrival"): who sees it, and the investigator's arrival.
 */

export type MapCaseState = CaseState & WorkspaceCaseState & { llegada: boolean };

/** The map: whoever sees the case's mapa tab (not Perito, Coordinador Perito). */
export function mayOpenMap(viewer: CaseViewer, c: MapCaseState): Decision {
  return mayOpenTab(viewer, c, 'mapa');
}

/**
 * Mark arrival (llegada false → true): the case's own investigator, once, on a case that is not
 * archived. The button is hidden afterwards (spec 2 §4).
 */
export function mayMarkArrival(viewer: CaseViewer, c: MapCaseState): Decision {
  if (viewer.cargo !== 'Investigador' || c.uidinvestigador !== viewer.id) return refuse.forbidden();
  if (c.archivado) return refuse.invalid(MSG.casoArchivadoNoEditable);
  if (c.llegada) return refuse.conflict('ARRIVAL_ALREADY_MARKED', MSG.llegadaYaMarcada);
  return ALLOWED;
}
