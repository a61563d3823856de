import fs from 'node:fs';
import path from 'node:path';

/**
 * The SFTP destination of case exports (decisions.md D8; docs/decisions.md "SFTP export"):
 *   SFTP_HOST                 the server (unset: no destination; with DEMO, a local fake server)
 *   SFTP_PORT                 22
 *   SFTP_USER                 the account
 *   SFTP_PASSWORD             its password, or
 *   SFTP_PRIVATE_KEY_FILE     a private key file (OpenSSH or PEM), with SFTP_PRIVATE_KEY_PASSPHRASE if it has one
 *   SFTP_ROOT                 the folder the case folders go under (/<root>/caso-<n>/), '/' by default
 *   SFTP_HOST_KEY             the server's host key fingerprint as `ssh-keygen -lf` prints it
 *                             (SHA256:…): any other key is refused before the password or key is sent
 *   SFTP_TIMEOUT_MS           connecting and each operation (20000)
 * A bad or incomplete setting stops the start.
 */
export interface SftpConfig {
  host: string;
  port: number;
  username: string;
  password?: string;
  privateKey?: Buffer;
  passphrase?: string;
  root: string;
  /** The pinned host key's SHA-256, base64 without padding (what follows 'SHA256:'). */
  hostKeySha256: string;
  timeoutMs: number;
}

/** The export job's retry settings: EXPORT_MAX_ATTEMPTS (5) tries, EXPORT_RETRY_SECONDS (30) doubled after each. */
export interface ExportJobConfig {
  maxAttempts: number;
  retrySeconds: number;
  /** JOBS_POLL_MS: how often an idle worker looks for jobs; 0 turns the worker off (the API tests run it by hand). */
  pollMs: number;
  /** JOBS_LEASE_SECONDS: how long a claimed job is held without a heartbeat before another instance takes it. */
  leaseSeconds: number;
}

function whole(value: string | undefined, fallback: number, setting: string, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${setting}: a whole number from ${min} to ${max}: ${value}`);
  return n;
}

/** `SHA256:abc…` (ssh-keygen -l), with or without the prefix and padding → the bare base64. */
export function parseFingerprint(value: string): string {
  const bare = value
    .trim()
    .replace(/^SHA256:/i, '')
    .replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]{43}$/.test(bare))
    throw new Error(
      `SFTP_HOST_KEY: a SHA-256 fingerprint as ssh-keygen -lf prints it (SHA256:…43 characters): ${value}`,
    );
  return bare;
}

export function parseSftpConfig(env: NodeJS.ProcessEnv): SftpConfig | undefined {
  const host = env.SFTP_HOST?.trim();
  if (!host) {
    const stray = ['SFTP_USER', 'SFTP_PASSWORD', 'SFTP_PRIVATE_KEY_FILE', 'SFTP_HOST_KEY'].filter((k) => env[k]);
    if (stray.length) throw new Error(`${stray.join(', ')} set without SFTP_HOST`);
    return undefined;
  }
  if (/[\s/@]/.test(host)) throw new Error(`SFTP_HOST: a host name or address, not ${host}`);
  const port = whole(env.SFTP_PORT, 22, 'SFTP_PORT', 1, 65535);
  const username = env.SFTP_USER ?? '';
  if (!username) throw new Error('SFTP_HOST needs SFTP_USER');
  const password = env.SFTP_PASSWORD || undefined;
  let privateKey: Buffer | undefined;
  if (env.SFTP_PRIVATE_KEY_FILE) {
    try {
      privateKey = fs.readFileSync(path.resolve(env.SFTP_PRIVATE_KEY_FILE));
    } catch (err) {
      throw new Error(`SFTP_PRIVATE_KEY_FILE: cannot read ${env.SFTP_PRIVATE_KEY_FILE}: ${(err as Error).message}`, {
        cause: err,
      });
    }
  }
  if (!password && !privateKey) throw new Error('SFTP_HOST needs SFTP_PASSWORD or SFTP_PRIVATE_KEY_FILE');
  if (!env.SFTP_HOST_KEY)
    throw new Error(
      "SFTP_HOST needs SFTP_HOST_KEY, the server's host key fingerprint (ssh-keygen -lf on its host key, or ssh-keyscan | ssh-keygen -lf -)",
    );
  const root = env.SFTP_ROOT?.trim() || '/';
  if (!root.startsWith('/') || root.split('/').includes('..') || root.includes('\u0000'))
    throw new Error(`SFTP_ROOT: an absolute folder without '..': ${root}`);
  return {
    host,
    port,
    username,
    password,
    privateKey,
    passphrase: env.SFTP_PRIVATE_KEY_PASSPHRASE || undefined,
    root: root.length > 1 ? root.replace(/\/+$/, '') : root,
    hostKeySha256: parseFingerprint(env.SFTP_HOST_KEY),
    timeoutMs: whole(env.SFTP_TIMEOUT_MS, 20_000, 'SFTP_TIMEOUT_MS', 100, 600_000),
  };
}

export function parseExportJobConfig(env: NodeJS.ProcessEnv, { workerOff }: { workerOff: boolean }): ExportJobConfig {
  return {
    maxAttempts: whole(env.EXPORT_MAX_ATTEMPTS, 5, 'EXPORT_MAX_ATTEMPTS', 1, 100),
    retrySeconds: whole(env.EXPORT_RETRY_SECONDS, 30, 'EXPORT_RETRY_SECONDS', 1, 86_400),
    pollMs: whole(env.JOBS_POLL_MS, workerOff ? 0 : 2000, 'JOBS_POLL_MS', 0, 3_600_000),
    leaseSeconds: whole(env.JOBS_LEASE_SECONDS, 60, 'JOBS_LEASE_SECONDS', 5, 86_400),
  };
}
