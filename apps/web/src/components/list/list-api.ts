import { api } from '../../lib/api';
import type { ListPage, ListParams } from './types';

/** GET a keyset page of any list endpoint: `?criteria=[…]&cursor=…&dir=…&limit=…`. */
export function fetchListPage<T>(path: string, params: ListParams, signal?: AbortSignal): Promise<ListPage<T>> {
  const query = new URLSearchParams();
  if (params.criteria.length) query.set('criteria', JSON.stringify(params.criteria));
  if (params.cursor) {
    query.set('cursor', params.cursor);
    query.set('dir', params.dir);
  }
  query.set('limit', String(params.limit));
  return api.get<ListPage<T>>(`${path}?${query}`, { signal });
}
