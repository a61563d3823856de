import { useEffect, useState } from 'react';
import { lighten, type Theme } from '@mui/material/styles';

/** How long a created or changed row stays highlighted. */
export const HIGHLIGHT_MS = 4000;

/**
 * The row id to highlight now: `id` from the moment it is given until HIGHLIGHT_MS later. Giving
 * another id starts over; to highlight the same row again, pass null (or undefined) in between.
 */
export function useHighlight(id: string | null | undefined): string | null {
  const [given, setGiven] = useState(id);
  const [expired, setExpired] = useState<string | null>(null);
  // A new id (or the same one after a null) is fresh again: adjust state while rendering.
  if (given !== id) {
    setGiven(id);
    setExpired(null);
  }
  useEffect(() => {
    if (!id) return;
    const timer = setTimeout(() => setExpired(id), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [id]);
  return id && id !== expired ? id : null;
}

/** The highlighted row's or card's background (solid: pinned cells must hide what scrolls under them). */
export const highlightBg = (theme: Theme) => lighten(theme.palette.secondary.main, 0.7);

/** Brings a just-highlighted row or card into view (a ref callback; no-op where unsupported). */
export function scrollIntoViewRef(el: HTMLElement | null) {
  el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}
