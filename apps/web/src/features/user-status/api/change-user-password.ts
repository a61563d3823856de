import { useMutation } from '@tanstack/react-query';
import type { PasswordPairInput } from '@vialex/domain';
import { api } from '../../../lib/api';

/** Another user's password (Administrador only), on the user's sign-in account. */
export function changeUserPassword({
  id,
  values,
}: {
  id: string;
  values: PasswordPairInput;
}): Promise<{ message: string }> {
  return api.put<{ message: string }>(`/api/usuarios/${id}/password`, values);
}

export function useChangeUserPassword() {
  return useMutation({ mutationFn: changeUserPassword });
}
