import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { casesQueryKey, type CaseRow } from './list-cases';

/** Authorize special attention on a case whose approval was requested. */
export function authorizeAttention(id: string): Promise<CaseRow> {
  return api.post<CaseRow>(`/api/casos/${id}/autorizar-atencion`);
}

export function useAuthorizeAttention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authorizeAttention,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesQueryKey }),
  });
}
