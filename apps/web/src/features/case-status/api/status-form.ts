import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseStatusForm } from '@vialex/domain';
import { api } from '../../../lib/api';
import { caseKeys } from '../../../lib/case-keys';

/** GESTIÓN's choices: the active statuses, and whether this viewer may save (and why not). */
export function getStatusForm(caseId: string): Promise<CaseStatusForm> {
  return api.get<CaseStatusForm>(`/api/casos/${caseId}/gestion`);
}

export const statusFormQuery = (caseId: string) =>
  queryOptions({ queryKey: caseKeys.statusForm(caseId), queryFn: () => getStatusForm(caseId) });

export function useStatusForm(caseId: string) {
  return useQuery(statusFormQuery(caseId));
}
