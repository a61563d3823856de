import { isClosedStatus, normalizeEstadoCaso } from '../case-status.js';
import { MSG, fmt } from '../messages.js';
import { can } from '../permissions.js';
import { mayManage, type CaseState, type CaseViewer } from './case.js';
import { ALLOWED, refuse, type Decision } from './decision.js';

/**
 * Change a case's status with a note and an optional document (GESTIÓN, spec 2 §4 "Status
 * change", §6 "Status management"). Part of the case policy; its own file because it is the
 * status form's rule. In order:
 * - the cargo: everyone whose workspace shows the Gestionar tab (not Perito, Coordinador Perito);
 * - the case's list scope is the queries' job (out of it: 'El caso no existe', 404);
 * - whoever may manage the case (spec 2 §6: Abogado CAIT, Call Center only on their own case);
 * - not on an archived case (restore it first), as every other action on a case;
 * - a closed case (Cancelado, Conciliado, No conciliado, CERRADO) only by the Administrador; the
 *   others are told 'El caso ha sido {status}, para realizar gestiones comuníquese con nuestro
 *   Administrador.'
 * Called without the case it answers only the cargo part, so a cargo that may never do it gets
 * 403 before the case is read.
 */
export function mayChangeStatus(viewer: CaseViewer, c?: CaseState): Decision {
  if (!can(viewer.cargo, 'casos.changeStatus')) return refuse.forbidden();
  if (!c) return ALLOWED;
  const manage = mayManage(viewer, c);
  if (!manage.allowed) return manage;
  if (c.archivado) return refuse.invalid(MSG.casoArchivadoNoEditable);
  return closedCaseLock(viewer, c.estado);
}

/** The closed-case lock alone (spec 2 §6 "Status management: Closed cases: Administrador only"). */
export function closedCaseLock(viewer: CaseViewer, estado: string): Decision {
  if (!isClosedStatus(estado) || can(viewer.cargo, 'casos.manageClosed')) return ALLOWED;
  return {
    allowed: false,
    status: 403,
    code: 'CASE_CLOSED',
    message: fmt(MSG.casoCerrado, { estado: normalizeEstadoCaso(estado) }),
  };
}
