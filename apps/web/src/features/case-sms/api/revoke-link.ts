import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@vialex/domain';
import { api } from '../../../lib/api';
import { caseSmsQueryKey } from './case-sms';

/** Revokes a client's case link: it no longer opens the case. */
export function revokeLink(caseId: string, linkId: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/api/casos/${caseId}/enlaces/${linkId}/revocar`);
}

export function useRevokeLink(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => revokeLink(caseId, linkId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: caseSmsQueryKey(caseId) }),
  });
}
