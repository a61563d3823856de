import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  AGENT_SLOTS,
  CARGOS,
  CHAT_TAB,
  MSG,
  chatUsername,
  isCargo,
  mayOpenTab,
  roomVisible,
  seesOnlyFiles,
  topics,
  userPhotoUrl,
  type AgentSlot,
  type ChatKind,
  type ChatMarks,
  type ChatPresence,
  type ChatViewer,
} from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { anyOf, runPrepared } from '../../db/prepared.js';
import { casos, chatUsuarios, chats, usuarios } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { livePayload } from '../../platform/live-hub.js';
import { enforce } from '../../platform/policy.js';
import type { Viewer } from '../../platform/viewer.js';
import type { CaseRow } from '../cases/dispatch.js';
import { caseInScope, caseVersion } from '../cases/queries.js';
import { openCaseRoom } from '../cases/rooms.js';
import { writeMark } from './mark-batch.js';

/*
 * The chat module owns the tables `chats`, `chat_usuarios`, `mensajes` and `fotosdrone`. Other
 * modules open a case's rooms through this service; they never write these tables themselves.
 */

export type ChatRow = typeof chats.$inferSelect;

/** Spec 2 §9: creating a room is tried up to 3 times. */
const ROOM_ATTEMPTS = 3;

/**
 * The case's room of a kind, created if the case has none yet (a Perito an Administrador assigned
 * without a request, a case older than its rooms), with up to ROOM_ATTEMPTS tries.
 */
export async function roomOf(db: Executor, uidcaso: string, tipo: ChatKind): Promise<ChatRow> {
  for (let attempt = 1; ; attempt++) {
    const [room] = await runPrepared(
      db,
      'chat_room_of_case',
      (b) =>
        b
          .select()
          .from(chats)
          .where(and(eq(chats.uidcaso, sql.placeholder('caso')), eq(chats.tipo, sql.placeholder('tipo')))),
      { caso: uidcaso, tipo },
    );
    if (room) return room;
    try {
      await openCaseRoom(db, uidcaso, tipo);
    } catch (err) {
      if (attempt >= ROOM_ATTEMPTS) throw err;
    }
    if (attempt >= ROOM_ATTEMPTS) throw new AppError(503, 'CHAT_ROOM_UNAVAILABLE', MSG.errorNoIdentificado);
  }
}

/** A staff viewer as the chat policy sees them, with the username their messages carry. */
export interface ChatSender extends ChatViewer {
  username: string;
}

export function staffSender(viewer: Viewer): ChatSender {
  const { nombres, apellidos, identificacion } = viewer.user;
  return {
    id: viewer.id,
    kind: viewer.cargo,
    username: chatUsername(`${nombres} ${apellidos}`, String(identificacion), viewer.cargo),
  };
}

/**
 * The case's columns a room is opened with: its rules (ChatCaseState: the agents' slots, the
 * requests, the rooms' flags, archived), the notices a send records (noticeAboutCase: the number,
 * the city, the client) and its id. Each message reads them, so only these are read and decoded,
 * not the case's whole row; the type (RoomCase) is made of the same list.
 */
const ROOM_CASE_FIELDS = [
  'id',
  'caso',
  'estado',
  'archivado',
  'tipo_plan',
  'uidciudad',
  'uidcliente',
  'uidconductor',
  ...AGENT_SLOTS,
  'solicitud_perito',
  'solicitud_dibujante',
  'solicitud_atencion',
  'aprobar_atencion',
  'chat_perito',
  'chat_dibujante',
] as const satisfies readonly (keyof CaseRow)[];
type RoomCaseField = (typeof ROOM_CASE_FIELDS)[number];

/** The case as a room's rules and sends read it. */
export type RoomCase = Pick<CaseRow, RoomCaseField>;

/** ROOM_CASE_FIELDS as a select's columns. */
export const roomCaseColumns = () =>
  Object.fromEntries(ROOM_CASE_FIELDS.map((f) => [f, casos[f]])) as { [K in RoomCaseField]: (typeof casos)[K] };

/** A room as one viewer opens it: the case (its state decides the rules) and the room's id. */
export interface OpenRoom {
  caso: RoomCase;
  room: Pick<ChatRow, 'id' | 'ultimoIndex'>;
  sender: ChatSender;
  kind: ChatKind;
  /**
   * The case row's version (PostgreSQL's xmin) as the rules were checked on it: a send commits
   * in one statement only while the row is still this one (send-statement.ts).
   */
  version: string;
  /** Members a text would tell by notice: staff other than the sender with no room screen open. */
  away: number;
  /** The case's agents in their slots who are not members of the room yet. */
  missingAgents: string[];
}

/** The cargos that read only the room's file messages (seesOnlyFiles), as a statement's parameter. */
export const filesOnlyCargos = (kind: ChatKind): string[] => CARGOS.filter((c) => seesOnlyFiles(c, kind));

/**
 * The case, its room of a kind and what a send decides on, in one statement: the row's version,
 * how many members are away (a text tells them by notice) and the agents not yet members.
 */
export const openRoomFields = () => ({
  caso: roomCaseColumns(),
  room: { id: chats.id, ultimoIndex: chats.ultimoIndex },
  version: caseVersion,
  away: sql<number>`(select count(*)::int from ${chatUsuarios} cu join ${usuarios} u on u.id = cu.usuario
        where cu.room_id = ${chats.id} and cu.conexiones = 0 and cu.usuario <> ${sql.placeholder('sender')}::uuid
          and not (u.cargo = any(${sql.placeholder('filesOnly')}::text[])))`,
  missingAgents: sql<string[]>`array(select a.id from unnest(array[${sql.join(
    AGENT_SLOTS.map((slot) => casos[slot]),
    sql`, `,
  )}]::uuid[]) as a(id) where a.id is not null
        and not exists (select 1 from ${chatUsuarios} cu where cu.room_id = ${chats.id} and cu.usuario = a.id))`,
});

const openRoomStatement = (b: Executor, where: SQL | undefined) =>
  b
    .select(openRoomFields())
    .from(casos)
    .leftJoin(chats, and(eq(chats.uidcaso, casos.id), eq(chats.tipo, sql.placeholder('tipo'))))
    .where(where);

type OpenedRow = Awaited<ReturnType<ReturnType<typeof openRoomStatement>['execute']>>[number];

/** The room of an opened row; a case with no room of the kind yet gets it now (roomOf). */
export async function roomFromRow(db: Executor, row: OpenedRow, sender: ChatSender, kind: ChatKind): Promise<OpenRoom> {
  const { caso, room, version, away, missingAgents } = row;
  if (room) return { caso, room, sender, kind, version, away, missingAgents };
  return {
    caso,
    room: await roomOf(db, caso.id, kind),
    sender,
    kind,
    version,
    away: 0,
    missingAgents: caseAgentIds(caso),
  };
}

/**
 * The room of a case for a staff viewer: 'El caso no existe' out of their list scope, 'Usuario no
 * autorizado' when the room's tab is hidden from them (the workspace's tab rules, as
 * loadCaseRowForTab) — the case and the room read in one statement.
 */
export async function openRoomFor(ctx: AppContext, viewer: Viewer, caseId: string, kind: ChatKind): Promise<OpenRoom> {
  const [row] = await runPrepared(
    ctx.db,
    `chat_open_${viewer.cargo}`,
    (b) => openRoomStatement(b, caseInScope(viewer)),
    { id: caseId, viewer: viewer.id, tipo: kind, sender: viewer.id, filesOnly: filesOnlyCargos(kind) },
  );
  if (!row) throw notFound(MSG.casoNoExiste);
  enforce(mayOpenTab(viewer, row.caso, CHAT_TAB[kind]));
  return roomFromRow(ctx.db, row, staffSender(viewer), kind);
}

/**
 * Makes the viewer a member of the room (or refreshes their username), in the caller's executor;
 * with `readUpTo`, the member has read (and received) the room up to that message (their own).
 */
export async function joinRoom(db: Executor, roomId: string, member: ChatSender, readUpTo?: number): Promise<void> {
  const read = readUpTo !== undefined;
  const upTo = sql.placeholder('upTo');
  await runPrepared(
    db,
    read ? 'chat_join_read' : 'chat_join',
    (b) =>
      b
        .insert(chatUsuarios)
        .values({
          roomId: sql.placeholder('room'),
          usuario: sql.placeholder('user'),
          cliente: sql.placeholder('cliente'),
          username: sql.placeholder('username'),
          ...(read ? { leidoHasta: upTo, recibidoHasta: upTo } : {}),
        })
        .onConflictDoUpdate({
          target: [chatUsuarios.roomId, chatUsuarios.usuario],
          set: {
            username: sql`excluded.username`,
            ...(read
              ? {
                  leidoHasta: sql`greatest(${chatUsuarios.leidoHasta}, excluded.leido_hasta)`,
                  recibidoHasta: sql`greatest(${chatUsuarios.recibidoHasta}, excluded.recibido_hasta)`,
                }
              : {}),
          },
          setWhere: read ? undefined : sql`${chatUsuarios.username} <> excluded.username`,
        }),
    {
      room: roomId,
      user: member.id,
      cliente: member.kind === 'Cliente' ? member.id : null,
      username: member.username,
      upTo: readUpTo,
    },
  );
}

/** The case's agents become members of the room (those who are not yet), in one statement. */
export async function joinAgents(db: Executor, roomId: string, agents: ChatSender[]): Promise<void> {
  if (!agents.length) return;
  await runPrepared(
    db,
    'chat_join_agents',
    () => sql`insert into ${chatUsuarios} (room_id, usuario, username)
      select ${sql.placeholder('room')}::uuid, a.usuario, a.username
      from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('names')}::text[]) as a(usuario, username)
      on conflict do nothing`,
    { room: roomId, ids: agents.map((a) => a.id), names: agents.map((a) => a.username) },
  );
}

/** The users in the case's agent slots (a slot may hold 'solicitado': requested, nobody yet). */
export const caseAgentIds = (caso: Pick<CaseRow, AgentSlot>): string[] => [
  ...new Set(AGENT_SLOTS.map((s) => caso[s]).filter((x): x is string => !!x && x !== 'solicitado')),
];

/**
 * The case's agents who read this room (their slot filled and the room's tab shown to their
 * cargo): members from the start, so a message reaches them before they ever opened the room.
 */
export async function caseAgentsOfRoom(
  db: Executor,
  caso: RoomCase,
  kind: ChatKind,
): Promise<(ChatSender & { fotoUrl: string | null })[]> {
  const ids = caseAgentIds(caso);
  if (!ids.length) return [];
  const rows = await runPrepared(
    db,
    'chat_case_agents',
    (b) =>
      b
        .select({
          id: usuarios.id,
          cargo: usuarios.cargo,
          nombres: usuarios.nombres,
          apellidos: usuarios.apellidos,
          identificacion: usuarios.identificacion,
          foto: usuarios.foto,
        })
        .from(usuarios)
        .where(and(anyOf(usuarios.id, sql.placeholder('ids')), eq(usuarios.estado, true))),
    { ids },
  );
  return rows.flatMap((u) =>
    isCargo(u.cargo) && roomVisible(u.cargo, kind, caso)
      ? [
          {
            id: u.id,
            kind: u.cargo,
            username: chatUsername(`${u.nombres} ${u.apellidos}`, String(u.identificacion), u.cargo),
            fotoUrl: u.foto ? userPhotoUrl(u.id, u.foto) : null,
          },
        ]
      : [],
  );
}

/** A member of a room as its header lists them (staff; a client has no cargo). */
export interface RoomMember {
  id: string;
  cargo: string | null;
  username: string;
  /** Screens with the room open now. */
  conexiones: number;
  leidoHasta: number;
  recibidoHasta: number;
  fotoUrl: string | null;
}

/**
 * Who the room's header lists: its members, and the case's agents who read it but are not members
 * yet (they join with the next message), away until they open it.
 */
export async function withMissingAgents(db: Executor, open: OpenRoom, members: RoomMember[]): Promise<RoomMember[]> {
  if (!open.missingAgents.length) return members;
  const missing = new Set(open.missingAgents);
  const agents = (await caseAgentsOfRoom(db, open.caso, open.kind)).filter((a) => missing.has(a.id));
  const joining = agents.map((a) => ({
    id: a.id,
    cargo: a.kind,
    username: a.username,
    conexiones: 0,
    leidoHasta: 0,
    recibidoHasta: 0,
    fotoUrl: a.fotoUrl,
  }));
  return [...members, ...joining].sort((a, b) => a.username.localeCompare(b.username));
}

/**
 * The member's marks move forward only (a late request never takes them back), and no further than
 * the room's last number; the room hears of them when they change a member's ticks. Written with
 * the other marks of the moment, in one statement (mark-batch.ts): a room read's own mark is part
 * of the read's statement (room-read.ts).
 */
export async function markMember(
  db: Executor,
  roomId: string,
  userId: string,
  marks: { leidoHasta?: number; recibidoHasta?: number },
): Promise<void> {
  const read = marks.leidoHasta ?? 0;
  const received = Math.max(marks.recibidoHasta ?? 0, read);
  if (received > 0) await writeMark(db, { room: roomId, user: userId, read, received });
}

/**
 * The room's header changed (members, presence, the flag): its open screens read it again. When
 * only a member's marks moved, the event carries them and the screens put them in themselves.
 */
export const roomChanged = (ctx: AppContext, db: Executor, roomId: string, marcas?: ChatMarks) =>
  ctx.hub.publish(db, topics.chat(roomId), { name: 'chat.room', roomId, ...(marcas && { marcas }) });

/**
 * roomChanged's notification of one member's presence, for a statement that notifies it itself:
 * the screens that list the member put it in without reading the room.
 */
export const presenceChangedPayload = (roomId: string, presencia: ChatPresence) =>
  livePayload(topics.chat(roomId), { name: 'chat.room', roomId, presencia });

/** The room a live topic `chat:{roomId}` names. */
export async function roomById(db: Executor, roomId: string): Promise<ChatRow | undefined> {
  const [room] = await runPrepared(
    db,
    'chat_room_by_id',
    (b) =>
      b
        .select()
        .from(chats)
        .where(eq(chats.id, sql.placeholder('id'))),
    { id: roomId },
  );
  return room;
}

/** The client's room: the general one of their case (spec 3: the client reaches only it). */
export async function openRoomForClient(
  ctx: AppContext,
  client: { id: string; caseId: string; username: string },
): Promise<OpenRoom> {
  const [row] = await runPrepared(
    ctx.db,
    'chat_open_client',
    (b) => openRoomStatement(b, eq(casos.id, sql.placeholder('id'))),
    { id: client.caseId, tipo: 'general', sender: client.id, filesOnly: filesOnlyCargos('general') },
  );
  if (!row) throw new AppError(404, 'NOT_FOUND', MSG.casoNoExiste);
  return roomFromRow(ctx.db, row, { id: client.id, kind: 'Cliente', username: client.username }, 'general');
}
