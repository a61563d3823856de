import { CARGOS, MSG } from '@vialex/domain';
import { fetchListPage } from '../../../components/list/list-api';
import type { ListField, ListParams } from '../../../components/list/types';
import { USER_TEXTS } from '../texts';

/** What the viewer may do with a row, decided by the server (shown as-is, never re-derived). */
export interface UserActions {
  edit: boolean;
  deactivate: boolean;
  assignCities: boolean;
  changePassword: boolean;
  changeArea: boolean;
  changeCargo: boolean;
  manageStatus: boolean;
}

/** A staff user as GET /api/usuarios answers it. */
export interface UserRow {
  id: string;
  nombres: string;
  apellidos: string;
  identificacion: number;
  telefono: string;
  email: string;
  cargo: string;
  area: string;
  estado: boolean;
  ciudades: string[];
  disponibilidad: string;
  login: boolean;
  duracion_sesion: number;
  creado: string;
  actions: UserActions;
}

/** Every users query lives under this key; the live 'usuarios' event and the writes invalidate it. */
export const usersQueryKey = ['usuarios'] as const;
export const userListKey = [...usersQueryKey, 'list'] as const;

export function fetchUsers(params: ListParams, signal?: AbortSignal) {
  return fetchListPage<UserRow>('/api/usuarios', params, signal);
}

/** The server's filter whitelist for LISTA DE USUARIOS; e-mail and cargo are not uppercased. */
export const USER_FIELDS: readonly ListField[] = [
  { field: 'nombres', label: USER_TEXTS.nombres, type: 'text' },
  { field: 'apellidos', label: USER_TEXTS.apellidos, type: 'text' },
  { field: 'identificacion', label: USER_TEXTS.identificacion, type: 'int' },
  { field: 'telefono', label: USER_TEXTS.telefono, type: 'text' },
  { field: 'email', label: USER_TEXTS.email, type: 'email' },
  { field: 'cargo', label: USER_TEXTS.cargo, type: 'select', options: CARGOS.map((c) => ({ value: c, label: c })) },
  { field: 'area', label: USER_TEXTS.areaColumna, type: 'text' },
  {
    field: 'estado',
    label: USER_TEXTS.estado,
    type: 'bool',
    options: [
      { value: 'true', label: MSG.activo },
      { value: 'false', label: MSG.inactivo },
    ],
  },
];
