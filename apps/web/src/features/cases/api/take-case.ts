import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TakeCaseResponse } from '@vialex/domain';
import { api } from '../../../lib/api';
import { casesQueryKey } from './list-cases';

/** The toast's title and message, and the case (null when releasing took it out of the viewer's list). */
export type TakeResult = TakeCaseResponse;

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
