import type { Cargo } from '../cargos.js';
import { can } from '../permissions.js';
import { ALLOWED, refuse, type Decision } from './decision.js';

/** One policy for a client (spec 1 §6, spec 2 §7): who may write clients. */

export interface ClientViewer {
  cargo: Cargo;
}

/** Create, edit and deactivate in LISTA DE CLIENTES: the contact-centre desk. */
export function mayWriteClient(viewer: ClientViewer): Decision {
  return can(viewer.cargo, 'clientes.write') ? ALLOWED : refuse.forbidden();
}

/** The affected person's quick registration from the case dialog: whoever writes clients or creates cases. */
export function mayQuickRegisterClient(viewer: ClientViewer): Decision {
  return can(viewer.cargo, 'clientes.write') || can(viewer.cargo, 'casos.create') ? ALLOWED : refuse.forbidden();
}

/**
 * The client's data report (Ley 1581 de 2012: the person's right to know what is held of them):
 * whoever may edit the client, who is also who would rectify it.
 */
export function mayReportClientData(viewer: ClientViewer): Decision {
  return mayWriteClient(viewer);
}

/** Anonymising a client at once, before their retention period ends: the Administrador only. */
export function mayAnonymiseClient(viewer: ClientViewer): Decision {
  return can(viewer.cargo, 'clientes.anonimizar') ? ALLOWED : refuse.forbidden();
}
