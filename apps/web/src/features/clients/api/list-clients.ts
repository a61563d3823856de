import { LABELS, CLIENT_LIST, type ClientPage, type ClientResponse } from '@vialex/domain';
import { fetchListPage } from '../../../components/list/list-api';
import { listFields } from '../../../components/list/fields';
import type { ListParams } from '../../../components/list/types';
import { ESTADO_OPTIONS } from '../../../components/list/estado-chip';

/** A client as GET /api/clientes answers it (its contract). */
export type ClientRow = ClientResponse;

/** Every clients query lives under this key; the live 'clientes' event and the writes invalidate it. */
export const clientsQueryKey = ['clientes'] as const;
export const clientListKey = [...clientsQueryKey, 'list'] as const;

export function fetchClients(params: ListParams, signal?: AbortSignal) {
  return fetchListPage<ClientPage>('/api/clientes', params, signal);
}

/** LISTA DE CLIENTES' criteria, from the list contract (identificacion is a number, spec 1 §5). */
export const CLIENT_FIELDS = listFields(CLIENT_LIST, {
  nombres: LABELS.clientes.nombres,
  apellidos: LABELS.clientes.apellidos,
  tipoidentificacion: LABELS.clientes.tipoIdentificacion,
  identificacion: LABELS.clientes.identificacion,
  telefono: LABELS.clientes.telefono,
  ciudad: LABELS.clientes.ciudad,
  direccion: LABELS.clientes.direccion,
  estado: {
    label: LABELS.clientes.estado,
    options: ESTADO_OPTIONS,
  },
});
