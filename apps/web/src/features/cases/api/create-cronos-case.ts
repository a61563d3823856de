import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseData } from '@vialex/domain';
import { api } from '../../../lib/api';
import { casesQueryKey, type CaseRow } from './list-cases';

/** The "Agregar caso Cronos" dialog: same form, origin Cronos (orange chip), same Idempotency-Key rule. */
export function createCronosCase({
  values,
  idempotencyKey,
}: {
  values: CaseData;
  idempotencyKey: string;
}): Promise<CaseRow> {
  return api.post<CaseRow>('/api/casos/cronos', values, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateCronosCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCronosCase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesQueryKey }),
  });
}
