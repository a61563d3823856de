import { useMemo, useRef } from 'react';

/** A random key; randomUUID needs a secure context, getRandomValues does not (the app over http on a LAN address). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per submission: sending the same values again (a retry after a network
 * error, whose first attempt may have reached the server) reuses the key, so the server answers
 * the first creation instead of opening a second case; other values, or `reset` (the dialog
 * opened again, the case saved), start a new submission.
 */
export function useSubmissionKey() {
  const current = useRef<{ key: string; values: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(values: unknown): string {
        const json = JSON.stringify(values);
        if (current.current?.values !== json) current.current = { key: newIdempotencyKey(), values: json };
        return current.current.key;
      },
      reset(): void {
        current.current = null;
      },
    }),
    [],
  );
}
