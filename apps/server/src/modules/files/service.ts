import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { MSG, caseFileUrl, fileDisposition, type CaseFile } from '@vialex/domain';
import { notFound } from '../../platform/errors.js';
import type { Executor } from '../../db/client.js';
import { archivos } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { storageOf } from './storage.js';
import type { StagedUpload } from './upload.js';

/*
 * The files module owns `archivos`: one row per stored file (its display name, type, size and
 * the storage key the server made up). The bytes live in file storage (integrations/storage.ts).
 * Other modules store a staged upload here, record its row in their own transaction and link it
 * from their tables (trazabilidad.archivo, later chat messages and drone photos).
 */

export type FileRow = typeof archivos.$inferSelect;
export interface StoredFile extends StagedUpload {
  key: string;
}

/**
 * Puts a staged upload into storage under `{folder}/{uuid}.{ext}`. Storage is no part of the
 * database transaction, so this comes first and the caller removes it (removeStored) when its
 * transaction fails.
 */
export async function storeStaged(ctx: AppContext, staged: StagedUpload, folder: string): Promise<StoredFile> {
  const key = `${folder}/${randomUUID()}.${staged.extension}`;
  await storageOf(ctx).put(key, staged);
  return { ...staged, key };
}

/** Removes a stored object whose row was never committed (or was deleted); failures only logged. */
export async function removeStored(ctx: AppContext, stored: Pick<StoredFile, 'key'> | undefined): Promise<void> {
  if (!stored) return;
  await storageOf(ctx)
    .delete(stored.key)
    .catch((err) => ctx.log?.warn({ err, code: 'STORAGE_DELETE_FAILED' }, 'stored file left behind'));
}

/** Deletes a file's row in the caller's transaction; the bytes go after it commits (removeStored). */
export async function deleteFileRow(tx: Executor, fileId: string): Promise<FileRow | undefined> {
  const [row] = await tx.delete(archivos).where(eq(archivos.id, fileId)).returning();
  return row;
}

/** The file's row, in the caller's transaction. */
export async function recordFile(tx: Executor, stored: StoredFile, uploader: string): Promise<FileRow> {
  const [row] = await tx
    .insert(archivos)
    .values({
      nombre: stored.nombre,
      clave: stored.key,
      size: stored.size,
      type: stored.contentType,
      extension: stored.extension,
      subido_por: uploader,
    })
    .returning();
  return row;
}

export async function findFile(db: Executor, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(archivos).where(eq(archivos.id, id));
  return row;
}

/** The bytes of a stored file, or undefined when storage has none under its key. */
export function openFile(ctx: AppContext, row: FileRow) {
  return storageOf(ctx).get(row.clave);
}

/** How a case's file is described to the web (the download link of its case). */
export function presentCaseFile(caseId: string, row: FileRow): CaseFile {
  return {
    id: row.id,
    nombre: row.nombre,
    extension: row.extension,
    type: row.type,
    size: row.size,
    url: caseFileUrl(caseId, row.id),
    disposition: fileDisposition(row.extension),
  };
}

/** Content-Disposition with the name in ASCII and in UTF-8 (RFC 6266 / 5987). */
export function contentDisposition(row: FileRow): string {
  const ascii = row.nombre
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const utf8 = encodeURIComponent(row.nombre).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${fileDisposition(row.extension)}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/** The binary answer a file route documents (OpenAPI): the bytes, with their content type. */
export const fileResponseSchema = {
  description: 'The file, with its content type',
  content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
};

/** The validator of a stored file: its id, since a file never changes under its id. */
export const fileEtag = (row: FileRow) => `"${row.id}"`;

/** Whether an If-None-Match header names this validator (RFC 9110 §13.1.2: weak comparison, or `*`). */
export function noneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',').map((t) => t.trim());
  return tags.some((t) => t === '*' || t.replace(/^W\//, '') === etag);
}

/**
 * Streams a stored file as the answer: its type, size, disposition (documents inline, images as
 * an attachment), nosniff. Nothing is cached, unless `revalidate` (chat files): the browser may
 * keep it but asks every time (`private, no-cache` with the file's ETag), and the caller's access
 * check runs before the 304 that lets it use its copy — one who lost access is refused instead.
 * `immutable` (a user's photo, whose address names the file): the browser keeps it a year without
 * asking; a new photo is a new address. A row whose bytes are gone is 404.
 */
export async function sendStoredFile(
  ctx: AppContext,
  reply: FastifyReply,
  row: FileRow | undefined,
  { revalidate = false, immutable = false } = {},
): Promise<FastifyReply> {
  const etag = row && (revalidate || immutable) ? fileEtag(row) : undefined;
  const cacheControl = immutable
    ? 'private, max-age=31536000, immutable'
    : etag
      ? 'private, no-cache'
      : 'private, no-store';
  if (etag && noneMatch(reply.request.headers['if-none-match'], etag))
    return reply.code(304).header('etag', etag).header('cache-control', cacheControl).send();
  const file = row ? await openFile(ctx, row) : undefined;
  if (!row || !file) {
    if (row) reply.log.warn({ code: 'FILE_MISSING_IN_STORAGE' }, 'stored file not found');
    throw notFound(MSG.documentoNoEncontrado);
  }
  if (etag) reply.header('etag', etag);
  return reply
    .header('content-type', row.type)
    .header('content-length', file.size || row.size)
    .header('content-disposition', contentDisposition(row))
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .send(file.body as never);
}
