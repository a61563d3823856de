import { describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { usePagedList } from './use-paged-list';
import type { ListPage, ListParams } from './types';
import { renderHookWithApp } from '../../test/render';

const page = (rows: string[], prev: string | null, next: string | null): ListPage<string> => ({
  rows,
  prevCursor: prev,
  nextCursor: next,
  permissions: { write: true },
});

// Two pages of a keyset list: the server gives cursors, not page numbers.
function fakeServer(params: ListParams) {
  if (params.cursor === 'b' && params.dir === 'next') return Promise.resolve(page(['c'], 'c', null));
  return Promise.resolve(page(['a', 'b'], null, 'b'));
}

describe('usePagedList', () => {
  it('walks forward and back with the server cursors, disabled at both ends', async () => {
    const fetcher = vi.fn(fakeServer);
    const { result } = renderHookWithApp(() => usePagedList(['test'], fetcher, { limit: 2 }));
    await waitFor(() => expect(result.current.rows).toEqual(['a', 'b']));
    expect(result.current.hasPrev).toBe(false);
    expect(result.current.hasNext).toBe(true);
    expect(result.current.canWrite).toBe(true);

    act(() => void result.current.next());
    await waitFor(() => expect(result.current.rows).toEqual(['c']));
    expect(fetcher).toHaveBeenLastCalledWith({ criteria: [], cursor: 'b', dir: 'next', limit: 2 }, expect.anything());
    expect(result.current.hasNext).toBe(false);
    expect(result.current.hasPrev).toBe(true);

    act(() => void result.current.prev());
    await waitFor(() =>
      expect(fetcher).toHaveBeenLastCalledWith({ criteria: [], cursor: 'c', dir: 'prev', limit: 2 }, expect.anything()),
    );
    await waitFor(() => expect(result.current.rows).toEqual(['a', 'b']));
    expect(result.current.hasPrev).toBe(false);
  });

  it('starts again from the first page on a new search or page size', async () => {
    const fetcher = vi.fn(fakeServer);
    const { result } = renderHookWithApp(() => usePagedList(['test'], fetcher, { limit: 2 }));
    await waitFor(() => expect(result.current.hasNext).toBe(true));
    act(() => void result.current.next());
    await waitFor(() => expect(result.current.rows).toEqual(['c']));

    act(() => result.current.search([{ field: 'nombres', op: 'eq', value: 'ANA' }]));
    await waitFor(() =>
      expect(fetcher).toHaveBeenLastCalledWith(
        { criteria: [{ field: 'nombres', op: 'eq', value: 'ANA' }], cursor: undefined, dir: 'next', limit: 2 },
        expect.anything(),
      ),
    );
    act(() => result.current.setLimit(50));
    await waitFor(() =>
      expect(fetcher).toHaveBeenLastCalledWith(
        expect.objectContaining({ cursor: undefined, limit: 50 }),
        expect.anything(),
      ),
    );
  });
});
