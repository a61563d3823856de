import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { S3Storage, type S3Options } from './storage-s3.js';

/**
 * Where the bytes of uploaded files live (DESIGN.md "Files"): local disk by default, an
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

export type StorageOptions = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3Options);

export function createStorage(options: StorageOptions): FileStorage {
  return options.kind === 's3' ? new S3Storage(options) : new LocalStorage(options.dir);
}

/** Keys are made by the server: folders and names of [A-Za-z0-9._-], no '..'. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split('/').some((p) => p === '.' || p === '..'))
    throw new Error('invalid storage key');
}

/** Files under a folder of the data directory (DATA_DIR/files by default). */
export class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.dir, ...key.split('/'));
  }

  async put(key: string, file: StagedFile): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Copied to a temporary name first, then renamed: a reader never sees half a file.
    const partial = `${target}.partial`;
    await fs.copyFile(file.path, partial);
    await fs.rename(partial, target);
  }

  async get(key: string): Promise<{ body: Readable; size: number } | undefined> {
    const target = this.pathOf(key);
    try {
      const stat = await fs.stat(target);
      return { body: createReadStream(target), size: stat.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}
