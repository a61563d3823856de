import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResetPasswordInput } from '@vialex/domain';
import { api } from '../../../lib/api';

/** Another user's password (Administrador only), on the user's sign-in account. */
export function changeUserPassword({
  id,
  values,
}: {
  id: string;
  values: ResetPasswordInput;
}): Promise<MessageResponse> {
  return api.put<MessageResponse>(`/api/usuarios/${id}/password`, values);
}

export function useChangeUserPassword() {
  return useMutation({ mutationFn: changeUserPassword });
}
