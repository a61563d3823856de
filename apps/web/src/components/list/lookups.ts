import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LookupEntry, LookupName } from '@vialex/domain';
import { api } from '../../lib/api';

export type { Area, Ciudad, Departamento, Empresa, TipoCaso, TipoIdentificacion } from '@vialex/domain';

/**
 * The read-only catalogues the staff forms share (clients, users, cases), typed by their
 * contracts (LOOKUPS). They change rarely and the server lets the browser cache them, so they
 * are fetched once per session.
 */
const lookup = <N extends LookupName>(name: N) =>
  queryOptions({
    queryKey: ['lookups', name],
    queryFn: ({ signal }) => api.get<LookupEntry<N>[]>(`/api/lookups/${name}`, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const ciudadesQuery = lookup('ciudades');
export const tiposIdentificacionQuery = lookup('tiposidentificacion');
export const cargosQuery = lookup('cargos');
/**
 * Areas and companies are kept by the desk (AREA, LISTA DE EMPRESAS): one inactivated there leaves
 * the users and case forms' selects, so a form asks again each time it opens (the server does not
 * let the browser cache them either).
 */
export const areasQuery = queryOptions({ ...lookup('areas'), staleTime: 0 });
const empresasQuery = queryOptions({ ...lookup('empresas'), staleTime: 0 });

export const useCiudades = () => useQuery(ciudadesQuery);
export const useTiposIdentificacion = () => useQuery(tiposIdentificacionQuery);
export const useCargos = () => useQuery(cargosQuery);
export const useAreas = () => useQuery(areasQuery);
export const useTiposCaso = () => useQuery(lookup('tiposcaso'));
export const useEmpresas = () => useQuery(empresasQuery);
export const useDepartamentos = () => useQuery(lookup('departamentos'));
