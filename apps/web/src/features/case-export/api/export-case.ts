import { useMutation } from '@tanstack/react-query';
import type { ExportRequestResponse } from '@vialex/domain';
import { api } from '../../../lib/api';

/** Requests the SFTP export of a case's files (recorded, 'En proceso'; the back office runs it). */
export function exportCase(caseId: string): Promise<ExportRequestResponse> {
  return api.post<ExportRequestResponse>(`/api/casos/${caseId}/exportar`);
}

export const useExportCase = () => useMutation({ mutationFn: exportCase });
