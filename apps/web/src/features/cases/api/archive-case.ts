import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@vialex/domain';
import { api } from '../../../lib/api';
import { casesQueryKey } from './list-cases';

/** Archive a case (refused for a 'Recibido' one); answers { message: 'Caso Archivado' }. */
export function archiveCase(id: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/api/casos/${id}/archivar`);
}

export function useArchiveCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveCase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesQueryKey }),
  });
}
