import { useQuery } from '@tanstack/react-query';
import type { DataAccess, DataAccessPage, DataAuthorisation } from '@vialex/domain';
import { api } from '../../../lib/api';
import { fetchListPage } from '../../../components/list/list-api';
import type { ListParams } from '../../../components/list/types';

/** The case's authorisation line; the case's live announcements read it again (the driver's entry is one). */
export const authorisationKey = (caseId: string) => ['privacidad', 'autorizacion', caseId] as const;

/** GET /api/casos/{id}/autorizacion-datos: for who may read DATOS DEL CASO (403/404 for the rest). */
export const useCaseAuthorisation = (caseId: string) =>
  useQuery({
    queryKey: authorisationKey(caseId),
    queryFn: ({ signal }) => api.get<DataAuthorisation>(`/api/casos/${caseId}/autorizacion-datos`, { signal }),
    // A refusal is the answer: the line is not shown.
    retry: false,
  });

export type DataAccessRow = DataAccess;

/**
 * A client's access log under the clients' key: its list topic ('list:clientes', which every
 * cargo may follow) is what usePagedList subscribes to, and the log is read anew with the list.
 */
export const dataAccessKey = (clientId: string) => ['clientes', 'accesos-datos', clientId] as const;

/** GET /api/clientes/{id}/accesos-datos: 'Quién consultó sus datos', newest first, keyset pages. */
export const fetchDataAccesses = (clientId: string) => (params: ListParams, signal?: AbortSignal) =>
  fetchListPage<DataAccessPage>(`/api/clientes/${clientId}/accesos-datos`, params, signal);
