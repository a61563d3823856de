import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { clientsQueryKey, type ClientRow } from './list-clients';

/**
 * GET /api/clientes/{id}: the client's record as it is now, read when their dialog opens. The
 * server logs the open on the client's 'Quién consultó sus datos' (Ley 1581 de 2012); the list
 * itself is never logged row by row.
 */
export function useClientRecord(id: string | null) {
  return useQuery({
    queryKey: [...clientsQueryKey, 'detalle', id],
    queryFn: ({ signal }) => api.get<ClientRow>(`/api/clientes/${id}`, { signal }),
    enabled: id !== null,
    // One read per opening: coming back to the window is no new look at the record.
    refetchOnWindowFocus: false,
    retry: false,
  });
}
