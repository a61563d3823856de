import crypto from 'node:crypto';
import path from 'node:path/posix';
import type { Readable } from 'node:stream';
import ssh2, { type Client, type ConnectConfig, type SFTPWrapper, type Stats } from 'ssh2';
import type { SftpConfig } from './sftp-config.js';

/**
 * The SFTP destination of case exports (decisions.md D8): one connection per export attempt,
 * the server's host key pinned (SFTP_HOST_KEY: a different key is refused before any password
 * or key is sent), files written one after the other under a `.part` name and renamed when
 * complete, so a file with its final name is a whole file and a resumed export can skip it.
 */

/** Why an SFTP step failed: `permanent` failures (wrong host key, refused login) are not retried. */
export class SftpError extends Error {
  constructor(
    readonly code: 'SFTP_HOST_KEY' | 'SFTP_AUTH' | 'SFTP_UNREACHABLE' | 'SFTP_TIMEOUT' | 'SFTP_LOST' | 'SFTP_FAILED',
    readonly permanent: boolean,
    /** What the network or the server said (an errno code, the server's status text); no secret. */
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

/** A host key's SHA-256 fingerprint as `ssh-keygen -l` prints it, without 'SHA256:' and padding. */
export function fingerprintOf(hostKey: Buffer): string {
  return crypto.createHash('sha256').update(hostKey).digest('base64').replace(/=+$/, '');
}

export interface SftpSession {
  /** Creates the folder and its parents that are missing (mkdir -p). */
  ensureDir(dir: string): Promise<void>;
  /** The size of a file, or undefined when there is none. */
  size(file: string): Promise<number | undefined>;
  /** Writes the stream to `file` (through `file.part`); answers the bytes written. */
  upload(source: Readable, file: string, signal?: AbortSignal): Promise<number>;
  close(): void;
}

const NO_SUCH_FILE = 2;

/** Opens a session, or fails with an SftpError (a refused host key before anything is sent). */
export function connectSftp(config: SftpConfig, signal?: AbortSignal): Promise<SftpSession> {
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    let hostKeyRefused = false;
    let settled = false;
    const fail = (err: SftpError) => {
      if (settled) return;
      settled = true;
      client.end();
      reject(err);
    };
    const onAbort = () => fail(new SftpError('SFTP_LOST', false, 'aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    client.on('error', (err: Error & { level?: string; code?: string }) => {
      if (hostKeyRefused) return fail(new SftpError('SFTP_HOST_KEY', true, 'host key mismatch'));
      if (err.level === 'client-authentication')
        return fail(new SftpError('SFTP_AUTH', true, 'authentication refused'));
      if (err.level === 'client-timeout') return fail(new SftpError('SFTP_TIMEOUT', false, 'timed out'));
      fail(new SftpError('SFTP_UNREACHABLE', false, err.code ?? err.level ?? 'connection failed'));
    });
    client.on('close', () => fail(new SftpError('SFTP_UNREACHABLE', false, 'connection closed')));
    client.on('ready', () => {
      client.sftp((err, sftp) => {
        if (err) return fail(new SftpError('SFTP_FAILED', false, 'sftp subsystem refused'));
        if (settled) return client.end();
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        resolve(new Session(client, sftp, config.timeoutMs));
      });
    });
    const options: ConnectConfig = {
      host: config.host,
      port: config.port,
      username: config.username,
      password: config.password,
      privateKey: config.privateKey,
      passphrase: config.passphrase,
      readyTimeout: config.timeoutMs,
      keepaliveInterval: Math.min(10_000, config.timeoutMs),
      keepaliveCountMax: 3,
      // The pinned key: checked before the client authenticates.
      hostVerifier: (key: Buffer) => {
        const ok = fingerprintOf(key) === config.hostKeySha256;
        if (!ok) hostKeyRefused = true;
        return ok;
      },
    };
    client.connect(options);
  });
}

class Session implements SftpSession {
  private lost: SftpError | undefined;

  constructor(
    private readonly client: Client,
    private readonly sftp: SFTPWrapper,
    private readonly timeoutMs: number,
  ) {
    const gone = (detail: string) => () => (this.lost ??= new SftpError('SFTP_LOST', false, detail));
    client.on('close', gone('connection closed'));
    client.on('error', gone('connection error'));
  }

  /** One SFTP request, failed after the timeout (the connection is then dropped) or when the connection is lost. */
  private op<T>(
    start: (cb: (err: (Error & { code?: number }) | null | undefined, value?: T) => void) => void,
  ): Promise<T> {
    if (this.lost) return Promise.reject(this.lost);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.client.end();
        reject(new SftpError('SFTP_TIMEOUT', false, 'no answer'));
      }, this.timeoutMs);
      const onClose = () => {
        clearTimeout(timer);
        reject(this.lost ?? new SftpError('SFTP_LOST', false, 'connection closed'));
      };
      this.client.once('close', onClose);
      try {
        start((err, value) => {
          clearTimeout(timer);
          this.client.off('close', onClose);
          if (err) reject(err);
          else resolve(value as T);
        });
      } catch (err) {
        clearTimeout(timer);
        this.client.off('close', onClose);
        reject(err);
      }
    });
  }

  async size(file: string): Promise<number | undefined> {
    try {
      const stats = await this.op<Stats>((cb) => this.sftp.stat(file, cb));
      return stats.isFile() ? stats.size : undefined;
    } catch (err) {
      if ((err as { code?: number }).code === NO_SUCH_FILE) return undefined;
      throw this.wrap(err);
    }
  }

  async ensureDir(dir: string): Promise<void> {
    const parts = path.normalize(dir).split('/').filter(Boolean);
    let current = '';
    for (const part of parts) {
      current += `/${part}`;
      const exists = await this.op<Stats>((cb) => this.sftp.stat(current, cb)).then(
        (s) => s.isDirectory(),
        (err: { code?: number }) => {
          if (err.code === NO_SUCH_FILE) return false;
          throw this.wrap(err);
        },
      );
      if (exists) continue;
      await this.op<void>((cb) => this.sftp.mkdir(current, cb)).catch(async (err) => {
        // Made meanwhile by another writer: fine.
        const made = await this.op<Stats>((cb) => this.sftp.stat(current, cb)).catch(() => undefined);
        if (!made?.isDirectory()) throw this.wrap(err);
      });
    }
  }

  async upload(source: Readable, file: string, signal?: AbortSignal): Promise<number> {
    const partial = `${file}.part`;
    const handle = await this.op<Buffer>((cb) => this.sftp.open(partial, 'w', { mode: 0o640 }, cb)).catch((err) => {
      throw this.wrap(err);
    });
    let position = 0;
    try {
      // One write at a time, in order: a file cut short is a shorter file, never one with holes.
      for await (const chunk of source) {
        signal?.throwIfAborted();
        const buffer = chunk as Buffer;
        await this.op<number>((cb) => this.sftp.write(handle, buffer, 0, buffer.length, position, cb));
        position += buffer.length;
      }
    } catch (err) {
      source.destroy();
      throw this.wrap(err);
    } finally {
      await this.op<void>((cb) => this.sftp.close(handle, cb)).catch(() => undefined);
    }
    await this.rename(partial, file);
    return position;
  }

  /** Replaces `to` with `from`: OpenSSH's posix-rename when offered, else remove then rename. */
  private async rename(from: string, to: string): Promise<void> {
    try {
      await this.op<void>((cb) => this.sftp.ext_openssh_rename(from, to, cb));
      return;
    } catch (err) {
      if (!(err instanceof Error) || !/not support/i.test(err.message)) throw this.wrap(err);
    }
    await this.op<void>((cb) => this.sftp.unlink(to, cb)).catch((err: { code?: number }) => {
      if (err.code !== NO_SUCH_FILE) throw this.wrap(err);
    });
    await this.op<void>((cb) => this.sftp.rename(from, to, cb)).catch((err) => {
      throw this.wrap(err);
    });
  }

  private wrap(err: unknown): Error {
    if (err instanceof SftpError) return err;
    if (this.lost) return this.lost;
    if ((err as Error)?.name === 'AbortError') return err as Error;
    const e = err as { message?: string; code?: number | string };
    return new SftpError('SFTP_FAILED', false, String(e?.message ?? e?.code ?? 'failed'));
  }

  close(): void {
    this.client.end();
  }
}
