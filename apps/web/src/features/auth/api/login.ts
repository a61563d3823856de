import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '@vialex/domain';
import { api } from '../../../lib/api';
import { meQueryKey } from '../../../lib/session';

export function login(values: LoginInput): Promise<LoginResponse> {
  // A 401 here is a wrong password, not a lost session.
  return api.post<LoginResponse>('/api/auth/login', values, { ignoreSessionLoss: true });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      // Start clean: nothing of a previous user may linger in the cache.
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, user);
    },
  });
}
