import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Disponibilidad } from '@vialex/domain';
import { api } from '../../../lib/api';
import { usersQueryKey, type StatusRow } from './list-user-status';

/** A coordinator sets another user's availability; the server records it in the user-state trace. */
export function updateUserAvailability({
  id,
  disponibilidad,
}: {
  id: string;
  disponibilidad: Disponibilidad;
}): Promise<StatusRow> {
  return api.put<StatusRow>(`/api/estado-usuarios/${id}/disponibilidad`, { disponibilidad });
}

export function useUpdateUserAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserAvailability,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
