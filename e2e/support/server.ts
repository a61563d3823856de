import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { extractSnapshot } from '../../apps/server/test/pglite-snapshot';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = fileURLToPath(new URL('./server-entry.ts', import.meta.url));
const STARTUP_MS = 90_000;

export interface E2eServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * One Vialex server for one Playwright worker: the real entry point (NODE_ENV=test for the
 * /api/test helpers, DEMO=1 for the demo accounts) on a port and a data directory of its own,
 * serving the built web app (WEB_DIST, default apps/web/dist). Each worker's tests then have
 * their own database, so they may sign in as the same demo user as another worker. The OS picks
 * the port (PORT=0) and the server's own "listening" log line says which, so two runs on one
 * machine never collide.
 */
export async function startServer(label: string): Promise<E2eServer> {
  // E2E_BASE_URL: every worker uses that running Vialex instead (`npm run cluster -- --demo
  // --test-routes`, run with --workers 1: the workers would share one database and its demo users).
  const given = process.env.E2E_BASE_URL;
  if (given) return { baseURL: given.replace(/\/$/, ''), stop: async () => undefined };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vialex-e2e-${label}-`));
  const snapshot = process.env.E2E_PGLITE_SNAPSHOT;
  if (snapshot) await extractSnapshot(snapshot, dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      SERVE_WEB: '1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const stop = async () => {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[server ${label}] ${chunk}`));
  try {
    return { baseURL: await listening(child, label), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Reads the server's log (pino, one JSON object a line) until Fastify says where it listens;
 * later warnings and errors are passed on to the test output, the rest (requests) dropped.
 */
function listening(child: ChildProcess, label: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server was not listening within ${STARTUP_MS / 1000} s`)),
      STARTUP_MS,
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server ended (exit ${code}) before it was listening`));
    });
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      let entry: { level?: number; msg?: string };
      try {
        entry = JSON.parse(line);
      } catch {
        process.stderr.write(`[server ${label}] ${line}\n`);
        return;
      }
      const at = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(entry.msg ?? '');
      if (at) {
        clearTimeout(timer);
        resolve(at[1]);
      } else if ((entry.level ?? 0) >= 40) process.stderr.write(`[server ${label}] ${line}\n`);
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
