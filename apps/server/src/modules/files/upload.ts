import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { MSG, UPLOAD_MIME, fmt, sanitizeFileName, type UploadExtension } from '@vialex/domain';
import type { StagedFile } from '../../integrations/storage.js';
import { AppError, badRequest } from '../../platform/errors.js';

/**
 * An upload is streamed to a temporary file of this machine while it arrives (never held in
 * memory), counted against the limit and hashed (S3 signs the hash); then its type is read from
 * its first bytes. Only a file that passed both goes on to storage; a refused one is deleted here
 * and nothing else is written.
 */
export interface StagedUpload extends StagedFile {
  /** The sanitised display name, ending in the detected type's extension. */
  nombre: string;
  extension: UploadExtension;
}

const STAGING_DIR = path.join(os.tmpdir(), 'vialex-uploads');

/** What file-type answers → the allowed extension. The old Office formats share one container (CFB). */
const BY_DETECTED: Record<string, UploadExtension> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  jpg: 'jpg',
  png: 'png',
  webp: 'webp',
};

/** A CFB container is a .doc or an .xls: its name tells which; any other name is refused. */
function fromContainer(detected: string, name: string): UploadExtension | undefined {
  if (BY_DETECTED[detected]) return BY_DETECTED[detected];
  if (detected !== 'cfb') return undefined;
  const claimed = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return claimed === 'doc' || claimed === 'xls' ? claimed : undefined;
}

export const tooLarge = (maxMb: number) =>
  new AppError(413, 'FILE_TOO_LARGE', fmt(MSG.archivoMuyGrande, { mb: maxMb }), [
    { path: 'archivo', message: fmt(MSG.archivoMuyGrande, { mb: maxMb }) },
  ]);

/**
 * Streams one multipart file to a staging file. `truncated` is the multipart stream's own flag
 * (its fileSize limit): a file over the limit is refused with 413 once its end is reached.
 */
export async function stageUpload(
  file: Readable & { truncated?: boolean },
  claimedName: string,
  maxMb: number,
): Promise<StagedUpload> {
  await fs.mkdir(STAGING_DIR, { recursive: true, mode: 0o700 });
  const target = path.join(STAGING_DIR, randomUUID());
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(file, meter, createWriteStream(target, { mode: 0o600 }));
    if (file.truncated) throw tooLarge(maxMb);
    if (size === 0) throw badRequest(MSG.archivoVacio, [{ path: 'archivo', message: MSG.archivoVacio }]);
    const detected = await fileTypeFromFile(target);
    const extension = detected ? fromContainer(detected.ext, claimedName) : undefined;
    if (!extension)
      throw new AppError(415, 'FILE_TYPE_NOT_ALLOWED', MSG.archivoTipoNoPermitido, [
        { path: 'archivo', message: MSG.archivoTipoNoPermitido },
      ]);
    return {
      path: target,
      size,
      sha256: hash.digest('hex'),
      contentType: UPLOAD_MIME[extension],
      extension,
      nombre: sanitizeFileName(claimedName, extension),
    };
  } catch (err) {
    await fs.rm(target, { force: true });
    // The multipart stream's own limit error (it may arrive instead of the truncated flag).
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxMb);
    throw err;
  }
}

export async function discardStaged(staged: StagedFile | undefined): Promise<void> {
  if (staged) await fs.rm(staged.path, { force: true });
}
