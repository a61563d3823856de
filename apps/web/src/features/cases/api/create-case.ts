import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseData } from '@vialex/domain';
import { api } from '../../../lib/api';
import { casesQueryKey, type CaseRow } from './list-cases';

export function createCase(values: CaseData): Promise<CaseRow> {
  return api.post<CaseRow>('/api/casos', values);
}

export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesQueryKey }),
  });
}
