import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PolicyLookupResult, WorkspaceResponse, WorkspaceTab, WorkspaceTabResponse } from '@vialex/domain';
import { api } from '../../../lib/api';
import { caseKeys } from '../../../lib/case-keys';

/** GET /api/casos/{id}/espacio: the case, its tabs for this viewer, the header times, the policy area buttons. */
export function useWorkspace(id: string) {
  return useQuery({
    queryKey: caseKeys.frame(id),
    queryFn: ({ signal }) => api.get<WorkspaceResponse>(`/api/casos/${id}/espacio`, { signal }),
    retry: false,
  });
}

/** GET /api/casos/{id}/espacio/{tab}: the tab's data (history and policies for DATOS DEL CASO). */
export function useWorkspaceTab(id: string, tab: WorkspaceTab, enabled = true) {
  return useQuery({
    queryKey: caseKeys.tab(id, tab),
    queryFn: ({ signal }) => api.get<WorkspaceTabResponse>(`/api/casos/${id}/espacio/${tab}`, { signal }),
    retry: false,
    enabled,
  });
}

/** A write on the case from the workspace: afterwards the workspace (and the lists) are read again. */
function useCaseWrite<T, V = void>(run: (v: V) => Promise<T>, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: caseKeys.all(id) }),
        queryClient.invalidateQueries({ queryKey: ['casos'] }),
      ]),
  });
}

/** POST /api/casos/{id}/consultar-poliza: GET kronos and the insurers' hub; updates plan and policies. */
export const useLookupPolicy = (id: string) =>
  useCaseWrite(() => api.post<PolicyLookupResult>(`/api/casos/${id}/consultar-poliza`), id);

/** POST /api/casos/{id}/solicitar-atencion: the request-approval button (SIN PLAN). */
export const useRequestApproval = (id: string) =>
  useCaseWrite(() => api.post<unknown>(`/api/casos/${id}/solicitar-atencion`), id);

/** POST /api/casos/{id}/solicitar: request an expert or a draftsperson from the policy area. */
export const useRequestAgent = (id: string) =>
  useCaseWrite((tipo: 'Perito' | 'Dibujante') => api.post<unknown>(`/api/casos/${id}/solicitar`, { tipo }), id);
