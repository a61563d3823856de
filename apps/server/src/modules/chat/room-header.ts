import { sql, type SQL } from 'drizzle-orm';
import {
  LABELS,
  chatDisplayName,
  chatRoomActions,
  seesOnlyFiles,
  topics,
  userPhotoUrl,
  type ChatPage,
} from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { chatUsuarios, chats, mensajes, usuarios } from '../../db/schema/index.js';
import { withMissingAgents, type OpenRoom, type RoomMember } from './service.js';

/*
 * A room's header for one viewer: who is in it and online, the others' marks (the ticks), the
 * room's last message number, the viewer's unread count and what they may do. Every screen with
 * the room open reads it after each message, so it is one statement, and one snapshot: the last
 * number and the count agree with each other (and the page read after it stops at that number).
 */

/** A member as the statement lists it: id, cargo, username, photo file, open screens, marks. */
type MemberTuple = [string, string | null, string, string | null, number, number, number];

/** The header's columns as a statement selects them (`ultimo`, `unread`, `members`), for the viewer in the room. */
export function headerColumns(room: SQL, viewer: SQL, filesOnly: SQL): SQL {
  return sql`(select ultimo_index from ${chats} where id = ${room}) as ultimo,
    (select count(*)::int from ${mensajes} m
      where m.room_id = ${room} and not m.deleted and m.sender_id <> ${viewer}
        and m.index_id > coalesce((select leido_hasta from ${chatUsuarios} where room_id = ${room} and usuario = ${viewer}), 0)
        and (not ${filesOnly} or jsonb_array_length(m.files) > 0)) as unread,
    coalesce((select json_agg(json_build_array(cu.usuario, u.cargo, cu.username, u.foto, cu.conexiones,
        cu.leido_hasta, cu.recibido_hasta) order by cu.username)
      from ${chatUsuarios} cu left join ${usuarios} u on u.id = cu.usuario
      where cu.room_id = ${room} and cu.usuario is not null), '[]'::json) as members`;
}

/** What headerColumns give. */
export interface HeaderColumns {
  ultimo: number | null;
  unread: number;
  members: MemberTuple[];
}

/** The room's placeholders as the header statements name them: room, viewer, filesOnly. */
export const headerPlaceholders = () => ({
  room: sql`${sql.placeholder('room')}::uuid`,
  viewer: sql`${sql.placeholder('viewer')}::uuid`,
  filesOnly: sql`${sql.placeholder('filesOnly')}::boolean`,
});

/** Their values for this viewer. */
export const headerValues = (open: OpenRoom) => ({
  room: open.room.id,
  viewer: open.sender.id,
  filesOnly: seesOnlyFiles(open.sender.kind, open.kind),
});

const statement = () => {
  const { room, viewer, filesOnly } = headerPlaceholders();
  return sql`select ${headerColumns(room, viewer, filesOnly)}`;
};

/** The room's header read alone, in one statement. */
export async function roomHeader(db: Executor, open: OpenRoom) {
  const { rows } = (await runPrepared(db, 'chat_room_header', statement, headerValues(open))) as {
    rows: HeaderColumns[];
  };
  return presentHeader(db, open, rows[0]);
}

/**
 * The room's header for this viewer (members online, marks of the others, unread, actions), and
 * the viewer's own marks: how far their device received it and they read it.
 */
export async function presentHeader(
  db: Executor,
  open: OpenRoom,
  row: HeaderColumns,
): Promise<{ sala: ChatPage['sala']; received: number; read: number }> {
  const ultimo = row.ultimo ?? 0;
  const unread = row.unread;
  const members = await withMissingAgents(
    db,
    open,
    row.members.map(([id, cargo, username, foto, conexiones, leidoHasta, recibidoHasta]): RoomMember => ({
      id,
      cargo,
      username,
      conexiones,
      leidoHasta,
      recibidoHasta,
      fotoUrl: foto ? userPhotoUrl(id, foto) : null,
    })),
  );
  const others = members.filter((m) => m.id !== open.sender.id);
  const me = members.find((m) => m.id === open.sender.id);
  const actions = chatRoomActions(open.sender, open.caso, open.kind);
  const enviar = actions.enviar.allowed ? { allowed: true } : { allowed: false, message: actions.enviar.message };
  const sala: ChatPage['sala'] = {
    id: open.room.id,
    tipo: open.kind,
    // Named for who is in it ('Chat con el cliente', 'Sala del perito'), whatever the row stores.
    nombre: open.sender.kind === 'Cliente' ? LABELS.chat.salaCliente : LABELS.chat.salas[open.kind],
    topic: topics.chat(open.room.id),
    abierto: open.kind === 'general' ? true : open.caso[open.kind === 'perito' ? 'chat_perito' : 'chat_dibujante'],
    miembros: members.map((m) => ({
      id: m.id,
      username: chatDisplayName(m.username),
      estado: m.conexiones > 0 ? 'online' : 'offline',
      // Photos are read from a staff route: a client's room shows the members' initials.
      foto: open.sender.kind === 'Cliente' ? null : m.fotoUrl,
    })),
    yo: open.sender.id,
    ultimo,
    entregadoHasta: Math.max(0, ...others.map((m) => m.recibidoHasta)),
    vistoHasta: Math.max(0, ...others.map((m) => m.leidoHasta)),
    noLeidos: unread,
    soloArchivos: seesOnlyFiles(open.sender.kind, open.kind),
    acciones: { ...actions, enviar },
  };
  return { sala, received: me?.recibidoHasta ?? 0, read: me?.leidoHasta ?? 0 };
}
