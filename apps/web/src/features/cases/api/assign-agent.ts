import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { casesQueryKey, type CaseRow } from './list-cases';

export function assignAgent({ id, tipo, usuario }: { id: string; tipo: string; usuario: string }): Promise<CaseRow> {
  return api.post<CaseRow>(`/api/casos/${id}/asignar`, { tipo, usuario });
}

export function useAssignAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesQueryKey }),
  });
}
