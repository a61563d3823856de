import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExportActionResponse } from '@vialex/domain';
import { api } from '../../../lib/api';
import { exportsQueryKey } from './list-exports';

/** 'Reintentar' an export that ended in Error or was cancelled. */
export function retryExport(id: string): Promise<ExportActionResponse> {
  return api.post<ExportActionResponse>(`/api/exportaciones/${id}/reintentar`);
}

/** Cancel a running export: its job stops before the next file. */
export function cancelExport(id: string): Promise<ExportActionResponse> {
  return api.post<ExportActionResponse>(`/api/exportaciones/${id}/cancelar`);
}

export function useExportAction(action: 'reintentar' | 'cancelar') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action === 'reintentar' ? retryExport : cancelExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportsQueryKey }),
  });
}
