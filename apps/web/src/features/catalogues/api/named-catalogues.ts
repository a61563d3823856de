import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AREA_LIST,
  CASE_STATUS_CATALOGUE_LIST,
  type AreaCatalogueResponse,
  type CaseStatusCatalogueResponse,
  type WritablePage,
} from '@vialex/domain';
import { api } from '../../../lib/api';
import { fetchListPage } from '../../../components/list/list-api';
import type { ListParams } from '../../../components/list/types';

/**
 * AREA and TIPO DE GESTIONES: a name and whether it is active, each list under its live name
 * ('areas', 'estadoscaso'); a write also refreshes the forms that offer the active ones.
 */
export interface NamedCatalogue {
  /** The API path and the live list name. */
  path: string;
  list: 'areas' | 'estadoscaso';
  /** The lookup a form reads the active rows from, refreshed after a write. */
  lookup?: readonly unknown[];
  contract: typeof AREA_LIST | typeof CASE_STATUS_CATALOGUE_LIST;
}

export type NamedRow = AreaCatalogueResponse | CaseStatusCatalogueResponse;

export const AREAS: NamedCatalogue = {
  path: '/api/areas',
  list: 'areas',
  lookup: ['lookups', 'areas'],
  contract: AREA_LIST,
};
export const STATUSES: NamedCatalogue = {
  path: '/api/estados-caso',
  list: 'estadoscaso',
  contract: CASE_STATUS_CATALOGUE_LIST,
};

export const listKey = (c: NamedCatalogue) => [c.list, 'list'] as const;

export function fetcherOf<R extends NamedRow>(c: NamedCatalogue) {
  return (params: ListParams, signal?: AbortSignal) => fetchListPage<WritablePage<R>>(c.path, params, signal);
}

function useInvalidate(c: NamedCatalogue) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: [c.list] });
    if (c.lookup) await queryClient.invalidateQueries({ queryKey: c.lookup });
  };
}

export interface NamedValues {
  nombre: string;
  estado?: boolean;
}

export function useSaveNamed<R extends NamedRow>(c: NamedCatalogue) {
  const onSuccess = useInvalidate(c);
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: NamedValues }) =>
      id ? api.put<R>(`${c.path}/${id}`, values) : api.post<R>(c.path, values),
    onSuccess,
  });
}

/** The inactivate action (or activating again): the state asked for. */
export function useSetNamedState<R extends NamedRow>(c: NamedCatalogue) {
  const onSuccess = useInvalidate(c);
  return useMutation({
    mutationFn: ({ id, estado }: { id: string; estado: boolean }) => api.put<R>(`${c.path}/${id}/estado`, { estado }),
    onSuccess,
  });
}
