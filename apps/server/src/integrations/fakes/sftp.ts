import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ssh2, { type Attributes, type Connection, type SFTPWrapper } from 'ssh2';
import { fingerprintOf } from '../sftp.js';

const { Server, utils } = ssh2;
const { OPEN_MODE, STATUS_CODE } = utils.sftp;

/**
 * A local SFTP server for the demo (`npm start` with no SFTP_HOST): ssh2's server speaking the
 * SFTP protocol, writing what it receives under a folder of the data directory (./data/sftp), so
 * an export can be looked at on disk. One account with a random password and a host key made at
 * start; the export adapter pins that key like a real server's. Only what an export needs is
 * answered (open, write, read, close, stat, mkdir, rename, remove, realpath).
 */
export interface FakeSftp {
  host: string;
  port: number;
  username: string;
  password: string;
  /** The host key's SHA-256 fingerprint (SFTP_HOST_KEY without 'SHA256:'). */
  hostKeySha256: string;
  /** The folder that is the server's '/'. */
  dir: string;
  close(): Promise<void>;
}

/** The demo's fake takes this long to close each file it received, so an export's progress can be watched. */
export const FAKE_SFTP_FILE_MS = 300;

/**
 * An ed25519 host key ssh2 can read back. ssh2's generator strips the public key's leading zero
 * bytes, so about one key in 256 is one its own parser rejects (mscdex/ssh2#1390, #1513): a
 * soak run failed to start on one. Such a key is made again.
 */
export function newHostKey(generate = () => utils.generateKeyPairSync('ed25519')) {
  for (let attempt = 1; ; attempt++) {
    const hostKey = generate();
    const parsed = utils.parseKey(hostKey.private);
    if (!(parsed instanceof Error) && !(utils.parseKey(hostKey.public) instanceof Error)) return { hostKey, parsed };
    if (attempt >= 20) throw parsed instanceof Error ? parsed : new Error('no readable host key');
  }
}

export async function startFakeSftp(dir: string, { fileMs = FAKE_SFTP_FILE_MS } = {}): Promise<FakeSftp> {
  fs.mkdirSync(dir, { recursive: true });
  const { hostKey, parsed } = newHostKey();
  const username = 'vialex';
  const password = crypto.randomBytes(18).toString('base64url');
  const connections = new Set<Connection>();

  const server = new Server({ hostKeys: [hostKey.private] }, (client) => {
    connections.add(client);
    client.on('close', () => connections.delete(client));
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      const same = (a: string, b: string) =>
        a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
      if (ctx.method === 'password' && same(ctx.username, username) && same(ctx.password, password))
        return ctx.accept();
      ctx.reject(['password']);
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        session.on('sftp', (acceptSftp) => serve(acceptSftp(), dir, fileMs));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    username,
    password,
    hostKeySha256: fingerprintOf(parsed.getPublicSSH()),
    dir,
    async close() {
      for (const c of connections) c.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers one SFTP session's requests on the files under `root`. */
function serve(sftp: SFTPWrapper, root: string, fileMs: number): void {
  const handles = new Map<number, { fd: number; dir?: string[]; written?: boolean }>();
  let next = 1;
  const handleOf = (buffer: Buffer) => (buffer.length === 4 ? handles.get(buffer.readUInt32BE(0)) : undefined);
  const newHandle = (entry: { fd: number; dir?: string[]; written?: boolean }) => {
    const id = next++;
    handles.set(id, entry);
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(id);
    return buffer;
  };
  /** A client's path as a file under root; undefined when it would leave root. */
  const local = (p: string): string | undefined => {
    const resolved = path.resolve(root, `.${path.posix.resolve('/', p)}`);
    return resolved === root || resolved.startsWith(root + path.sep) ? resolved : undefined;
  };
  const failed = (reqId: number, err: unknown) =>
    sftp.status(
      reqId,
      (err as NodeJS.ErrnoException).code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE,
      (err as Error).message,
    );
  const attrsOf = (s: fs.Stats): Attributes => ({
    mode: s.mode,
    uid: s.uid,
    gid: s.gid,
    size: s.size,
    atime: Math.floor(s.atimeMs / 1000),
    mtime: Math.floor(s.mtimeMs / 1000),
  });
  /** Runs a request on a path under root; errors become a status. */
  const onPath = (reqId: number, p: string, work: (file: string) => void) => {
    const file = local(p);
    if (!file) return sftp.status(reqId, STATUS_CODE.PERMISSION_DENIED);
    try {
      work(file);
    } catch (err) {
      failed(reqId, err);
    }
  };

  sftp.on('OPEN', (reqId, filename, flags) => {
    onPath(reqId, filename, (file) => {
      let mode = 'r';
      if (flags & OPEN_MODE.WRITE) mode = flags & OPEN_MODE.TRUNC || flags & OPEN_MODE.CREAT ? 'w' : 'r+';
      if (flags & OPEN_MODE.APPEND) mode = 'a';
      sftp.handle(reqId, newHandle({ fd: fs.openSync(file, mode, 0o640), written: mode !== 'r' }));
    });
  });
  sftp.on('WRITE', (reqId, handle, offset, data) => {
    const h = handleOf(handle);
    if (!h) return sftp.status(reqId, STATUS_CODE.FAILURE);
    fs.write(h.fd, data, 0, data.length, offset, (err) =>
      err ? failed(reqId, err) : sftp.status(reqId, STATUS_CODE.OK),
    );
  });
  sftp.on('READ', (reqId, handle, offset, length) => {
    const h = handleOf(handle);
    if (!h) return sftp.status(reqId, STATUS_CODE.FAILURE);
    const buffer = Buffer.alloc(length);
    fs.read(h.fd, buffer, 0, length, offset, (err, n) => {
      if (err) return failed(reqId, err);
      if (n === 0) return sftp.status(reqId, STATUS_CODE.EOF);
      sftp.data(reqId, buffer.subarray(0, n));
    });
  });
  sftp.on('CLOSE', (reqId, handle) => {
    const h = handleOf(handle);
    if (!h) return sftp.status(reqId, STATUS_CODE.FAILURE);
    handles.delete(handle.readUInt32BE(0));
    if (h.fd >= 0) fs.closeSync(h.fd);
    // A received file is acknowledged after a moment, as a distant server would.
    const ok = () => {
      try {
        sftp.status(reqId, STATUS_CODE.OK);
      } catch {
        // The client left meanwhile.
      }
    };
    if (h.written && fileMs > 0) setTimeout(ok, fileMs).unref();
    else ok();
  });
  sftp.on('FSTAT', (reqId, handle) => {
    const h = handleOf(handle);
    if (!h || h.fd < 0) return sftp.status(reqId, STATUS_CODE.FAILURE);
    sftp.attrs(reqId, attrsOf(fs.fstatSync(h.fd)));
  });
  sftp.on('FSETSTAT', (reqId) => sftp.status(reqId, STATUS_CODE.OK));
  sftp.on('SETSTAT', (reqId) => sftp.status(reqId, STATUS_CODE.OK));
  for (const event of ['STAT', 'LSTAT'] as const)
    sftp.on(event, (reqId: number, p: string) =>
      onPath(reqId, p, (file) => sftp.attrs(reqId, attrsOf(fs.statSync(file)))),
    );
  sftp.on('MKDIR', (reqId, p) =>
    onPath(reqId, p, (file) => {
      fs.mkdirSync(file);
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('REMOVE', (reqId, p) =>
    onPath(reqId, p, (file) => {
      fs.unlinkSync(file);
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('RENAME', (reqId, from, to) => {
    const a = local(from);
    const b = local(to);
    if (!a || !b) return sftp.status(reqId, STATUS_CODE.PERMISSION_DENIED);
    try {
      fs.renameSync(a, b);
      sftp.status(reqId, STATUS_CODE.OK);
    } catch (err) {
      failed(reqId, err);
    }
  });
  sftp.on('REALPATH', (reqId, p) => {
    const resolved = path.posix.resolve('/', p);
    sftp.name(reqId, [{ filename: resolved, longname: resolved, attrs: {} as Attributes }]);
  });
  sftp.on('OPENDIR', (reqId, p) =>
    onPath(reqId, p, (file) => sftp.handle(reqId, newHandle({ fd: -1, dir: fs.readdirSync(file) }))),
  );
  sftp.on('READDIR', (reqId, handle) => {
    const h = handleOf(handle);
    if (!h?.dir) return sftp.status(reqId, STATUS_CODE.FAILURE);
    if (!h.dir.length) return sftp.status(reqId, STATUS_CODE.EOF);
    const names = h.dir.splice(0).map((filename) => ({ filename, longname: filename, attrs: {} as Attributes }));
    sftp.name(reqId, names);
  });
  for (const event of ['RMDIR', 'READLINK', 'SYMLINK', 'EXTENDED'] as const)
    sftp.on(event, (reqId: number) => sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED));
  sftp.on('close', () => {
    for (const h of handles.values()) if (h.fd >= 0) fs.closeSync(h.fd);
    handles.clear();
  });
}
