import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client } from '@vialex/domain';
import { api } from '../../../lib/api';
import { clientsQueryKey, type ClientRow } from './list-clients';

export function updateClient({ id, values }: { id: string; values: Client }): Promise<ClientRow> {
  return api.put<ClientRow>(`/api/clientes/${id}`, values);
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
}
