import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { usersQueryKey, type UserRow } from './list-users';

/** The delete icon: estado false; the server also signs the user out. */
export function deactivateUser(id: string): Promise<UserRow> {
  return api.delete<UserRow>(`/api/usuarios/${id}`);
}

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
