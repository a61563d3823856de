import { and, count, eq, sql } from 'drizzle-orm';
import { CHAT_TAB, MSG, fmt, isCargo, maySend, mayUploadDronePhotos, seesOnlyFiles, topics } from '@vialex/domain';
import type { Tx } from '../../db/client.js';
import { runPrepared, slot } from '../../db/prepared.js';
import { casos, chats, fotosdrone, mensajes } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { enforce } from '../auth/policy.js';
import { dispatch, noticeAboutCase, type CaseRow, type Pending } from '../cases/dispatch.js';
import { recordFile, removeStored, storeStaged, type StoredFile } from '../files/service.js';
import { discardStaged, type StagedUpload } from '../files/upload.js';
import { messageByClientId, type MessageRow, type StoredChatFile, type StoredReply } from './messages.js';
import { makePreview } from './previews.js';
import { caseAgentIds, caseAgentsOfRoom, joinAgents, joinRoom, roomMembers, type OpenRoom } from './service.js';

/*
 * Saying something in a room: a text, files, or drone photos. The client id the phone made is
 * the idempotency key: a send repeated (the offline outbox after a lost answer, a double tap)
 * answers the message already saved and changes nothing. Files go to storage before the
 * transaction and are removed again when it does not commit or the send was a repeat.
 */

export interface SendInput {
  clientId: string;
  content: string;
  replyTo?: string | null;
}

export interface DroneInput {
  latitud: number | null;
  longitud: number | null;
}

/** Storage folders of the spec (spec 2 §7): chat documents and drone photos. */
const FOLDER = { chat: 'DocChat', drone: 'fotos-dron' } as const;

interface StoredUpload {
  file: StoredFile;
  preview?: StoredFile;
}

async function storeUploads(ctx: AppContext, uploads: StagedUpload[], folder: string): Promise<StoredUpload[]> {
  const stored: StoredUpload[] = [];
  try {
    for (const upload of uploads) {
      const file = await storeStaged(ctx, upload, folder);
      stored.push({ file });
      const staged = await makePreview(upload);
      if (staged) {
        try {
          stored[stored.length - 1].preview = await storeStaged(ctx, staged, `${folder}/vistas`);
        } finally {
          await discardStaged(staged);
        }
      }
    }
    return stored;
  } catch (err) {
    await removeAll(ctx, stored);
    throw err;
  }
}

async function removeAll(ctx: AppContext, stored: StoredUpload[]): Promise<void> {
  await Promise.all(stored.flatMap((s) => [removeStored(ctx, s.file), removeStored(ctx, s.preview)]));
}

/**
 * Sends a message. With `drone`, the uploads are drone photos of the general room: each recorded
 * in `fotosdrone` with where the phone was, and the room's first one notified ('Carga de primera
 * foto'). Answers the message and whether it had been sent before.
 */
export async function sendMessage(
  ctx: AppContext,
  open: OpenRoom,
  input: SendInput,
  uploads: StagedUpload[] = [],
  drone?: DroneInput,
): Promise<{ row: MessageRow; repetido: boolean }> {
  const rule = drone ? mayUploadDronePhotos : maySend;
  enforce(rule(open.sender, open.caso, open.kind));
  // A repeat with files is answered before they are stored again; a text's repeat is found
  // inside the transaction anyway, so it saves the look-up.
  if (uploads.length) {
    const before = await messageByClientId(ctx.db, open.room.id, open.sender.id, input.clientId);
    if (before) return { row: before, repetido: true };
  }

  const stored = await storeUploads(ctx, uploads, drone ? FOLDER.drone : FOLDER.chat);
  try {
    const row = await dispatch(ctx, (tx, pending) => saveInRoom(ctx, tx, pending, open, input, stored, drone));
    return { row, repetido: false };
  } catch (err) {
    await removeAll(ctx, stored);
    if (err instanceof Repeated) return { row: err.row, repetido: true };
    throw err;
  }
}

/** Thrown inside the transaction when the send was a repeat: it rolls back the number it took. */
class Repeated extends Error {
  constructor(readonly row: MessageRow) {
    super('chat message repeated');
  }
}

async function saveInRoom(
  ctx: AppContext,
  tx: Tx,
  pending: Pending,
  open: OpenRoom,
  input: SendInput,
  stored: StoredUpload[],
  drone: DroneInput | undefined,
): Promise<MessageRow> {
  const { room, sender, kind } = open;
  // The room's row orders its messages: one sender at a time takes the next number (the row stays
  // locked until commit, so a repeat sent at the same moment finds this message below).
  const [taken] = await runPrepared(
    tx,
    'chat_take_number',
    (b) =>
      b
        .update(chats)
        .set({ ultimoIndex: sql`${chats.ultimoIndex} + 1` })
        .where(eq(chats.id, sql.placeholder('room')))
        .returning({ indexId: chats.ultimoIndex }),
    { room: room.id },
  );
  // A repeat is answered as it was even when the message it quotes has gone since.
  const earlier = input.replyTo ? await messageByClientId(tx, room.id, sender.id, input.clientId) : undefined;
  if (earlier) throw new Repeated(earlier);
  const reply = input.replyTo ? await quotedMessage(tx, room.id, input.replyTo) : null;
  const files: StoredChatFile[] = [];
  for (const s of stored) {
    const row = await recordFile(tx, s.file, sender.id);
    const preview = s.preview ? await recordFile(tx, s.preview, sender.id) : undefined;
    files.push({
      id: row.id,
      nombre: row.nombre,
      extension: row.extension,
      size: row.size,
      preview: preview?.id ?? null,
      ...(drone ? { dron: drone } : {}),
    });
  }
  const { indexId } = taken;
  const [row] = await runPrepared(
    tx,
    'chat_insert_message',
    (b) =>
      b
        .insert(mensajes)
        .values({
          indexId: sql.placeholder('indexId'),
          roomId: sql.placeholder('room'),
          senderId: sql.placeholder('sender'),
          username: sql.placeholder('username'),
          content: sql.placeholder('content'),
          files: slot('files', mensajes.files),
          replyMessage: slot('reply', mensajes.replyMessage),
          clientId: sql.placeholder('clientId'),
          distributed: false,
        })
        // A repeat of a message already stored (its client id) stores nothing: see below.
        .onConflictDoNothing({ target: [mensajes.roomId, mensajes.senderId, mensajes.clientId] })
        .returning(),
    {
      indexId,
      room: room.id,
      sender: sender.id,
      username: sender.username,
      content: input.content,
      files,
      reply,
      clientId: input.clientId,
    },
  );
  if (!row) {
    // A repeat: the room's lock, taken above, waited for the first send to commit, so it is there.
    const again = await messageByClientId(tx, room.id, sender.id, input.clientId);
    if (again) throw new Repeated(again);
    throw new Error('chat message neither stored nor found');
  }
  // The case as it is now (a room blocked or a case archived a moment ago refuses the send).
  const [caso] = await runPrepared(
    tx,
    'chat_case_for_share',
    (b) =>
      b
        .select()
        .from(casos)
        .where(eq(casos.id, sql.placeholder('id')))
        .for('share'),
    { id: open.caso.id },
  );
  enforce((drone ? mayUploadDronePhotos : maySend)(sender, caso, kind));

  await joinRoom(tx, room.id, sender, indexId);

  if (drone) await recordDronePhotos(tx, pending, caso, room.id, row, files);
  await tellMembers(ctx, tx, pending, { ...open, caso }, row);
  return row;
}

/** The message a reply quotes: one of the same room, else 'El mensaje que responde no existe'. */
async function quotedMessage(tx: Tx, roomId: string, id: string): Promise<StoredReply> {
  const [row] = await tx
    .select()
    .from(mensajes)
    .where(and(eq(mensajes.id, id), eq(mensajes.roomId, roomId), eq(mensajes.deleted, false)));
  if (!row) throw badRequest(MSG.respuestaNoValida, [{ path: 'replyTo', message: MSG.respuestaNoValida }]);
  return {
    id: row.id,
    content: row.content.slice(0, 300),
    username: row.username,
    archivos: (row.files as unknown[]).length,
  };
}

/** Each photo's fotosdrone row; the room's first photos notify 'Carga de primera foto'. */
async function recordDronePhotos(
  tx: Tx,
  pending: Pending,
  caso: CaseRow,
  roomId: string,
  message: MessageRow,
  files: StoredChatFile[],
): Promise<void> {
  const [{ n: earlier }] = await tx.select({ n: count() }).from(fotosdrone).where(eq(fotosdrone.roomId, roomId));
  await tx.insert(fotosdrone).values(
    files.map((f) => ({
      nombre: f.nombre,
      archivo: f.id,
      latitud: f.dron?.latitud ?? null,
      longitud: f.dron?.longitud ?? null,
      roomId,
      mensaje: message.id,
    })),
  );
  if (earlier > 0) return;
  await noticeAboutCase(tx, pending, caso, 'firstDronePhoto', { vars: { n: files.length }, actor: message.senderId });
}

/**
 * After the message: the room's open screens read it (live), each other member's unread count
 * changes, and members who are not in the room get 'Mensaje Chat' as a notice and a push
 * (spec 2 §7) — except those who would not see it (files-only views of a text).
 */
async function tellMembers(ctx: AppContext, tx: Tx, pending: Pending, open: OpenRoom, row: MessageRow): Promise<void> {
  const { room, kind } = open;
  let members = await roomMembers(tx, room.id);
  // The case's agents are members from the start; one who is not yet (a slot filled since, by
  // whatever path) joins now. Their rows are looked up only when a slot's user is missing.
  const known = new Set(members.map((m) => m.id));
  if (caseAgentIds(open.caso).some((id) => !known.has(id))) {
    const agents = await caseAgentsOfRoom(tx, open.caso, kind);
    if (agents.some((a) => !known.has(a.id))) {
      await joinAgents(tx, room.id, agents);
      members = await roomMembers(tx, room.id);
    }
  }
  const hasFiles = (row.files as unknown[]).length > 0;
  const others = members.filter(
    (m): m is typeof m & { id: string } =>
      !!m.id && m.id !== row.senderId && (hasFiles || !(isCargo(m.cargo) && seesOnlyFiles(m.cargo, kind))),
  );
  // The room's screens read the message; each other member's unread count changes.
  await ctx.hub.publishAll(tx, [
    { topic: topics.chat(room.id), event: { name: 'chat.message', roomId: room.id, indexId: row.indexId } },
    { topics: others.map((m) => topics.user(m.id)), event: { name: 'chat.unread', caseId: open.caso.id } },
  ]);
  // Notices and pushes are the staff's (the client follows their case on the link's page).
  const away = others.filter((m) => m.conexiones === 0 && m.cargo).map((m) => m.id);
  if (!away.length) return;
  const texto = row.content || fmt(MSG.mensajeArchivos, { n: (row.files as unknown[]).length });
  // One unread notice per room for each of them: a burst of messages refreshes it (notices.ts).
  await noticeAboutCase(tx, pending, open.caso, 'chatMessage', {
    vars: { texto, tab: CHAT_TAB[kind] },
    named: away,
    actor: row.senderId,
  });
}
