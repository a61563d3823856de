import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput, MessageResponse } from '@vialex/domain';
import { api } from '../../../lib/api';

export function changePassword(values: ChangePasswordInput): Promise<MessageResponse> {
  return api.put<MessageResponse>('/api/me/password', values);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
