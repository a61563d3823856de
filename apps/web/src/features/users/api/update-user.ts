import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { updateUserSchema } from '@vialex/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { usersQueryKey, type UserRow } from './list-users';

export type UserUpdate = z.output<typeof updateUserSchema>;

export function updateUser({ id, values }: { id: string; values: UserUpdate }): Promise<UserRow> {
  return api.put<UserRow>(`/api/usuarios/${id}`, values);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
