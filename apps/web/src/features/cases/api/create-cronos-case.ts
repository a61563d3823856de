import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseData } from '@vialex/domain';
import { api } from '../../../lib/api';
import { casesQueryKey, type CaseRow } from './list-cases';

/** The "Agregar caso Cronos" dialog: same form, origin Cronos (orange chip). */
export function createCronosCase(values: CaseData): Promise<CaseRow> {
  return api.post<CaseRow>('/api/casos/cronos', values);
}

export function useCreateCronosCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCronosCase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesQueryKey }),
  });
}
