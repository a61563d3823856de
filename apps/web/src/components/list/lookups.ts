import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * The read-only catalogues the staff forms share (clients, users, cases). They change
 * rarely and the server lets the browser cache them, so they are fetched once per session.
 */
export interface Ciudad {
  id: string;
  ciudad: string;
  departamento: string;
  departamentoId: string;
  lat: number;
  lng: number;
}
export interface TipoIdentificacion {
  id: string;
  tipo: string;
}
export interface Area {
  id: string;
  nombre: string;
  value: string;
}
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

export const ciudadesQuery = lookup<Ciudad[]>('ciudades');
export const tiposIdentificacionQuery = lookup<TipoIdentificacion[]>('tiposidentificacion');
export const cargosQuery = lookup<{ cargo: string }[]>('cargos');
export const areasQuery = lookup<Area[]>('areas');

export const useCiudades = () => useQuery(ciudadesQuery);
export const useTiposIdentificacion = () => useQuery(tiposIdentificacionQuery);
export const useCargos = () => useQuery(cargosQuery);
export const useAreas = () => useQuery(areasQuery);
export const useTiposCaso = () => useQuery(lookup<TipoCaso[]>('tiposcaso'));
export const useEmpresas = () => useQuery(lookup<Empresa[]>('empresas'));
export const useDepartamentos = () => useQuery(lookup<Departamento[]>('departamentos'));
