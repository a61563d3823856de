import type { Cargo } from '../cargos.js';
import { hasAvailabilityControl, isManualDisponibilidad } from '../availability.js';
import { MSG } from '../messages.js';
import { USER_STATUS_VISIBLE, can, canWriteUsers, mayAssignCities, mayWriteUser } from '../permissions.js';
import type { UserResponse } from '../contracts/users.js';
import { ALLOWED, refuse, type Decision } from './decision.js';

/**
 * One policy for a staff user (spec 1 §5–§6 and docs/decisions.md "Administrators and coordinators"): what a
 * viewer may do with a user. The users services refuse with these; the users presenter answers
 * `actions` from the same functions. The tables of permissions.ts (mayWriteUser, mayAssignCities,
 * the visibility tables) are the source.
 */

export interface UserViewer {
  id: string;
  cargo: Cargo;
}

export interface UserTarget {
  id: string;
  cargo: Cargo;
}

/** What a viewer may do with a user row (LISTA DE USUARIOS, ESTADO USUARIOS): the user contract's `actions`. */
export type UserActions = UserResponse['actions'];

/** Create a user of a cargo: from an unrestricted users view, and only an Administrador appoints the chiefs. */
export function mayCreateUser(viewer: UserViewer, cargo: Cargo): Decision {
  return mayWriteUser(viewer.cargo, cargo) ? ALLOWED : refuse.forbidden();
}

/**
 * Edit a user. One's own data from an unrestricted view, but nobody changes their own cargo (no
 * self-promotion, and the last administrator cannot demote themselves) or deactivates themselves.
 * Another's: the viewer must be allowed to write both the user's cargo and the new one. The area
 * changes only by the Administrador. Without `change`, whether the edit dialog opens at all.
 */
export function mayEditUser(
  viewer: UserViewer,
  target: UserTarget & { area?: string },
  change?: { cargo: Cargo; area: string; estado: boolean },
): Decision {
  const self = target.id === viewer.id;
  const cargo = change?.cargo ?? target.cargo;
  if (self ? !canWriteUsers(viewer.cargo) || cargo !== target.cargo : !mayWriteUsersCargo(viewer, target, cargo))
    return refuse.forbidden();
  if (change && change.area !== target.area && !mayChangeArea(viewer).allowed) return refuse.forbidden();
  if (change && self && !change.estado) return refuse.invalid(MSG.noInactivarPropio);
  return ALLOWED;
}

const mayWriteUsersCargo = (viewer: UserViewer, target: UserTarget, cargo: Cargo) =>
  mayWriteUser(viewer.cargo, target.cargo) && mayWriteUser(viewer.cargo, cargo);

/** The area selector of an existing user. */
export function mayChangeArea(viewer: UserViewer): Decision {
  return can(viewer.cargo, 'usuarios.changeArea') ? ALLOWED : refuse.forbidden();
}

/** Give another user a new cargo (never one's own: mayEditUser). */
export function mayChangeCargo(viewer: UserViewer, target: UserTarget): Decision {
  return target.id !== viewer.id && mayWriteUser(viewer.cargo, target.cargo) ? ALLOWED : refuse.forbidden();
}

/** The delete icon deactivates: whoever may write the user's cargo, never on oneself. */
export function mayDeactivateUser(viewer: UserViewer, target: UserTarget): Decision {
  if (!mayWriteUser(viewer.cargo, target.cargo)) return refuse.forbidden();
  return target.id === viewer.id ? refuse.invalid(MSG.noInactivarPropio) : ALLOWED;
}

/** Assign Cities (mayAssignCities): Abogado and Investigador users, by their writers and dispatchers. */
export function mayAssignCitiesTo(viewer: UserViewer, target: UserTarget): Decision {
  return mayAssignCities(viewer.cargo, target.cargo) ? ALLOWED : refuse.forbidden();
}

/** Another user's password: Administrador only; one's own is the key button, which asks for the current one. */
export function maySetPassword(viewer: UserViewer, target: Pick<UserTarget, 'id'>): Decision {
  return can(viewer.cargo, 'usuarios.changeOtherPassword') && target.id !== viewer.id ? ALLOWED : refuse.forbidden();
}

/** ESTADO USUARIOS (availability, DESLOGUEAR, session time): the cargos the viewer's status list shows. */
export function mayManageStatus(viewer: UserViewer, target: UserTarget): Decision {
  return USER_STATUS_VISIBLE[viewer.cargo].includes(target.cargo) ? ALLOWED : refuse.forbidden();
}

/** An availability value picked by hand: the busy values follow the open cases (spec 2 §4). */
export function mayPickAvailability(value: string): Decision {
  return isManualDisponibilidad(value) ? ALLOWED : refuse.invalid(MSG.disponibilidadAutomatica, 'disponibilidad');
}

/** One's own availability: only the cargos with the top-bar control, only the manual values. */
export function maySetOwnAvailability(viewer: UserViewer, value: string): Decision {
  if (!hasAvailabilityControl(viewer.cargo)) return refuse.forbidden();
  return mayPickAvailability(value);
}

/** A user's photo: the user themself and the Administrador put, replace or remove it. */
export function mayChangeUserPhoto(viewer: UserViewer, target: Pick<UserTarget, 'id'>): Decision {
  return target.id === viewer.id || viewer.cargo === 'Administrador' ? ALLOWED : refuse.forbidden();
}

/** The row actions of a user for this viewer. */
export function userActions(viewer: UserViewer, target: UserTarget): UserActions {
  const ok = (d: Decision) => d.allowed;
  return {
    edit: ok(mayEditUser(viewer, target)),
    deactivate: ok(mayDeactivateUser(viewer, target)),
    assignCities: ok(mayAssignCitiesTo(viewer, target)),
    changePassword: ok(maySetPassword(viewer, target)),
    changeArea: ok(mayChangeArea(viewer)),
    changeCargo: ok(mayChangeCargo(viewer, target)),
    manageStatus: ok(mayManageStatus(viewer, target)),
    changePhoto: ok(mayChangeUserPhoto(viewer, target)),
  };
}
