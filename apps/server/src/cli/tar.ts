import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/*
 * The smallest tar (POSIX ustar) the backups need: regular files only, written and read as
 * streams, so a backup never holds a file's bytes in memory and `tar -tzvf` lists it. Names up to
 * 255 bytes (ustar's prefix + name); sizes past 8 GiB in GNU's base-256 form, which GNU tar and
 * bsdtar read.
 */

const BLOCK = 512;
const OCTAL_MAX_SIZE = 8 ** 11 - 1;

export interface TarEntry {
  /** Path inside the archive: folders separated by '/', no leading '/', no '..'. */
  name: string;
  size: number;
  /** The entry's bytes; exactly `size` of them, or the archive is refused. */
  body: () => AsyncIterable<Uint8Array>;
}

function assertSafeName(name: string): void {
  if (!name || name.startsWith('/') || name.split('/').some((p) => p === '' || p === '.' || p === '..'))
    throw new Error(`Nombre no válido dentro del respaldo: ${name}`);
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'latin1');
}

function header(name: string, size: number, mtime: Date): Buffer {
  assertSafeName(name);
  const block = Buffer.alloc(BLOCK);
  let base = name;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    // Split at a '/' so that the folder part fits the 155-byte prefix and the rest the 100-byte name.
    const cut = [...name.matchAll(/\//g)]
      .map((m) => m.index)
      .find((i) => Buffer.byteLength(name.slice(0, i)) <= 155 && Buffer.byteLength(name.slice(i + 1)) <= 100);
    if (cut === undefined) throw new Error(`Nombre demasiado largo para el respaldo: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  block.write(base, 0, 100, 'utf8');
  writeOctal(block, 100, 8, 0o644);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  if (size <= OCTAL_MAX_SIZE) writeOctal(block, 124, 12, size);
  else {
    block[124] = 0x80;
    block.writeBigUInt64BE(BigInt(size), 128);
  }
  writeOctal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block.write('0', 156, 1, 'latin1');
  block.write('ustar\0', 257, 6, 'latin1');
  block.write('00', 263, 2, 'latin1');
  block.write(prefix, 345, 155, 'utf8');
  block.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
  return block;
}

/** The archive's bytes, entry by entry, ending with the two zero blocks. */
export async function* tarStream(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): AsyncGenerator<Uint8Array> {
  const now = new Date();
  for await (const entry of entries) {
    yield header(entry.name, entry.size, now);
    let written = 0;
    for await (const chunk of entry.body()) {
      written += chunk.length;
      if (written > entry.size) break;
      yield chunk;
    }
    if (written !== entry.size)
      throw new Error(`${entry.name}: se esperaban ${entry.size} bytes y se leyeron ${written}`);
    const pad = (BLOCK - (entry.size % BLOCK)) % BLOCK;
    if (pad) yield Buffer.alloc(pad);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Reads exact amounts from a stream of chunks. */
class ChunkReader {
  private buf: Buffer = Buffer.alloc(0);
  private ended = false;
  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  private async fill(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    return true;
  }

  /** Exactly n bytes, or undefined at a clean end of the stream before any of them. */
  async exact(n: number): Promise<Buffer | undefined> {
    while (this.buf.length < n)
      if (!(await this.fill())) {
        if (this.buf.length === 0) return undefined;
        throw truncated();
      }
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }

  async *take(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (!this.buf.length && !(await this.fill())) throw truncated();
      const part = this.buf.subarray(0, Math.min(left, this.buf.length));
      this.buf = this.buf.subarray(part.length);
      left -= part.length;
      yield part;
    }
  }

  async skip(n: number): Promise<void> {
    for await (const part of this.take(n)) void part;
  }
}

const truncated = () => new Error('El respaldo está incompleto (el archivo termina antes de tiempo)');

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readSize(block: Buffer): number {
  if (block[124] & 0x80) return Number(block.readBigUInt64BE(128));
  return parseInt(readString(block, 124, 12).trim() || '0', 8);
}

/**
 * Writes every regular file of the archive under `dir` (folders made as needed) and answers
 * their names and sizes. A header whose checksum is wrong, a name leaving `dir` or an archive that
 * stops early is refused.
 */
export async function extractTar(
  source: AsyncIterable<Uint8Array>,
  dir: string,
): Promise<{ name: string; size: number }[]> {
  const reader = new ChunkReader(source[Symbol.asyncIterator]());
  const entries: { name: string; size: number }[] = [];
  for (;;) {
    const block = await reader.exact(BLOCK);
    if (!block || block.every((b) => b === 0)) break;
    const stored = parseInt(readString(block, 148, 8).trim(), 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
    if (stored !== sum) throw new Error('El respaldo está dañado (una cabecera no cuadra)');
    const prefix = readString(block, 345, 155);
    const name = prefix ? `${prefix}/${readString(block, 0, 100)}` : readString(block, 0, 100);
    const size = readSize(block);
    const type = String.fromCharCode(block[156] || 48);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (type !== '0') {
      // Folders, links and extended headers: nothing a Vialex backup writes.
      await reader.skip(size + pad);
      continue;
    }
    assertSafeName(name);
    const target = path.join(dir, ...name.split('/'));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await pipeline(Readable.from(reader.take(size)), createWriteStream(target));
    await reader.skip(pad);
    entries.push({ name, size });
  }
  return entries;
}
