import { LABELS, ESTADO_USUARIO, MSG, USER_STATUS_LIST, type UserPage, type UserResponse } from '@vialex/domain';
import { fetchListPage } from '../../../components/list/list-api';
import { listFields } from '../../../components/list/fields';
import type { ListParams } from '../../../components/list/types';

/** What ESTADO USUARIOS reads of a user as GET /api/estado-usuarios answers it (the users list's contract). */
export type StatusRow = Pick<
  UserResponse,
  'id' | 'nombres' | 'apellidos' | 'email' | 'cargo' | 'estado' | 'disponibilidad' | 'login' | 'duracion_sesion'
> & { actions: Pick<UserResponse['actions'], 'manageStatus' | 'changePassword'> };

/** Whose state a dialog changes: full name and cargo. */
export const describeUser = (u: StatusRow) => `${u.nombres} ${u.apellidos} · ${u.cargo}`;

/**
 * Under the users key: status changes publish the 'usuarios' live event, and writes on either
 * screen refresh both lists.
 */
export const usersQueryKey = ['usuarios'] as const;
export const statusListKey = [...usersQueryKey, 'estado'] as const;

export function fetchUserStatus(params: ListParams, signal?: AbortSignal) {
  return fetchListPage<UserPage>('/api/estado-usuarios', params, signal);
}

/** ESTADO USUARIOS' criteria, from the list contract ('Logueo' meaning true is the LOGUEADO option). */
export const STATUS_FIELDS = listFields(USER_STATUS_LIST, {
  nombres: LABELS.estadoUsuarios.nombres,
  apellidos: LABELS.estadoUsuarios.apellidos,
  email: LABELS.estadoUsuarios.email,
  cargo: LABELS.estadoUsuarios.cargo,
  disponibilidad: {
    label: LABELS.estadoUsuarios.disponibilidad,
    options: ESTADO_USUARIO.map((e) => ({ value: e.value, label: e.title })),
  },
  login: {
    label: LABELS.estadoUsuarios.login,
    options: [
      { value: 'true', label: MSG.logueado },
      { value: 'false', label: LABELS.estadoUsuarios.noLogueado },
    ],
  },
  duracion_sesion: LABELS.estadoUsuarios.tiempoSesionMinutos,
});
