import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { usersQueryKey, type UserRow } from './list-users';

/** Assign Cities: the DANE ids of the municipalities an Abogado or Investigador covers. */
export function assignCities({ id, ciudades }: { id: string; ciudades: string[] }): Promise<UserRow> {
  return api.put<UserRow>(`/api/usuarios/${id}/ciudades`, { ciudades });
}

export function useAssignCities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignCities,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
