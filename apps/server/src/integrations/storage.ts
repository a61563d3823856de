import type { Readable } from 'node:stream';

/**
 * Where the bytes of uploaded files live: local disk by default, an
 * S3-compatible bucket (AWS S3, MinIO, …) by configuration, so several server instances share
 * them. The database keeps each file's row (`archivos`, with its key); storage keeps only bytes
 * under keys the server makes up — never a name a user typed, never a public URL.
 */
export interface FileStorage {
  /** Stores a file already on this machine's disk (the upload was streamed there and checked). */
  put(key: string, file: StagedFile): Promise<void>;
  /** The object's bytes as a stream, or undefined when there is none under that key. */
  get(key: string): Promise<{ body: Readable; size: number } | undefined>;
  /** Removes the object; no object is no error. */
  delete(key: string): Promise<void>;
  readonly kind: 'local' | 's3';
}

/** An upload staged on local disk: its path, size, SHA-256 (hex) and content type. */
export interface StagedFile {
  path: string;
  size: number;
  sha256: string;
  contentType: string;
}

/** Keys are made by the server: folders and names of [A-Za-z0-9._-], no '..'. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split('/').some((p) => p === '.' || p === '..'))
    throw new Error('invalid storage key');
}
