import { LABELS, USER_LIST, type UserPage, type UserResponse } from '@vialex/domain';
import { fetchListPage } from '../../../components/list/list-api';
import { listFields } from '../../../components/list/fields';
import type { ListParams } from '../../../components/list/types';
import { ESTADO_OPTIONS } from '../../../components/list/estado-chip';

/** A staff user as GET /api/usuarios answers it (its contract). */
export type UserRow = UserResponse;
/** What the viewer may do with a row, decided by the server (shown as-is, never re-derived). */
export type UserActions = UserRow['actions'];

/** Every users query lives under this key; the live 'usuarios' event and the writes invalidate it. */
export const usersQueryKey = ['usuarios'] as const;
export const userListKey = [...usersQueryKey, 'list'] as const;

export function fetchUsers(params: ListParams, signal?: AbortSignal) {
  return fetchListPage<UserPage>('/api/usuarios', params, signal);
}

/** LISTA DE USUARIOS' criteria, from the list contract; e-mail and cargo are not uppercased. */
export const USER_FIELDS = listFields(USER_LIST, {
  nombres: LABELS.usuarios.nombres,
  apellidos: LABELS.usuarios.apellidos,
  identificacion: LABELS.usuarios.identificacion,
  telefono: LABELS.usuarios.telefono,
  email: LABELS.usuarios.email,
  cargo: LABELS.usuarios.cargo,
  area: LABELS.usuarios.areaColumna,
  estado: {
    label: LABELS.usuarios.estado,
    options: ESTADO_OPTIONS,
  },
});
