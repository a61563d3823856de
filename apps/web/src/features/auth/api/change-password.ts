import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@vialex/domain';
import { api } from '../../../lib/api';

export function changePassword(values: ChangePasswordInput): Promise<{ message: string }> {
  return api.put<{ message: string }>('/api/me/password', values);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
