import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendSmsResponse } from '@vialex/domain';
import { api } from '../../../lib/api';
import { caseSmsQueryKey } from './case-sms';

/** Sends the client the SMS with a new case link (the server checks the number again). */
export function sendSms(caseId: string, telefono: string): Promise<SendSmsResponse> {
  return api.post<SendSmsResponse>(`/api/casos/${caseId}/sms`, { telefono });
}

export function useSendSms(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (telefono: string) => sendSms(caseId, telefono),
    // A failed SMS is recorded too: the list shows it either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: caseSmsQueryKey(caseId) }),
  });
}
