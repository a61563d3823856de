import { useQuery } from '@tanstack/react-query';
import type { Candidate } from '@vialex/domain';
import { api } from '../../../lib/api';
import { casesQueryKey } from './list-cases';

/** A user the assign dialog offers for a type, with their availability (its contract). */
export type { Candidate };

export function fetchCandidates(caseId: string, tipo: string, signal?: AbortSignal): Promise<Candidate[]> {
  return api.get<Candidate[]>(`/api/casos/${caseId}/candidatos?tipo=${encodeURIComponent(tipo)}`, { signal });
}

/** Under ['casos'], so an assignment elsewhere (availability changes) refreshes the offer. */
export function useCandidates(caseId: string | null, tipo: string) {
  return useQuery({
    queryKey: [...casesQueryKey, 'candidatos', caseId, tipo],
    queryFn: ({ signal }) => fetchCandidates(caseId!, tipo, signal),
    enabled: !!caseId && !!tipo,
    staleTime: 0,
  });
}
