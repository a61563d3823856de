import { api } from '../../lib/api';
import type { ListParams } from './types';

/** GET a keyset page of any list endpoint (`?criteria=[…]&cursor=…&dir=…&limit=…`); P is the list's page contract. */
export function fetchListPage<P>(path: string, params: ListParams, signal?: AbortSignal): Promise<P> {
  const query = new URLSearchParams();
  if (params.criteria.length) query.set('criteria', JSON.stringify(params.criteria));
  if (params.cursor) {
    query.set('cursor', params.cursor);
    query.set('dir', params.dir);
  }
  query.set('limit', String(params.limit));
  return api.get<P>(`${path}?${query}`, { signal });
}
