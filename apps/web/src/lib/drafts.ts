import { useCallback, useState } from 'react';
import { readStored, writeStored } from './stored-json';

/*
 * What a user is writing on a case (a chat message, a status change's note), kept for this browser
 * tab (sessionStorage) under a key naming the user, the case and the place: switching the case's
 * tabs unmounts the form, and a reload or signing in again after a session ended would otherwise
 * lose it. Per user, so another account signed in on the tab never sees it; gone with the tab,
 * and with Salir (a shared phone keeps nothing of the last user's).
 */

const PREFIX = 'vialex:borrador:';

export const draftKey = (user: string, caseId: string, place: string) => `${PREFIX}${user}:${caseId}:${place}`;

export const readDraft = <T>(key: string) => readStored<T>('session', key);

/** Keeps `value`, or forgets the draft when it is null (sent, saved). */
export const writeDraft = (key: string, value: unknown) => writeStored('session', key, value);

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
