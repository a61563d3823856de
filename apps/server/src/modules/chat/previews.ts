import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { UPLOAD_MIME, isDocumentExtension } from '@vialex/domain';
import type { StagedUpload } from '../files/upload.js';

/**
 * A phone photo of 5–10 MB is shown in the chat through a small rendering: at most PREVIEW_WIDTH
 * pixels wide, turned as the camera held it (EXIF), WebP. The original is kept for download and
 * the export. A photo sharp cannot read keeps no preview (the original still opens).
 */
export const PREVIEW_WIDTH = 640;
const PREVIEW_QUALITY = 70;
/** Refuse to decode images larger than this many pixels (a decompression bomb). */
const MAX_INPUT_PIXELS = 80_000_000;

const STAGING_DIR = path.join(os.tmpdir(), 'vialex-uploads');

export async function makePreview(original: StagedUpload): Promise<StagedUpload | undefined> {
  if (isDocumentExtension(original.extension)) return undefined;
  await fs.mkdir(STAGING_DIR, { recursive: true, mode: 0o700 });
  const target = path.join(STAGING_DIR, `${randomUUID()}.webp`);
  try {
    await sharp(original.path, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: PREVIEW_WIDTH, height: PREVIEW_WIDTH * 2, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: PREVIEW_QUALITY })
      .toFile(target);
    const bytes = await fs.readFile(target);
    return {
      path: target,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      contentType: UPLOAD_MIME.webp,
      extension: 'webp',
      nombre: `vista-${original.nombre.replace(/\.[^.]+$/, '')}.webp`.slice(0, 120),
    };
  } catch {
    await fs.rm(target, { force: true });
    return undefined;
  }
}
