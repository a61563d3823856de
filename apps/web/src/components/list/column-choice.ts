import { useCallback, useState } from 'react';
import type { ListColumn } from './types';

/**
 * Which middle columns a user hid in a list (the column chooser), kept in this browser's
 * localStorage under one key per list and user: `vialex.columns.<list>.<user id>`, a JSON array
 * of the hidden columns' keys. Hidden rather than shown, so a column added later shows up.
 */
export const columnsStorageKey = (listId: string, userId: string) => `vialex.columns.${listId}.${userId}`;

export function readHiddenColumns(listId: string, userId: string): string[] {
  try {
    const raw = localStorage.getItem(columnsStorageKey(listId, userId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    // Storage refused (private mode) or a damaged value: every column shows.
    return [];
  }
}

export function writeHiddenColumns(listId: string, userId: string, hidden: readonly string[]): void {
  try {
    if (hidden.length) localStorage.setItem(columnsStorageKey(listId, userId), JSON.stringify([...hidden]));
    else localStorage.removeItem(columnsStorageKey(listId, userId));
  } catch {
    // Not remembered, still applied for this visit.
  }
}

/** Pinned columns (identity and actions) always show; the others may be hidden. */
export const isHideable = <T>(c: ListColumn<T>) => !c.sticky;

/** The user's hidden columns of a list, and a toggle that remembers the choice. */
export function useColumnChoice(listId: string, userId: string) {
  const [state, setState] = useState(() => ({
    owner: `${listId}|${userId}`,
    hidden: readHiddenColumns(listId, userId),
  }));
  // Another list or user on the same mounted table: read theirs (state adjusted while rendering).
  const owner = `${listId}|${userId}`;
  let hidden = state.hidden;
  if (state.owner !== owner) {
    hidden = readHiddenColumns(listId, userId);
    setState({ owner, hidden });
  }
  const toggle = useCallback(
    (key: string) =>
      setState((s) => {
        const next = s.hidden.includes(key) ? s.hidden.filter((k) => k !== key) : [...s.hidden, key];
        writeHiddenColumns(listId, userId, next);
        return { ...s, hidden: next };
      }),
    [listId, userId],
  );
  return { hidden, toggle };
}
