import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cargo } from '@vialex/domain';
import { api } from '../../../lib/api';

/** The cargos that must have a second factor (the Administrador's rule). */
const PATH = '/api/auth/segundo-factor/cargos';
export const requiredCargosKey = ['segundo-factor', 'cargos'] as const;

export function useRequiredCargos(enabled: boolean) {
  return useQuery({
    queryKey: requiredCargosKey,
    queryFn: () => api.get<{ cargos: Cargo[] }>(PATH),
    enabled,
  });
}

export function useSaveRequiredCargos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cargos: Cargo[]) => api.put<{ cargos: Cargo[] }>(PATH, { cargos }),
    onSuccess: (saved) => queryClient.setQueryData(requiredCargosKey, saved),
  });
}
