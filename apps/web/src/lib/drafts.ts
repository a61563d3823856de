import { useCallback, useState } from 'react';

/*
 * What a user is writing on a case (a chat message, a status change's note), kept for this browser
 * tab (sessionStorage) under a key naming the user, the case and the place: switching the case's
 * tabs unmounts the form, and a reload or signing in again after a session ended would otherwise
 * lose it. Per user, so another account signed in on the tab never sees it; gone with the tab,
 * and with Salir (a shared phone keeps nothing of the last user's). Storage that is full or
 * blocked (private mode) keeps nothing, and the form works as before.
 */

const PREFIX = 'vialex:borrador:';

export const draftKey = (user: string, caseId: string, place: string) => `${PREFIX}${user}:${caseId}:${place}`;

export function readDraft<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

/** Keeps `value`, or forgets the draft when it is null (sent, saved). */
export function writeDraft(key: string, value: unknown): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Nothing kept.
  }
}

/** A text field's value kept as a draft under `key` (none without a key); empty forgets it. */
export function useDraftText(key: string | undefined): [string, (value: string) => void] {
  const [text, setText] = useState(() => {
    const kept = key ? readDraft<unknown>(key) : null;
    return typeof kept === 'string' ? kept : '';
  });
  const set = useCallback(
    (value: string) => {
      setText(value);
      if (key) writeDraft(key, value === '' ? null : value);
    },
    [key],
  );
  return [text, set];
}

/** Salir: every draft of this tab goes. */
export function forgetDrafts(): void {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i));
    for (const key of keys) if (key?.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}
