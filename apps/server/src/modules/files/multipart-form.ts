import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MSG, fmt } from '@vialex/domain';
import { AppError, badRequest } from '../../platform/errors.js';
import { hasNul } from '../../platform/request-guards.js';
import { discardStaged, stageUpload, tooLarge, type StagedUpload } from './upload.js';

/** What a multipart form reads: these text fields, and up to `maxFiles` files of one field. */
export interface MultipartFormSpec<F extends string> {
  fields: readonly F[];
  fileField: string;
  maxFiles: number;
  maxMb: number;
}

/** The form as read: its text fields and the staged files (the caller's to discard). */
export interface MultipartForm<F extends string> {
  fields: Partial<Record<F, string>>;
  uploads: StagedUpload[];
}

const tooManyFiles = (field: string, max: number) => {
  const message = max === 1 ? MSG.archivoUnico : fmt(MSG.demasiadosArchivos, { max });
  return badRequest(message, [{ path: field, message }]);
};

/** Multipart errors of @fastify/multipart and busboy, answered in Spanish. */
export function multipartError(err: unknown, spec: { fileField: string; maxFiles: number; maxMb: number }): unknown {
  if (err instanceof AppError) return err;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(spec.maxMb);
    case 'FST_FILES_LIMIT':
      return tooManyFiles(spec.fileField, spec.maxFiles);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'MULTIPART_REQUIRED', MSG.formularioMultipart);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return badRequest(MSG.solicitudNoValida);
  }
  return err instanceof Error && /multipart|Unexpected end/i.test(err.message)
    ? badRequest(MSG.solicitudNoValida)
    : err;
}

/**
 * Reads a multipart form as it streams in: the named text fields (others ignored; a NUL byte or
 * an over-long value refused; a file name with a NUL byte too) and the files of `fileField`, each staged and checked (size, type
 * by content) as it arrives. An empty file input (no name, no bytes) is no file. When anything is
 * refused, whatever was staged is deleted before the error is answered.
 */
export async function readMultipartForm<F extends string>(
  request: FastifyRequest,
  spec: MultipartFormSpec<F>,
): Promise<MultipartForm<F>> {
  const fields: Partial<Record<F, string>> = {};
  const uploads: StagedUpload[] = [];
  try {
    if (!request.isMultipart()) throw new AppError(415, 'MULTIPART_REQUIRED', MSG.formularioMultipart);
    for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
      if (part.type === 'field') {
        const name = part.fieldname as F;
        if (!spec.fields.includes(name)) continue;
        if (part.valueTruncated) throw badRequest(MSG.cuerpoMuyGrande, [{ path: name, message: MSG.cuerpoMuyGrande }]);
        const value = String(part.value);
        if (hasNul(value))
          throw badRequest(MSG.caracteresNoPermitidos, [{ path: name, message: MSG.caracteresNoPermitidos }]);
        fields[name] = value;
        continue;
      }
      // Another field's file, or the browser's empty file input (no name): read past it.
      if (part.fieldname !== spec.fileField || !part.filename) {
        part.file.resume();
        continue;
      }
      if (uploads.length >= spec.maxFiles) throw tooManyFiles(spec.fileField, spec.maxFiles);
      // A name that hides a NUL byte is no name a person typed: refused like such a text field.
      if (hasNul(part.filename))
        throw badRequest(MSG.caracteresNoPermitidos, [{ path: spec.fileField, message: MSG.caracteresNoPermitidos }]);
      uploads.push(await stageUpload(part.file, part.filename, spec.maxMb));
    }
    return { fields, uploads };
  } catch (err) {
    await Promise.all(uploads.map((u) => discardStaged(u)));
    throw multipartError(err, spec);
  }
}

export async function discardAll(uploads: readonly StagedUpload[]): Promise<void> {
  await Promise.all(uploads.map((u) => discardStaged(u)));
}
