import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseData } from '@vialex/domain';
import { api } from '../../../lib/api';
import { casesQueryKey, type CaseRow } from './list-cases';

/** Creating a case with the submission's Idempotency-Key: a retry with the same key gets the same case. */
export function createCase({ values, idempotencyKey }: { values: CaseData; idempotencyKey: string }): Promise<CaseRow> {
  return api.post<CaseRow>('/api/casos', values, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesQueryKey }),
  });
}
