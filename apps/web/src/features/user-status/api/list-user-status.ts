import { CARGOS, ESTADO_USUARIO, MSG } from '@vialex/domain';
import { fetchListPage } from '../../../components/list/list-api';
import type { ListField, ListParams } from '../../../components/list/types';
import { STATUS_TEXTS } from '../texts';

/** A user as GET /api/estado-usuarios answers it (the users list's row shape). */
export interface StatusRow {
  id: string;
  nombres: string;
  apellidos: string;
  email: string;
  cargo: string;
  estado: boolean;
  disponibilidad: string;
  login: boolean;
  duracion_sesion: number;
  actions: { manageStatus: boolean; changePassword: boolean };
}

/** Whose state a dialog changes: full name and cargo. */
export const describeUser = (u: StatusRow) => `${u.nombres} ${u.apellidos} · ${u.cargo}`;

/**
 * Under the users key: status changes publish the 'usuarios' live event, and writes on either
 * screen refresh both lists.
 */
export const usersQueryKey = ['usuarios'] as const;
export const statusListKey = [...usersQueryKey, 'estado'] as const;

export function fetchUserStatus(params: ListParams, signal?: AbortSignal) {
  return fetchListPage<StatusRow>('/api/estado-usuarios', params, signal);
}

/** The server's filter whitelist for ESTADO USUARIOS ('Logueo' meaning true is the LOGUEADO option). */
export const STATUS_FIELDS: readonly ListField[] = [
  { field: 'nombres', label: STATUS_TEXTS.nombres, type: 'text' },
  { field: 'apellidos', label: STATUS_TEXTS.apellidos, type: 'text' },
  { field: 'email', label: STATUS_TEXTS.email, type: 'email' },
  { field: 'cargo', label: STATUS_TEXTS.cargo, type: 'select', options: CARGOS.map((c) => ({ value: c, label: c })) },
  {
    field: 'disponibilidad',
    label: STATUS_TEXTS.disponibilidad,
    type: 'select',
    options: ESTADO_USUARIO.map((e) => ({ value: e.value, label: e.title })),
  },
  {
    field: 'login',
    label: STATUS_TEXTS.login,
    type: 'bool',
    options: [
      { value: 'true', label: MSG.logueado },
      { value: 'false', label: STATUS_TEXTS.noLogueado },
    ],
  },
  { field: 'duracion_sesion', label: STATUS_TEXTS.tiempoSesionMinutos, type: 'int' },
];
