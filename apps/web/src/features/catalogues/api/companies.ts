import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LABELS, COMPANY_LIST, type Company, type CompanyPage, type CompanyResponse } from '@vialex/domain';
import { api } from '../../../lib/api';
import { fetchListPage } from '../../../components/list/list-api';
import { listFields } from '../../../components/list/fields';
import type { ListParams } from '../../../components/list/types';
import { ESTADO_OPTIONS } from '../../../components/list/estado-chip';

export type CompanyRow = CompanyResponse;

export const companiesQueryKey = ['empresas'] as const;
export const companyListKey = [...companiesQueryKey, 'list'] as const;

export function fetchCompanies(params: ListParams, signal?: AbortSignal) {
  return fetchListPage<CompanyPage>('/api/empresas', params, signal);
}

export const COMPANY_FIELDS = listFields(COMPANY_LIST, {
  empresa: LABELS.empresas.empresa,
  nit: LABELS.empresas.nit,
  estado: {
    label: LABELS.empresas.estado,
    options: ESTADO_OPTIONS,
  },
});

/** A company write refreshes the list and the case form's Empresa select (the active companies). */
function useInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: companiesQueryKey });
    await queryClient.invalidateQueries({ queryKey: ['lookups', 'empresas'] });
  };
}

export function useCreateCompany() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: (v: Company) => api.post<CompanyRow>('/api/empresas', v), onSuccess });
}

export function useUpdateCompany() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: Company }) => api.put<CompanyRow>(`/api/empresas/${id}`, values),
    onSuccess,
  });
}

export function useDeactivateCompany() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.delete<CompanyRow>(`/api/empresas/${id}`), onSuccess });
}
