import { and, count, eq, sql } from 'drizzle-orm';
import { CHAT_TAB, MSG, fmtCount, maySend, mayUploadDronePhotos } from '@vialex/domain';
import type { Executor, Tx } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { casos, fotosdrone, mensajes } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { enforce } from '../../platform/policy.js';
import { dispatch, noticeAboutCase, type Pending } from '../cases/dispatch.js';
import { caseVersion } from '../cases/queries.js';
import { recordFile, removeStored, storeStaged, type StoredFile } from '../files/service.js';
import { discardStaged, type StagedUpload } from '../files/upload.js';
import { messageByClientId, type MessageRow, type StoredChatFile, type StoredReply } from './messages.js';
import { makePreview } from './previews.js';
import { saveAndAnnounce, type Sent, type SendValues } from './send-statement.js';
import type { SessionCheck } from './session-guard.js';
import {
  caseAgentsOfRoom,
  joinAgents,
  roomCaseColumns,
  type ChatSender,
  type OpenRoom,
  type RoomCase,
} from './service.js';

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
  // A text's statement may find the case changed since it was read: the long way checks it again.
  let changed = false;
  if (!uploads.length && !drone && !input.replyTo) {
    const sent = await sendText(ctx, open, input);
    if (sent !== CHANGED && sent) return sent;
    changed = sent === CHANGED;
  }
  // A repeat with files is answered before they are stored again; a text's repeat is found
  // inside the transaction anyway, so it saves the look-up.
  if (uploads.length) {
    const before = await messageByClientId(ctx.db, open.room.id, open.sender.id, input.clientId);
    if (before) return { row: before, repetido: true };
  }

  const stored = await storeUploads(ctx, uploads, drone ? FOLDER.drone : FOLDER.chat);
  try {
    const row = await dispatch(ctx, (tx, pending) => saveInRoom(tx, pending, open, input, stored, drone, changed));
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

/** sendText's answer when the case is no longer the row the rules were checked on. */
const CHANGED = Symbol('case changed');

/**
 * A text with no reply, in a room where nobody is away and every agent is a member (a busy room's
 * usual message): one statement, its own transaction. Answers undefined when it goes the long way
 * (saveInRoom) — somebody to tell by notice in the message's transaction, an agent to join — and
 * CHANGED when the case changed since it was read.
 */
async function sendText(
  ctx: AppContext,
  open: OpenRoom,
  input: SendInput,
): Promise<{ row: MessageRow; repetido: boolean } | typeof CHANGED | undefined> {
  if (open.away > 0 || (await agentsToJoin(ctx.db, open)).length) return undefined;
  const sent = await saveAndAnnounce(ctx.db, open, textValues(input));
  if (!sent) {
    const before = await messageByClientId(ctx.db, open.room.id, open.sender.id, input.clientId);
    return before ? { row: before, repetido: true } : CHANGED;
  }
  return textSent(ctx, open, sent);
}

const textValues = (input: SendInput): SendValues => ({
  content: input.content,
  clientId: input.clientId,
  files: [],
  reply: null,
});

/**
 * A text stored in its own statement. A member who left the room since it was read is told all
 * the same, in a transaction of its own.
 */
async function textSent(ctx: AppContext, open: OpenRoom, sent: Sent): Promise<{ row: MessageRow; repetido: boolean }> {
  if (sent.away.length) await dispatch(ctx, (tx, pending) => tellAway(tx, pending, open, sent.row, sent.away));
  return { row: sent.row, repetido: false };
}

/**
 * A text with no reply to a room this process opened for the same session moments ago (kept only
 * with nobody away and no agent missing: sent-rooms.ts): one statement that also checks the
 * session and the case's scope again. Undefined when it stored nothing — a session ended or
 * changed, the case out of scope or changed, or a repeat — and the caller goes the full way,
 * which answers as it always does.
 */
export async function sendCachedText(
  ctx: AppContext,
  open: OpenRoom,
  input: SendInput,
  session: SessionCheck,
): Promise<{ row: MessageRow; repetido: boolean } | undefined> {
  // A refusal is the usual way's to give, on the case as it is now.
  if (input.replyTo || !maySend(open.sender, open.caso, open.kind).allowed) return undefined;
  const sent = await saveAndAnnounce(ctx.db, open, textValues(input), session);
  return sent && textSent(ctx, open, sent);
}

/**
 * The case's agents who read this room and are not members yet (a slot filled since, by whatever
 * path): members from the start, they join before the message. Looked up only when a slot's user
 * is missing from the room.
 */
async function agentsToJoin(db: Executor, open: OpenRoom): Promise<ChatSender[]> {
  if (!open.missingAgents.length) return [];
  const missing = new Set(open.missingAgents);
  return (await caseAgentsOfRoom(db, open.caso, open.kind)).filter((a) => missing.has(a.id));
}

/**
 * The long way, in the send's transaction: files recorded, a reply's quote, agents joined, drone
 * photos and the notices. The statement's version check stands for the case's re-read; only when
 * the case changed since it was read (`changed`, or found so here) are the rules checked again on
 * the case as it is now, shared until commit — a room blocked or a case archived a moment ago
 * refuses the send, and neither happens before it commits.
 */
async function saveInRoom(
  tx: Tx,
  pending: Pending,
  read: OpenRoom,
  input: SendInput,
  stored: StoredUpload[],
  drone: DroneInput | undefined,
  changed: boolean,
): Promise<MessageRow> {
  const { room, sender } = read;
  let open = changed ? await checkedAgain(tx, read, drone) : read;
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
  await joinAgents(tx, room.id, await agentsToJoin(tx, open));
  const values = { content: input.content, clientId: input.clientId, files, reply };
  let sent = await saveAndAnnounce(tx, open, values);
  for (let attempt = 0; !sent; attempt++) {
    // A repeat: the room's lock waited for the first send to commit, so it is there.
    const again = await messageByClientId(tx, room.id, sender.id, input.clientId);
    if (again) throw new Repeated(again);
    if (attempt > 0) throw new Error('chat message neither stored nor found');
    open = await checkedAgain(tx, open, drone);
    sent = await saveAndAnnounce(tx, open, values);
  }
  if (drone) await recordDronePhotos(tx, pending, open.caso, room.id, sent.row, files);
  if (sent.away.length) await tellAway(tx, pending, open, sent.row, sent.away);
  return sent.row;
}

/** The rules again on the case as it is now, shared until commit. */
async function checkedAgain(tx: Tx, open: OpenRoom, drone: DroneInput | undefined): Promise<OpenRoom> {
  const [now] = await runPrepared(
    tx,
    'chat_case_for_share',
    (b) =>
      b
        .select({ caso: roomCaseColumns(), version: caseVersion })
        .from(casos)
        .where(eq(casos.id, sql.placeholder('id')))
        .for('share'),
    { id: open.caso.id },
  );
  enforce((drone ? mayUploadDronePhotos : maySend)(open.sender, now.caso, open.kind));
  return { ...open, caso: now.caso, version: now.version };
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
  caso: RoomCase,
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
 * Members who are not in the room get 'Mensaje Chat' as a notice and a push (spec 2 §7); the
 * statement already left out those who would not see it (files-only views of a text). Notices and
 * pushes are the staff's (the client follows their case on the link's page).
 */
async function tellAway(tx: Tx, pending: Pending, open: OpenRoom, row: MessageRow, away: string[]): Promise<void> {
  const texto = row.content || fmtCount(MSG.mensajeArchivos, (row.files as unknown[]).length);
  // One unread notice per room for each of them: a burst of messages refreshes it (notices.ts).
  await noticeAboutCase(tx, pending, open.caso, 'chatMessage', {
    vars: { texto, tab: CHAT_TAB[open.kind] },
    named: away,
    actor: row.senderId,
  });
}
