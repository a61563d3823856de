import type { FileStorage } from './storage.js';
import { LocalStorage } from './storage-local.js';
import { S3Storage, type S3Options } from './storage-s3.js';

/** Where this installation keeps files: a folder of the data directory, or an S3-compatible bucket. */
export type StorageOptions = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3Options);

export function createStorage(options: StorageOptions): FileStorage {
  return options.kind === 's3' ? new S3Storage(options) : new LocalStorage(options.dir);
}
