import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@vialex/domain';
import { api } from '../../../lib/api';
import { casesQueryKey } from './list-cases';

/** Restore an archived case; answers { message: 'Caso Activado' }. */
export function restoreCase(id: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/api/casos/${id}/restablecer`);
}

export function useRestoreCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreCase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesQueryKey }),
  });
}
