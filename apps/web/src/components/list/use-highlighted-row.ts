import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The row a list highlights after a write (its `highlightedId`): `highlight(id)` lights the row
 * up, the same row again too (it goes through null first, as useHighlight asks); `clear()` when
 * a new write starts, so an old highlight doesn't linger behind its dialog.
 */
export function useHighlightedRow() {
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);

  const highlight = useCallback((id: string) => {
    setHighlightedId(null);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => setHighlightedId(id), 0);
  }, []);
  const clear = useCallback(() => {
    clearTimeout(pending.current);
    setHighlightedId(null);
  }, []);

  return { highlightedId, highlight, clear };
}
