import { hash, verify } from '@node-rs/argon2';

/*
 * argon2 runs on libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default), which file reads,
 * DNS lookups and zlib share. A burst of sign-ins (200 at once from an office) used to queue
 * 200 hashes there, and every file read waited behind them (1 s). At most two run at once per
 * process (two cores are busy either way); the rest wait in this queue, holding no thread.
 */
const MAX_PARALLEL = Math.max(1, (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 2);
let running = 0;
const queue: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => queue.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = queue.shift();
    if (next) next();
    else running--;
  }
}

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1): OWASP's recommended minimum.
export const hashPassword = (password: string) => limited(() => hash(password));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** Verifying against this when the account doesn't exist keeps both answers equally slow. */
let dummyHash: Promise<string> | undefined;
export async function burnVerify(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-Aa1!');
  await verifyPassword(await dummyHash, password);
}
