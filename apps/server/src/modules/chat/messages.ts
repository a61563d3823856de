import { and, asc, count, desc, eq, gt, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  CHAT_PAGE_SIZE,
  MSG,
  chatDisplayName,
  isDocumentExtension,
  seesOnlyFiles,
  type ChatFile,
  type ChatKind,
  type ChatMessage,
  type ChatPage,
} from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { mensajes } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import type { MessageRow } from './message-row.js';
import { presentHeader, roomHeader } from './room-header.js';
import { readRoomAtOnce } from './room-read.js';
import { markMember, type OpenRoom } from './service.js';
import type { SessionCheck } from './session-guard.js';

/*
 * Reading a room: pages of its messages (newest page first, paged back by number, caught up after
 * a live event, searched), each presented with its files' links, and the room's header for the viewer.
 */

export type { MessageRow };

/** A file as a message stores it (mensajes.files): the stored file, its preview, where a drone photo was taken. */
export interface StoredChatFile {
  id: string;
  nombre: string;
  extension: string;
  size: number;
  preview: string | null;
  dron?: { latitud: number | null; longitud: number | null };
}

/** The quoted message a reply stores (mensajes.reply_message). */
export interface StoredReply {
  id: string;
  content: string;
  username: string;
  archivos: number;
}

/** Where a room's file is served: only to whoever may open that room's files. */
export const chatFileUrl = (caseId: string, kind: ChatKind, fileId: string) =>
  `/api/casos/${caseId}/chats/${kind}/archivos/${fileId}`;

function presentFile(caseId: string, kind: ChatKind, f: StoredChatFile): ChatFile {
  return {
    id: f.id,
    nombre: f.nombre,
    extension: f.extension,
    size: f.size,
    tipo: isDocumentExtension(f.extension) ? 'documento' : 'imagen',
    url: chatFileUrl(caseId, kind, f.id),
    preview: f.preview ? chatFileUrl(caseId, kind, f.preview) : null,
  };
}

/**
 * The quote of a reply as the viewer may read it. A files-only viewer (spec 2 §6) reads no text of
 * the room, so a file that quotes a text shows the quote without its words; a quoted message
 * with files (which they do read) keeps its caption.
 */
function presentReply(reply: StoredReply | null, filesOnly: boolean): ChatMessage['reply'] {
  if (!reply) return null;
  const { id, content, username, archivos } = reply;
  return {
    id,
    username: chatDisplayName(username),
    archivos,
    content: filesOnly && archivos === 0 ? MSG.citaTextoNoVisible : content,
  };
}

/**
 * A message for one viewer; `filesOnly`: the viewer reads only the room's file messages
 * (seesOnlyFiles). Its sender reads as their name and role: the identification digits the stored
 * username keeps (spec 2 §9) are not shown in a room.
 */
export function presentMessage(
  caseId: string,
  kind: ChatKind,
  row: MessageRow,
  viewerId: string,
  filesOnly = false,
): ChatMessage {
  const files = (row.files as StoredChatFile[]) ?? [];
  const photo = files.find((f) => f.dron)?.dron;
  // Built field by field: the answer is written as it is (plainJson).
  const dron = photo ? { latitud: photo.latitud, longitud: photo.longitud } : null;
  return {
    id: row.id,
    indexId: row.indexId,
    senderId: row.senderId,
    username: chatDisplayName(row.username),
    fecha: row.fecha.toISOString(),
    content: row.content,
    files: files.map((f) => presentFile(caseId, kind, f)),
    reply: presentReply((row.replyMessage as StoredReply | null) ?? null, filesOnly),
    clientId: row.senderId === viewerId ? row.clientId : null,
    system: row.system,
    dron,
  };
}

/** A message of an open room for the one who opened it. */
export const presentFor = (open: OpenRoom, row: MessageRow): ChatMessage =>
  presentMessage(open.caso.id, open.kind, row, open.sender.id, seesOnlyFiles(open.sender.kind, open.kind));

export interface PageOptions {
  antes?: number;
  despues?: number;
  /** The viewer's screen shows the newest message: the read marks the room read too. */
  leido?: '1';
  limite?: number;
  q?: string;
}

/** `%` and `_` typed in a search are letters, not wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What this viewer reads of the room: every message, or only those with files (spec 2 §6). */
function visibleTo(open: OpenRoom): SQL[] {
  const where: SQL[] = [eq(mensajes.roomId, open.room.id), eq(mensajes.deleted, false)];
  if (seesOnlyFiles(open.sender.kind, open.kind)) where.push(sql`jsonb_array_length(${mensajes.files}) > 0`);
  return where;
}

/** A search's rows: the messages whose text or file names contain `q`, up to the header's last number. */
function searchRows(db: Executor, open: OpenRoom, opts: PageOptions, forward: boolean, limit: number, hasta: number) {
  const where = visibleTo(open);
  if (opts.antes !== undefined) where.push(lt(mensajes.indexId, opts.antes));
  if (opts.despues !== undefined) where.push(gt(mensajes.indexId, opts.despues));
  where.push(lte(mensajes.indexId, hasta));
  const pattern = `%${likeEscape(opts.q!)}%`;
  where.push(sql`(${mensajes.content} ilike ${pattern} or ${mensajes.files}::text ilike ${pattern})`);
  return db
    .select()
    .from(mensajes)
    .where(and(...where))
    .orderBy(forward ? asc(mensajes.indexId) : desc(mensajes.indexId))
    .limit(limit + 1);
}

/** Rows read one more than the page's size, in the read's order, as the page (oldest first) and whether older ones exist. */
function pageOf(rows: MessageRow[], limit: number, forward: boolean): { rows: MessageRow[]; hayMas: boolean } {
  const page = rows.slice(0, limit);
  return { rows: forward ? page : page.reverse(), hayMas: !forward && rows.length > limit };
}

/** The viewer's unread messages of a room: after their read mark, by others, that they would see. */
export async function unreadIn(db: Executor, open: OpenRoom, leidoHasta: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mensajes)
    .where(and(...visibleTo(open), gt(mensajes.indexId, leidoHasta), ne(mensajes.senderId, open.sender.id)));
  return row.n;
}

/**
 * GET a room: its header for this viewer and a page of messages, oldest first — the newest
 * `limite` messages, those before `antes`, or those after `despues` (a live event's catch-up) —
 * and the viewer's marks moved: what their device received (the others' two ticks) and, from a
 * screen showing the newest message (`leido`), what they read: the room's last number, which
 * leaves them nothing unread. All in one statement (room-read.ts), where it was four round trips
 * for every member's screen after every message. A screen that catches up from the header's last
 * number next time misses nothing sent in between: the page is read in the same snapshot.
 */
export async function readRoom(ctx: AppContext, open: OpenRoom, opts: PageOptions): Promise<ChatPage> {
  if (opts.q) return searchRoom(ctx, open, opts);
  return (await pageRead(ctx, open, opts))!;
}

/**
 * readRoom for a room this process opened for the session moments ago (sent-rooms.ts), the
 * session and the case checked again inside the read's statement (session-guard.ts): one round
 * trip. Undefined for a search, or when the statement found the session or the case changed: the
 * caller then goes the full way.
 */
export async function readRecentRoom(
  ctx: AppContext,
  open: OpenRoom,
  opts: PageOptions,
  session: SessionCheck,
): Promise<ChatPage | undefined> {
  return opts.q ? undefined : pageRead(ctx, open, opts, session);
}

async function pageRead(
  ctx: AppContext,
  open: OpenRoom,
  opts: PageOptions,
  session?: SessionCheck,
): Promise<ChatPage | undefined> {
  const { db } = ctx;
  const limit = opts.limite ?? CHAT_PAGE_SIZE;
  // Catching up reads forward from a known number; every other page reads back from the newest.
  const forward = opts.despues !== undefined && opts.antes === undefined;
  const read = await readRoomAtOnce(
    db,
    open,
    { antes: opts.antes, despues: opts.despues, leido: !!opts.leido, limit: limit + 1, forward },
    session,
  );
  if (!read) return undefined;
  const { sala } = await presentHeader(db, open, read.header);
  return pageAnswer(open, opts, sala, pageOf(read.rows, limit, forward));
}

/**
 * A search (`q`): the header first, then the matching messages up to its last number; the marks
 * move as a read's do. Searches are rare: built per request.
 */
async function searchRoom(ctx: AppContext, open: OpenRoom, opts: PageOptions): Promise<ChatPage> {
  const { db } = ctx;
  const { sala, received, read } = await roomHeader(db, open);
  const limit = opts.limite ?? CHAT_PAGE_SIZE;
  const forward = opts.despues !== undefined && opts.antes === undefined;
  const page = pageOf(await searchRows(db, open, opts, forward, limit, sala.ultimo), limit, forward);
  const newest = page.rows.at(-1)?.indexId ?? 0;
  const readUpTo = opts.leido ? sala.ultimo : 0;
  if (newest > received || readUpTo > read)
    await markMember(db, open.room.id, open.sender.id, { recibidoHasta: newest, leidoHasta: readUpTo });
  return pageAnswer(open, opts, sala, page);
}

/** A read's answer: the header (nothing unread once the read marked the room read) and the page as the viewer sees it. */
function pageAnswer(
  open: OpenRoom,
  opts: PageOptions,
  sala: ChatPage['sala'],
  page: { rows: MessageRow[]; hayMas: boolean },
): ChatPage {
  const mensajes = page.rows.map((r) => presentFor(open, r));
  return { sala: opts.leido ? { ...sala, noLeidos: 0 } : sala, mensajes, hayMas: page.hayMas };
}

/** Finds the message a client id already made (a repeated send from the offline outbox). */
export async function messageByClientId(
  db: Executor,
  roomId: string,
  senderId: string,
  clientId: string,
): Promise<MessageRow | undefined> {
  const [row] = await runPrepared(
    db,
    'chat_message_by_client_id',
    (b) =>
      b
        .select()
        .from(mensajes)
        .where(
          and(
            eq(mensajes.roomId, sql.placeholder('room')),
            eq(mensajes.senderId, sql.placeholder('sender')),
            eq(mensajes.clientId, sql.placeholder('clientId')),
          ),
        ),
    { room: roomId, sender: senderId, clientId },
  );
  return row;
}

/** Whether a stored file (or its preview) belongs to a message of this room. */
export async function fileInRoom(db: Executor, roomId: string, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mensajes.id })
    .from(mensajes)
    .where(
      and(
        eq(mensajes.roomId, roomId),
        eq(mensajes.deleted, false),
        sql`(${mensajes.files} @> ${JSON.stringify([{ id: fileId }])}::jsonb or ${mensajes.files} @> ${JSON.stringify([{ preview: fileId }])}::jsonb)`,
      ),
    )
    .limit(1);
  return !!row;
}
