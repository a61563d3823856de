import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, type FileStorage, type StagedFile } from './storage.js';

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
