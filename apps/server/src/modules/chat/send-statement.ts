import { sql, type SQL } from 'drizzle-orm';
import { topics, type ChatMessage, type LiveEvent } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { LIVE_CHANNEL, livePayload } from '../../platform/live-hub.js';
import { presentMessage, type StoredChatFile, type StoredReply } from './messages.js';
import { messageRow, type MessageRow } from './message-row.js';
import { sessionGuard, sessionValues, type SessionCheck } from './session-guard.js';
import { filesOnlyCargos, type OpenRoom } from './service.js';

/*
 * A message saved and announced in one statement: each statement is a round trip to the database
 * (a write on both sides, the other process woken), which was most of a text send's cost. In
 * order, under the locks the transaction of a send took one by one before:
 *   - the case row, shared, only while it is the version the rules were checked on (`version`,
 *     its xmin): a room blocked or a case archived since makes it insert nothing, and the caller
 *     checks again in a transaction (send-service.ts);
 *   - the room's row, locked: one sender at a time takes the next number. The number is written
 *     back only when the message was stored, so a repeat (its client id) takes none;
 *   - the message; the sender has read and received it;
 *   - the live events, delivered at commit: the room's screens get the message (or, when it does
 *     not fit one notification, are told to read it), each other member's unread count changes
 *     (files-only members hear only of messages with files);
 *   - the members away (no room screen open), whom the caller tells by notice.
 * PostgreSQL runs it as one transaction; inside a caller's transaction it is part of that one.
 */

export interface SendValues {
  content: string;
  clientId: string;
  files: StoredChatFile[];
  reply: StoredReply | null;
}

export interface Sent {
  row: MessageRow;
  /** Other staff members with no screen of the room open (their ids). */
  away: string[];
}

/** Topics of one unread notification (PostgreSQL's payload limit, 8,000 bytes, holds about a hundred). */
const TOPICS_PER_NOTIFICATION = 100;
/** Where the statement writes the message's number, id and time into its live event. */
const NUMBER = '__indexId__';
const ID = '__id__';
const FECHA = '__fecha__';
/** PostgreSQL refuses a notification of 8,000 bytes or more. */
const NOTIFY_MAX_BYTES = 8000;

/**
 * The message's live event with the message in it (LiveEvent 'chat.message'), as two texts: its
 * head, which ends with the values the statement fills in, and the rest. Only the head is searched
 * for the markers, and nothing of the sender's is in it: a message that says "__id__" stays as it is.
 */
function eventWithMessage(open: OpenRoom, values: SendValues): { head: string; tail: string } {
  const { room, sender, caso, kind } = open;
  // As a member who reads every message sees it: with no viewer, clientId is null.
  const row = {
    senderId: sender.id,
    username: sender.username,
    content: values.content,
    files: values.files,
    replyMessage: values.reply,
    clientId: values.clientId,
    system: false,
    fecha: new Date(0),
  } as MessageRow;
  const { id: _id, indexId: _indexId, fecha: _fecha, ...rest } = presentMessage(caso.id, kind, row, '');
  const mensaje = { id: ID, indexId: NUMBER, fecha: FECHA } as unknown as ChatMessage;
  const event: LiveEvent = { name: 'chat.message', roomId: room.id, indexId: NUMBER as unknown as number, mensaje };
  const head = livePayload(topics.chat(room.id), event);
  // The head's last three braces close the message, the event and the notification.
  return { head: head.slice(0, -3), tail: `,${JSON.stringify(rest).slice(1)}}}` };
}

/** The event's head (a statement's text) with its markers replaced by the stored message's values. */
const filled = (head: SQL) => sql`replace(replace(replace(${head},
    ${sql.raw(`'"${NUMBER}"'`)}, m.index_id::text),
    ${sql.raw(`'"${ID}"'`)}, '"' || m.id || '"'),
    ${sql.raw(`'"${FECHA}"'`)}, '"' || to_char(m.fecha at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"')`;

/**
 * The statement; with `guard`, the case row also has to pass it (a session's rules and the
 * viewer's scope, for a room opened from this process's cache: sessionGuard).
 */
const statement = (guard?: SQL) => sql`
  with c as (
    select id from casos
    where id = ${sql.placeholder('case')}::uuid and xmin = ${sql.placeholder('version')}::text::xid
      ${guard ? sql`and ${guard}` : sql``}
    for share),
  room as (
    select id, ultimo_index from chats
    where id = ${sql.placeholder('room')}::uuid and exists (select 1 from c)
    for update),
  m as (
    insert into mensajes (index_id, room_id, sender_id, username, content, files, reply_message, client_id, distributed)
    select room.ultimo_index + 1, room.id, ${sql.placeholder('sender')}::uuid, ${sql.placeholder('username')},
      ${sql.placeholder('content')}, ${sql.placeholder('files')}::jsonb, ${sql.placeholder('reply')}::jsonb,
      ${sql.placeholder('clientId')}::uuid, false
    from room
    on conflict (room_id, sender_id, client_id) do nothing
    returning *),
  numbered as (
    update chats set ultimo_index = m.index_id from m where chats.id = m.room_id),
  joined as (
    insert into chat_usuarios as cu (room_id, usuario, cliente, username, leido_hasta, recibido_hasta)
    select m.room_id, m.sender_id, ${sql.placeholder('cliente')}::uuid, m.username, m.index_id, m.index_id from m
    on conflict (room_id, usuario) do update set username = excluded.username,
      leido_hasta = greatest(cu.leido_hasta, excluded.leido_hasta),
      recibido_hasta = greatest(cu.recibido_hasta, excluded.recibido_hasta)),
  others as (
    select cu.usuario, u.cargo, cu.conexiones
    from m join chat_usuarios cu on cu.room_id = m.room_id left join usuarios u on u.id = cu.usuario
    where cu.usuario is not null and cu.usuario <> m.sender_id
      and (${sql.placeholder('hasFiles')}::boolean or u.cargo is null
        or not (u.cargo = any(${sql.placeholder('filesOnly')}::text[])))),
  events as (
    -- The message in its event when the notification holds it; else only its number.
    select case when octet_length(e.full) < ${sql.raw(String(NOTIFY_MAX_BYTES))} then e.full
      else replace(${sql.placeholder('message')}::text, ${sql.raw(`'"${NUMBER}"'`)}, e.index_id::text) end as payload, -1 as n
    from (select m.index_id, ${filled(sql`${sql.placeholder('messageHead')}::text`)} || ${sql.placeholder('messageTail')}::text as full
      from m) e
    union all
    select json_build_object('topics', array_agg(${sql.placeholder('userTopic')}::text || o.usuario::text),
      'event', ${sql.placeholder('unread')}::json)::text, o.chunk
    from (select usuario, (row_number() over (order by usuario) - 1) / ${sql.raw(String(TOPICS_PER_NOTIFICATION))} as chunk from others) o
    group by o.chunk),
  told as (
    select pg_notify(${LIVE_CHANNEL}, e.payload) from events e order by e.n)
  select m.*, (select count(*) from told)::int as told,
    array(select usuario from others where conexiones = 0 and cargo is not null) as away
  from m`;

/**
 * Saves the message and queues its live events, in one statement on `db` (the database: its own
 * transaction; or the caller's). Answers undefined when nothing was stored: a repeat of the
 * sender's client id, or a case that is no longer the `version` read (the caller tells which);
 * with `session`, also a session no longer live as this sender and cargo, or the case out of scope.
 */
export async function saveAndAnnounce(
  db: Executor,
  open: OpenRoom,
  values: SendValues,
  session?: SessionCheck,
): Promise<Sent | undefined> {
  const { room, sender, kind } = open;
  const message: LiveEvent = { name: 'chat.message', roomId: room.id, indexId: NUMBER as unknown as number };
  const withMessage = eventWithMessage(open, values);
  const unread: LiveEvent = { name: 'chat.unread', caseId: open.caso.id, tipo: kind };
  // The scope's text depends on the cargo: so does the guarded statement's name.
  const name = session ? `chat_send_session_${session.cargo}` : 'chat_send';
  const guard = session ? sessionValues(open.caso.id, sender.id, session) : {};
  const result = (await runPrepared(db, name, () => statement(session && sessionGuard(session.cargo)), {
    ...guard,
    case: open.caso.id,
    version: open.version,
    room: room.id,
    sender: sender.id,
    cliente: sender.kind === 'Cliente' ? sender.id : null,
    username: sender.username,
    content: values.content,
    files: JSON.stringify(values.files),
    reply: values.reply === null ? null : JSON.stringify(values.reply),
    clientId: values.clientId,
    hasFiles: values.files.length > 0,
    filesOnly: filesOnlyCargos(kind),
    message: livePayload(topics.chat(room.id), message),
    messageHead: withMessage.head,
    messageTail: withMessage.tail,
    userTopic: topics.user(''),
    unread: JSON.stringify(unread),
  })) as { rows: (Record<string, unknown> & { away: string[] })[] };
  const [raw] = result.rows;
  return raw ? { row: messageRow(raw), away: raw.away } : undefined;
}
