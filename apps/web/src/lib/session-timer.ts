import { useEffect, useRef, useState } from 'react';

/** The warning shows this long before the session's time is up. */
export const SESSION_WARNING_MS = 2 * 60_000;
/** setTimeout holds at most this delay (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export interface SessionCountdown {
  /** Within SESSION_WARNING_MS of the end (and not past it). */
  warning: boolean;
  /** Milliseconds left until the end (0 once it passed). */
  msLeft: number;
}

function left(ends: number): number {
  return Math.max(0, ends - Date.now());
}

/**
 * Counts down to the session's end (`expiresAt`, ISO): quiet until the last two minutes, then a
 * tick a second for the warning; at the end `onEnd` runs once. A new `expiresAt` (the session
 * time changed) starts over.
 */
export function useSessionCountdown(expiresAt: string, onEnd: () => void): SessionCountdown {
  const ends = Date.parse(expiresAt);
  const [msLeft, setMsLeft] = useState(() => (Number.isNaN(ends) ? Infinity : left(ends)));
  const endHandler = useRef(onEnd);
  useEffect(() => {
    endHandler.current = onEnd;
  });

  useEffect(() => {
    if (Number.isNaN(ends)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const now = left(ends);
      setMsLeft(now);
      if (now <= 0) {
        endHandler.current();
        return;
      }
      // Until the warning: one wait; during it: to the next whole second of the time left.
      const delay = now > SESSION_WARNING_MS ? now - SESSION_WARNING_MS : now % 1000 || 1000;
      timer = setTimeout(tick, Math.min(delay, MAX_TIMEOUT_MS));
    };
    tick();
    return () => clearTimeout(timer);
  }, [ends]);

  return { warning: msLeft > 0 && msLeft <= SESSION_WARNING_MS, msLeft };
}

/** '1:05' for 65 seconds left (rounded up: the warning never shows 0:00 before the end). */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
