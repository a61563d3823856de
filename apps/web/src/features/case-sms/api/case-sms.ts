import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseSms } from '@vialex/domain';
import { api } from '../../../lib/api';

export const caseSmsQueryKey = (caseId: string) => ['casos', caseId, 'sms'] as const;

/** The SMS panel of a case: whether Send SMS is offered, the client's mobile, the messages sent. */
export function fetchCaseSms(caseId: string, signal?: AbortSignal): Promise<CaseSms> {
  return api.get<CaseSms>(`/api/casos/${caseId}/sms`, { signal });
}

export const caseSmsQuery = (caseId: string) =>
  queryOptions({
    queryKey: caseSmsQueryKey(caseId),
    queryFn: ({ signal }) => fetchCaseSms(caseId, signal),
    // 403 (a cargo without the panel) and 404 are answers, not hiccups.
    retry: false,
  });

export const useCaseSms = (caseId: string) => useQuery(caseSmsQuery(caseId));
