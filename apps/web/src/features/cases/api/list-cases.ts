import {
  LABELS,
  CASE_LIST,
  type CaseAgent as CaseAgentContract,
  type CasePage,
  type CaseResponse,
} from '@vialex/domain';
import { fetchListPage } from '../../../components/list/list-api';
import { listFields } from '../../../components/list/fields';
import type { ListPage, ListParams } from '../../../components/list/types';

/** A case as GET /api/casos (and every case write) answers it (its contract). */
export type CaseRow = CaseResponse;
/** An agent slot of a case: the assigned user, or an open request ('Solicitando'). */
export type CaseAgent = CaseAgentContract;
export type TakeAction = CaseRow['actions']['take'];

/**
 * Every cases query lives under ['casos']: the live 'casos' event and the writes invalidate it.
 * The first element is also the live list name (`list:casos`).
 */
export const casesQueryKey = ['casos'] as const;
export const activeCasesKey = [...casesQueryKey, 'list', 'activos'] as const;
export const archivedCasesKey = [...casesQueryKey, 'list', 'archivados'] as const;

/** The cases lists answer `permissions.create`; the shared list reads it as `write`. */
async function fetchCases(path: string, params: ListParams, signal?: AbortSignal): Promise<ListPage<CaseRow>> {
  const page = await fetchListPage<CasePage>(path, params, signal);
  return { ...page, permissions: { write: page.permissions.create } };
}

export const fetchActiveCases = (params: ListParams, signal?: AbortSignal) => fetchCases('/api/casos', params, signal);
export const fetchArchivedCases = (params: ListParams, signal?: AbortSignal) =>
  fetchCases('/api/casos/archivados', params, signal);

/** The cases lists' criteria: Caso (a whole number) and Placa (spec 2 §2), from the list contract. */
export const CASE_FIELDS = listFields(CASE_LIST, { caso: LABELS.casos.caso, placa: LABELS.casos.placa });
