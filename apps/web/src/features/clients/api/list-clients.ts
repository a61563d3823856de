import { MSG } from '@vialex/domain';
import { fetchListPage } from '../../../components/list/list-api';
import type { ListField, ListParams } from '../../../components/list/types';
import { CLIENT_TEXTS } from '../texts';

/** A client as GET /api/clientes answers it. */
export interface ClientRow {
  id: string;
  nombres: string;
  apellidos: string;
  tipoidentificacion: string;
  identificacion: number;
  telefono: string;
  ciudad: string;
  ciudadNombre: string;
  departamento: string;
  direccion: string;
  estado: boolean;
  creado: string;
}

/** Every clients query lives under this key; the live 'clientes' event and the writes invalidate it. */
export const clientsQueryKey = ['clientes'] as const;
export const clientListKey = [...clientsQueryKey, 'list'] as const;

export function fetchClients(params: ListParams, signal?: AbortSignal) {
  return fetchListPage<ClientRow>('/api/clientes', params, signal);
}

/** The server's filter whitelist for LISTA DE CLIENTES (identificacion is a number, spec 1 §5). */
export const CLIENT_FIELDS: readonly ListField[] = [
  { field: 'nombres', label: CLIENT_TEXTS.nombres, type: 'text' },
  { field: 'apellidos', label: CLIENT_TEXTS.apellidos, type: 'text' },
  { field: 'tipoidentificacion', label: CLIENT_TEXTS.tipoIdentificacion, type: 'text' },
  { field: 'identificacion', label: CLIENT_TEXTS.identificacion, type: 'int' },
  { field: 'telefono', label: CLIENT_TEXTS.telefono, type: 'text' },
  { field: 'ciudad', label: CLIENT_TEXTS.ciudad, type: 'text' },
  { field: 'direccion', label: CLIENT_TEXTS.direccion, type: 'text' },
  {
    field: 'estado',
    label: CLIENT_TEXTS.estado,
    type: 'bool',
    options: [
      { value: 'true', label: MSG.activo },
      { value: 'false', label: MSG.inactivo },
    ],
  },
];
