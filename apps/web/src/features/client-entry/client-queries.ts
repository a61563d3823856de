import { useQuery } from '@tanstack/react-query';
import type { ClientMe } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { CLIENT_SESSION_ENDED, fetchClientCase, fetchClientMe } from './api/client-api';

/** The client's case as the tabs read it (TanStack Query), loaded after the entry page. */

export const clientMeKey = ['cliente', 'yo'] as const;
export const clientCaseKey = ['cliente', 'caso'] as const;

export const isSessionEnded = (e: unknown) => isApiError(e) && e.status === 401;
export const isClientSessionEnded = (e: unknown) => isApiError(e) && e.code === CLIENT_SESSION_ENDED;

/** The client's session: their case's number and when the session ends. */
export function useClientMe(initialData?: ClientMe) {
  return useQuery({
    queryKey: clientMeKey,
    initialData,
    queryFn: ({ signal }) => fetchClientMe(signal),
    retry: (n, e) => !isSessionEnded(e) && n < 2,
    staleTime: 60_000,
  });
}

/** What the client sees of their case (the información tab), read again every minute while open. */
export function useClientCase() {
  return useQuery({
    queryKey: clientCaseKey,
    queryFn: ({ signal }) => fetchClientCase(signal),
    retry: (n, e) => !isSessionEnded(e) && n < 2,
    refetchInterval: 60_000,
  });
}
