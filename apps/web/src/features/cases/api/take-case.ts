import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { casesQueryKey, type CaseRow } from './list-cases';

export interface TakeResult {
  title: string;
  message: string;
  /** The case, or null when releasing took it out of the viewer's list. */
  caso: CaseRow | null;
}

/** The take-case switch: take (tomar true) or release; 409 when someone else took it first. */
export function takeCase({ id, tomar }: { id: string; tomar: boolean }): Promise<TakeResult> {
  return api.post<TakeResult>(`/api/casos/${id}/tomar`, { tomar });
}

export function useTakeCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeCase,
    onSettled: () => queryClient.invalidateQueries({ queryKey: casesQueryKey }),
  });
}
