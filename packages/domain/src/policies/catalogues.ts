import type { Cargo } from '../cargos.js';
import { MSG } from '../messages.js';
import { can } from '../permissions.js';
import { ALLOWED, refuse, type Decision } from './decision.js';

/**
 * One policy for the catalogues the desk keeps (spec 3 §4–§6): who writes vehicles, companies,
 * areas and the case-status catalogue, and the status catalogue's row lock. The catalogue
 * services refuse with these; the web hides what the page's `permissions.write` says no to.
 */

export interface CatalogueViewer {
  cargo: Cargo;
}

const byCargo = (allowed: boolean): Decision => (allowed ? ALLOWED : refuse.forbidden());

/** Create, edit and deactivate vehicles: Call Center, Coordinador Contact Center and Administrador (spec 3 §6). */
export const mayWriteVehicle = (viewer: CatalogueViewer): Decision => byCargo(can(viewer.cargo, 'vehiculos.write'));

/** Create, edit and deactivate companies: the same desk (spec 3 §6). */
export const mayWriteCompany = (viewer: CatalogueViewer): Decision => byCargo(can(viewer.cargo, 'empresas.write'));

/** Create, edit and inactivate areas: Administrador only (spec 3 §5, §6). */
export const mayWriteArea = (viewer: CatalogueViewer): Decision => byCargo(can(viewer.cargo, 'areas.write'));

/** A row of the case-status catalogue as its lock sees it. */
export interface StatusCatalogueRow {
  editable: boolean;
}

/**
 * Create, edit and inactivate in TIPO DE GESTIONES: the spec shows no role rule beyond the lock,
 * and its lock messages send everybody to the Administrador, so the Administrador keeps it
 * (docs/decisions.md "Catalogues"). With a row: a row with editable false is locked for everybody (spec 3 §4).
 */
export function mayEditCaseStatus(viewer: CatalogueViewer, row?: StatusCatalogueRow): Decision {
  if (!can(viewer.cargo, 'estadoscaso.write')) return refuse.forbidden();
  if (row && !row.editable) return refuse.conflict('STATUS_LOCKED', MSG.noSePuedeEditar);
  return ALLOWED;
}

/** Inactivate (or activate again) a status row: the same cargos; a locked row answers its own message. */
export function mayToggleCaseStatus(viewer: CatalogueViewer, row: StatusCatalogueRow): Decision {
  if (!can(viewer.cargo, 'estadoscaso.write')) return refuse.forbidden();
  if (!row.editable) return refuse.conflict('STATUS_LOCKED', MSG.noSePuedeInactivar);
  return ALLOWED;
}
