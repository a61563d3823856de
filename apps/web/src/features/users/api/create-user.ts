import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { createUserSchema } from '@vialex/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { usersQueryKey, type UserRow } from './list-users';

export type NewUser = z.output<typeof createUserSchema>;

/** Creates the user and its sign-in account (crearUsuario of the spec). */
export function createUser(values: NewUser): Promise<UserRow> {
  return api.post<UserRow>('/api/usuarios', values);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
