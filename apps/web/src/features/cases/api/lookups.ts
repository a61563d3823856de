import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * The case form's catalogues that components/list/lookups.ts does not offer. Same key shape
 * (['lookups', name]) and caching, so they could move there unchanged.
 */
export interface TipoCaso {
  id: number;
  tipo: string;
}
export interface Empresa {
  id: string;
  empresa: string;
  nit: string;
}
export interface Departamento {
  id: string;
  departamento: string;
}

const lookup = <T>(name: string) =>
  queryOptions({
    queryKey: ['lookups', name],
    queryFn: ({ signal }) => api.get<T>(`/api/lookups/${name}`, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useTiposCaso = () => useQuery(lookup<TipoCaso[]>('tiposcaso'));
export const useEmpresas = () => useQuery(lookup<Empresa[]>('empresas'));
export const useDepartamentos = () => useQuery(lookup<Departamento[]>('departamentos'));
