import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionTimeInput, SessionTimeResponse } from '@vialex/domain';
import { api } from '../../../lib/api';
import { usersQueryKey } from './list-user-status';

/** Session time for this user or every user of their cargo; answers how many were changed. */
export function updateSessionTime({
  id,
  values,
}: {
  id: string;
  values: SessionTimeInput;
}): Promise<SessionTimeResponse> {
  return api.put<SessionTimeResponse>(`/api/estado-usuarios/${id}/duracion-sesion`, values);
}

export function useUpdateSessionTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSessionTime,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
