import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real SFTP server for the export tests: OpenSSH's sshd (Debian's openssh-server) with
 * `internal-sftp`, on a random loopback port, with a host key and an authorized client key made
 * for the run in a temporary folder, signing in as the user running the tests. Its log (sshd -e)
 * is kept: the tests count connections and files opened from it. `killSessions` kills the
 * session processes sshd forked for its clients (a connection dropped mid-upload).
 */
export interface Sshd {
  host: string;
  port: number;
  username: string;
  /** The client's private key file (SFTP_PRIVATE_KEY_FILE). */
  keyFile: string;
  /** The host key's fingerprint as ssh-keygen prints it (SHA256:…). */
  fingerprint: string;
  /** A folder to export under (SFTP_ROOT; no chroot: it is a path on this machine). */
  root: string;
  log: string[];
  /** Log lines matching. */
  count(pattern: RegExp): number;
  killSessions(): void;
  stop(): Promise<void>;
}

export const SSHD = '/usr/sbin/sshd';

/** Whether sshd can be started here (Debian's openssh-server installed). */
export const sshdAvailable = () => fs.existsSync(SSHD) && fs.existsSync('/usr/bin/ssh-keygen');

/** A loopback port nothing listens on (for a moment). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startSshd(): Promise<Sshd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialex-sshd-'));
  const hostKey = path.join(dir, 'host_ed25519');
  const keyFile = path.join(dir, 'client_ed25519');
  const root = path.join(dir, 'root');
  fs.mkdirSync(root);
  execFileSync('/usr/bin/ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'vialex-test-host', '-f', hostKey]);
  execFileSync('/usr/bin/ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'vialex-test-client', '-f', keyFile]);
  fs.copyFileSync(`${keyFile}.pub`, path.join(dir, 'authorized_keys'));
  const fingerprint = execFileSync('/usr/bin/ssh-keygen', ['-lf', `${hostKey}.pub`], { encoding: 'utf8' }).split(
    ' ',
  )[1];
  const username = os.userInfo().username;
  // sshd run by root wants its privilege separation folder.
  if (process.getuid?.() === 0) fs.mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const port = await freePort();
  const config = path.join(dir, 'sshd_config');
  fs.writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `PidFile ${path.join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${path.join(dir, 'authorized_keys')}`,
      `AllowUsers ${username}`,
      'StrictModes no',
      'UsePAM no',
      'PubkeyAuthentication yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PermitRootLogin prohibit-password',
      'Subsystem sftp internal-sftp -l VERBOSE',
      'ForceCommand internal-sftp -l VERBOSE',
      'LogLevel VERBOSE',
      '',
    ].join('\n'),
  );
  const child = spawn(SSHD, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  const log: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sshd did not start:\n${log.join('\n')}`)), 10_000);
    let partial = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        log.push(line);
        if (/Server listening on 127\.0\.0\.1 port/.test(line)) {
          clearTimeout(timer);
          resolve();
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sshd ended (${code}):\n${log.join('\n')}`));
    });
  });
  return {
    host: '127.0.0.1',
    port,
    username,
    keyFile,
    fingerprint,
    root,
    log,
    count: (pattern) => log.filter((l) => pattern.test(l)).length,
    killSessions: () => killChildren(child),
    async stop() {
      killChildren(child);
      await stopProcess(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** SIGKILL to the processes sshd forked for its connections (their sessions end at once). */
function killChildren(child: ChildProcess): void {
  if (!child.pid) return;
  let pids: string[];
  try {
    pids = execFileSync('/usr/bin/pgrep', ['-P', String(child.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
  } catch {
    return; // none
  }
  for (const pid of pids) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * A TCP relay in front of a server: `onBytes` hears the running count of bytes the client sent,
 * so a test can act at a known point of an upload (kill the session, stop the worker, cancel);
 * `cut` drops every relayed connection.
 */
export interface Relay {
  port: number;
  sent: number;
  onBytes: ((sent: number) => void) | undefined;
  cut(): void;
  close(): Promise<void>;
}

export async function startRelay(targetPort: number): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  const relay: Relay = {
    port: 0,
    sent: 0,
    onBytes: undefined,
    cut: () => {
      for (const s of sockets) s.destroy();
    },
    close: async () => {
      relay.cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.on('data', (chunk: Buffer) => {
      relay.sent += chunk.length;
      relay.onBytes?.(relay.sent);
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.port = (server.address() as net.AddressInfo).port;
  return relay;
}
