import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, topics } from '@vialex/domain';
import { useLiveTopic } from '../../lib/live';
import type { Criterion, ListParams, PageFetcher } from './types';

export interface PagedListOptions {
  /** Rows per page to start with (PAGE_SIZE when omitted). */
  limit?: number;
}

/**
 * A keyset-paged list with criteria. The key base's first element is the list's live name
 * ('clientes', 'usuarios'): the screen subscribes to `list:<name>` while mounted, and the shell
 * invalidates every query under `[<name>]` when the server says that list changed.
 */
export function usePagedList<T>(
  queryKeyBase: readonly [string, ...unknown[]],
  fetcher: PageFetcher<T>,
  options: PagedListOptions = {},
) {
  const [params, setParams] = useState<ListParams>({ criteria: [], dir: 'next', limit: options.limit ?? PAGE_SIZE });
  useLiveTopic(topics.list(queryKeyBase[0]));

  const query = useQuery({
    queryKey: [...queryKeyBase, params],
    queryFn: ({ signal }) => fetcher(params, signal),
    // The old page stays on screen while the next one loads, instead of an empty table.
    placeholderData: keepPreviousData,
  });
  const page = query.data;
  // A placeholder page's cursors belong to the previous request: wait for the real one.
  const settled = !!page && !query.isPlaceholderData;
  const { refetch } = query;

  const search = (criteria: Criterion[]) => {
    const same = !params.cursor && JSON.stringify(params.criteria) === JSON.stringify(criteria);
    // Searching again with the same criteria means "refresh", which an unchanged key won't do.
    if (same) void refetch();
    else setParams((p) => ({ ...p, criteria, cursor: undefined, dir: 'next' }));
  };

  return {
    /** The list's name for what is kept per list (the column chooser): its key's words, 'casos.list.activos'. */
    id: queryKeyBase.filter((k) => typeof k === 'string').join('.'),
    rows: page?.rows ?? [],
    /** Whether the viewer may create and edit in this list; undefined until a page arrives. */
    canWrite: page?.permissions.write,
    params,
    isLoading: query.isPending,
    isFetching: query.isFetching,
    error: query.error,
    errorUpdatedAt: query.errorUpdatedAt,
    hasPrev: settled && !!page.prevCursor,
    hasNext: settled && !!page.nextCursor,
    next: () => page?.nextCursor && setParams((p) => ({ ...p, cursor: page.nextCursor!, dir: 'next' })),
    prev: () => page?.prevCursor && setParams((p) => ({ ...p, cursor: page.prevCursor!, dir: 'prev' })),
    /** Back to the first page, e.g. after adding a row (new rows come first). */
    first: () => setParams((p) => (p.cursor ? { ...p, cursor: undefined, dir: 'next' } : p)),
    setLimit: (limit: number) => setParams((p) => ({ ...p, limit, cursor: undefined, dir: 'next' })),
    search,
  };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
