import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { usersQueryKey, type StatusRow } from './list-user-status';

/** DESLOGUEAR: the only login change allowed; the user's open tabs are sent to /login live. */
export function forceLogout(id: string): Promise<StatusRow> {
  return api.put<StatusRow>(`/api/estado-usuarios/${id}/login`, { login: false });
}

export function useForceLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forceLogout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
