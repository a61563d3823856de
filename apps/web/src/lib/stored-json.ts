/*
 * JSON kept in the browser's storage. Storage that is full or blocked (private mode), or a value
 * that is not JSON, reads as nothing and keeps nothing: what uses it works as if nothing was kept.
 */

export type StorageKind = 'local' | 'session';

// Reached inside the try: a blocked storage throws on access.
const storage = (kind: StorageKind) => (kind === 'local' ? localStorage : sessionStorage);

export function readStored<T = unknown>(kind: StorageKind, key: string): T | null {
  try {
    const raw = storage(kind).getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`, or removes it when it is null. */
export function writeStored(kind: StorageKind, key: string, value: unknown): void {
  try {
    if (value === null) storage(kind).removeItem(key);
    else storage(kind).setItem(key, JSON.stringify(value));
  } catch {
    // Nothing kept.
  }
}
