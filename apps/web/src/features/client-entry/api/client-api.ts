import type { ClientCase, ClientEntryInfo, ClientEntryInput, ClientMe } from '@vialex/domain';
import { api } from '../../../lib/api';

/** The entry's answer (clientEntryResponse): the session, the automatic assignment, the address notice. */
export interface ClientEntryResult extends ClientMe {
  asignacion: { investigador: string | null; message: string } | null;
  aviso: string | null;
}

/** The 401 code of a client session that ended (its 120 minutes, or left) or never existed. */
export const CLIENT_SESSION_ENDED = 'CLIENT_SESSION_ENDED';

/** The client's own paths (spec 3 §2): the client scope answers these only, with its own cookie. */
export const CLIENT_API = {
  chat: '/api/cliente/chat',
  chatFiles: '/api/cliente/chat/archivos',
  live: '/api/cliente/live',
  map: '/api/cliente/mapa',
} as const;

/** GET the case a link opens and its privacy notice (404 'El caso no existe', 409 'No puede ingresar al caso…'). */
export const fetchEntryInfo = (token: string, signal?: AbortSignal) =>
  api.get<ClientEntryInfo>(`/api/cliente/entrada/${encodeURIComponent(token)}`, { signal, ignoreSessionLoss: true });

/** POST the entry: the client's session cookie comes with the answer. */
export const enterCase = (body: ClientEntryInput) =>
  api.post<ClientEntryResult>('/api/cliente/entrada', body, { ignoreSessionLoss: true });

export const fetchClientMe = (signal?: AbortSignal) =>
  api.get<ClientMe>('/api/cliente/yo', { signal, ignoreSessionLoss: true });

export const fetchClientCase = (signal?: AbortSignal) =>
  api.get<ClientCase>('/api/cliente/caso', { signal, ignoreSessionLoss: true });

export const leaveCase = () =>
  api.post<{ message: string }>('/api/cliente/salir', undefined, { ignoreSessionLoss: true });
