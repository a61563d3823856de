import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Disponibilidad, Me } from '@vialex/domain';
import { api } from '../../../lib/api';
import { meQueryKey } from '../../../lib/session';

export function updateAvailability(disponibilidad: Disponibilidad): Promise<Me> {
  return api.put<Me>('/api/me/availability', { disponibilidad });
}

export function useUpdateAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAvailability,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
