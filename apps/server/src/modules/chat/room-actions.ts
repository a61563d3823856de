import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CHAT_FILES_MAX,
  MSG,
  chatFileFieldsSchema,
  mayOpenRoomFiles,
  maySend,
  type ChatSendResult,
} from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { badRequest, validated } from '../../platform/errors.js';
import { enforce } from '../../platform/policy.js';
import { discardAll, readMultipartForm } from '../files/multipart-form.js';
import { findFile, sendStoredFile } from '../files/service.js';
import type { StagedUpload } from '../files/upload.js';
import { fileInRoom, presentFor, unreadIn } from './messages.js';
import { sendMessage } from './send-service.js';
import { markMember, type OpenRoom } from './service.js';

/*
 * What a room's routes do once the room is open, the same for staff (/api/casos/{id}/chats/…)
 * and for the client (/api/cliente/chat/…).
 */

/** The multipart limits of a room's sends: up to CHAT_FILES_MAX files, a handful of short fields. */
export const chatMultipartLimits = (maxMb: number) => ({
  fileSize: Math.floor(maxMb * 1024 * 1024),
  files: CHAT_FILES_MAX,
  fields: 6,
  parts: CHAT_FILES_MAX + 6,
  // A message of CHAT_MESSAGE_MAX_LENGTH characters fits.
  fieldSize: 32 * 1024,
  headerPairs: 50,
});

/** The viewer read the room up to `hasta` (marks only move forward); answers their unread count. */
export async function markRead(ctx: AppContext, open: OpenRoom, hasta: number): Promise<{ noLeidos: number }> {
  const upTo = Math.min(hasta, open.room.ultimoIndex);
  await markMember(ctx.db, open.room.id, open.sender.id, { leidoHasta: upTo });
  return { noLeidos: await unreadIn(ctx.db, open, upTo) };
}

/** A file (or preview) of this room, only to those who may open the room's files (spec 2 §6). */
export async function serveRoomFile(ctx: AppContext, reply: FastifyReply, open: OpenRoom, fileId: string) {
  enforce(mayOpenRoomFiles(open.sender, open.caso, open.kind));
  const row = (await fileInRoom(ctx.db, open.room.id, fileId)) ? await findFile(ctx.db, fileId) : undefined;
  // The browser may keep a copy but asks each time (ETag, 304): only after the checks above, so
  // one who lost access to the room is refused rather than shown what they kept.
  return sendStoredFile(ctx, reply, row, { revalidate: true });
}

/**
 * Reads a multipart send once the room is known — who may send is checked before the upload is
 * read — requires 1–CHAT_FILES_MAX files `archivos`, and always discards the staged files.
 */
export async function withUploads<T>(
  ctx: AppContext,
  request: FastifyRequest,
  open: OpenRoom,
  rule: typeof maySend,
  fields: readonly string[],
  work: (form: Record<string, string>, uploads: StagedUpload[]) => Promise<T>,
): Promise<T> {
  enforce(rule(open.sender, open.caso, open.kind));
  const form = await readMultipartForm(request, {
    fields,
    fileField: 'archivos',
    maxFiles: CHAT_FILES_MAX,
    maxMb: ctx.config.uploadMaxMb,
  });
  try {
    if (!form.uploads.length)
      throw badRequest(MSG.archivosRequeridos, [{ path: 'archivos', message: MSG.archivosRequeridos }]);
    return await work(form.fields as Record<string, string>, form.uploads);
  } finally {
    await discardAll(form.uploads);
  }
}

/** A message with files (…/archivos): its text fields checked, then sent. */
export function sendFiles(ctx: AppContext, request: FastifyRequest, open: OpenRoom): Promise<ChatSendResult> {
  return withUploads(ctx, request, open, maySend, ['clientId', 'content', 'replyTo'], async (fields, uploads) => {
    const { row, repetido } = await sendMessage(ctx, open, validated(chatFileFieldsSchema, fields), uploads);
    return { mensaje: presentFor(open, row), repetido };
  });
}
