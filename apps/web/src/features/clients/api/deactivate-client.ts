import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { clientsQueryKey, type ClientRow } from './list-clients';

/** The delete icon: the server only sets estado false; the client is kept. */
export function deactivateClient(id: string): Promise<ClientRow> {
  return api.delete<ClientRow>(`/api/clientes/${id}`);
}

export function useDeactivateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
}
