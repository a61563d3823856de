import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginInput, Me, SignInResponse } from '@vialex/domain';
import { api } from '../../../lib/api';
import { meQueryKey } from '../../../lib/session';

/** The password step: signed in, or one more step (the second factor, or its setup). */
export function login(values: LoginInput): Promise<SignInResponse> {
  // A 401 here is a wrong password, not a lost session.
  return api.post<SignInResponse>('/api/auth/login', values, { ignoreSessionLoss: true });
}

/** Start clean: nothing of a previous user may linger in the cache. */
export function signedIn(queryClient: QueryClient, user: Me) {
  queryClient.clear();
  queryClient.setQueryData(meQueryKey, user);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if ('user' in answer) signedIn(queryClient, answer.user);
    },
  });
}
