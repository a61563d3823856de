import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientAnonymiseUrl } from '@vialex/domain';
import { api } from '../../../lib/api';
import { clientsQueryKey, type ClientRow } from './list-clients';

/**
 * 'Anonimizar datos' (the Administrador): the server suppresses the person's data at once and
 * answers the client as it is left ('Cliente anonimizado'); 409 while a case of theirs is open.
 */
export function anonymiseClient(id: string): Promise<ClientRow> {
  return api.post<ClientRow>(clientAnonymiseUrl(id), {});
}

export function useAnonymiseClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: anonymiseClient,
    // The cases and chats name the client too: everything under 'clientes' is read again, and the
    // cases' lists follow the server's live notice.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
}
