import { MSG } from '../messages.js';
import { mayManage, mayOpenTab, type CaseState, type CaseViewer, type WorkspaceCaseState } from './case.js';
import { ALLOWED, refuse, type Decision } from './decision.js';

/**
 * The case map (spec 2 §2 "Case map", §4 "Arrival"): who sees it, and the investigator's arrival.
 */

export type MapCaseState = CaseState &
  WorkspaceCaseState & { llegada: boolean; lat: number | null; lng: number | null };

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
  // An arrival somewhere unknown means nothing: the button stays, saying why (D24).
  if (c.lat === null || c.lng === null)
    return { ...refuse.conflict('CASE_WITHOUT_PLACE', MSG.llegadaSinLugar), offered: true };
  return ALLOWED;
}

/**
 * Drop or move the case's pin on the map (D24): whoever may manage the case and open its map,
 * on a case that is not archived.
 */
export function mayPlaceCase(viewer: CaseViewer, c: MapCaseState): Decision {
  const map = mayOpenMap(viewer, c);
  if (!map.allowed) return map;
  const manage = mayManage(viewer, c);
  if (!manage.allowed) return manage;
  return c.archivado ? refuse.invalid(MSG.casoArchivadoNoEditable) : ALLOWED;
}

/** The case's own agents get 'Navegar': the route handed to the phone's navigator. */
export const isCaseAgent = (viewer: CaseViewer, c: CaseState) =>
  [c.uidinvestigador, c.uidabogado, c.uidabogadocait].includes(viewer.id);
