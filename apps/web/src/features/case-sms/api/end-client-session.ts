import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@vialex/domain';
import { api } from '../../../lib/api';
import { caseSmsQueryKey } from './case-sms';

/** Ends the client's session on the case: their phone leaves it (the link opens it again). */
export function endClientSession(caseId: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/api/casos/${caseId}/sesion-cliente/terminar`);
}

export function useEndClientSession(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endClientSession(caseId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: caseSmsQueryKey(caseId) }),
  });
}
