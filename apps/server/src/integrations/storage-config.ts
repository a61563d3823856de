import os from 'node:os';
import path from 'node:path';
import type { StorageOptions } from './create-storage.js';

/**
 * The file-storage settings (docs/configuration.md): STORAGE=local (default) keeps files under
 * FILES_DIR (DATA_DIR/files; with an in-memory database, a folder in the system's temporary
 * directory); STORAGE=s3 sends them to an S3-compatible bucket. A bad or incomplete setting stops
 * the start rather than losing uploads later.
 */
export function parseStorageConfig(env: NodeJS.ProcessEnv, dataDir: string): StorageOptions {
  const kind = (env.STORAGE || 'local').toLowerCase();
  if (kind === 'local') {
    const fallback = dataDir === 'memory://' ? path.join(os.tmpdir(), 'vialex-files') : path.join(dataDir, 'files');
    return { kind: 'local', dir: env.FILES_DIR ? path.resolve(env.FILES_DIR) : fallback };
  }
  if (kind !== 's3') throw new Error(`STORAGE: 'local' or 's3', not ${env.STORAGE}`);
  const missing = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => !env[k]);
  if (missing.length) throw new Error(`STORAGE=s3 needs ${missing.join(', ')}`);
  let endpoint: URL;
  try {
    endpoint = new URL(env.S3_ENDPOINT!);
  } catch {
    throw new Error(`S3_ENDPOINT: not a URL: ${env.S3_ENDPOINT}`);
  }
  if (endpoint.protocol !== 'https:' && endpoint.protocol !== 'http:')
    throw new Error(`S3_ENDPOINT: http(s) only: ${env.S3_ENDPOINT}`);
  return {
    kind: 's3',
    endpoint: endpoint.toString(),
    region: env.S3_REGION || 'us-east-1',
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    pathStyle: !['0', 'false', 'no', 'off'].includes((env.S3_PATH_STYLE ?? '1').toLowerCase()),
  };
}

/** UPLOAD_MAX_MB: the largest file accepted, in MB (default 20). */
export function parseUploadMaxMb(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 1024)
    throw new Error(`UPLOAD_MAX_MB: a number of MB from 1 to 1024: ${value}`);
  return n;
}
