import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client } from '@vialex/domain';
import { api } from '../../../lib/api';
import { clientsQueryKey, type ClientRow } from './list-clients';

export type NewClient = Omit<Client, 'estado'>;

export function createClient(values: NewClient): Promise<ClientRow> {
  return api.post<ClientRow>('/api/clientes', values);
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
}
