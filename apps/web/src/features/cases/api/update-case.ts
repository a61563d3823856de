import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseData } from '@vialex/domain';
import { api } from '../../../lib/api';
import { casesQueryKey, type CaseRow } from './list-cases';

export function updateCase({ id, values }: { id: string; values: CaseData }): Promise<CaseRow> {
  return api.put<CaseRow>(`/api/casos/${id}`, values);
}

export function useUpdateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesQueryKey }),
  });
}
