import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { HIGHLIGHT_MS, useHighlight } from './use-highlight';

describe('useHighlight', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('highlights the given row for HIGHLIGHT_MS, then stops', () => {
    const { result } = renderHook(({ id }) => useHighlight(id), { initialProps: { id: 'a' as string | null } });
    expect(result.current).toBe('a');
    act(() => vi.advanceTimersByTime(HIGHLIGHT_MS - 1));
    expect(result.current).toBe('a');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBeNull();
  });

  it('starts over for another row, and for the same row after a null', () => {
    const { result, rerender } = renderHook(({ id }) => useHighlight(id), {
      initialProps: { id: 'a' as string | null },
    });
    act(() => vi.advanceTimersByTime(HIGHLIGHT_MS - 10));
    rerender({ id: 'b' });
    act(() => vi.advanceTimersByTime(HIGHLIGHT_MS - 10));
    expect(result.current).toBe('b');
    act(() => vi.advanceTimersByTime(10));
    expect(result.current).toBeNull();
    rerender({ id: null });
    rerender({ id: 'b' });
    expect(result.current).toBe('b');
  });

  it('highlights nothing without an id', () => {
    const { result } = renderHook(() => useHighlight(undefined));
    expect(result.current).toBeNull();
  });
});
