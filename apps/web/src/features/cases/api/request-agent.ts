import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { casesQueryKey, type CaseRow } from './list-cases';

/** SOLICITAR AGENTE; a Perito on a plan without the service answers 422 PLAN_DENIED. */
export function requestAgent({ id, tipo }: { id: string; tipo: string }): Promise<CaseRow> {
  return api.post<CaseRow>(`/api/casos/${id}/solicitar`, { tipo });
}

export function useRequestAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesQueryKey }),
  });
}
