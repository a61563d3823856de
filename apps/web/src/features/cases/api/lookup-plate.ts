import { useQuery } from '@tanstack/react-query';
import { PLATE_LOOKUP_MIN_LENGTH, type PlateLookupResponse } from '@vialex/domain';
import { api } from '../../../lib/api';

/** GET /api/casos/consulta-placa: what the policy services say about a plate (its contract). */
export type PlateLookup = PlateLookupResponse;

/** The look-up starts only when the plate is longer than 5 characters (spec 2 §5). */
export function isLookupPlate(placa: string): boolean {
  return placa.trim().length >= PLATE_LOOKUP_MIN_LENGTH;
}

export function lookupPlate(placa: string, signal?: AbortSignal): Promise<PlateLookup> {
  return api.get<PlateLookup>(`/api/casos/consulta-placa?placa=${encodeURIComponent(placa)}`, { signal });
}

/** Not under ['casos']: a change of the cases list says nothing new about a plate. */
export function usePlateLookup(placa: string) {
  const normalized = placa.trim().toUpperCase();
  return useQuery({
    queryKey: ['consulta-placa', normalized],
    queryFn: ({ signal }) => lookupPlate(normalized, signal),
    enabled: isLookupPlate(normalized),
    staleTime: 10 * 60_000,
    retry: false,
  });
}
