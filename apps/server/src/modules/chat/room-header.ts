import { sql } from 'drizzle-orm';
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

const statement = () => {
  const room = sql`${sql.placeholder('room')}::uuid`;
  const viewer = sql`${sql.placeholder('viewer')}::uuid`;
  return sql`select
    (select ultimo_index from ${chats} where id = ${room}) as ultimo,
    (select count(*)::int from ${mensajes} m
      where m.room_id = ${room} and not m.deleted and m.sender_id <> ${viewer}
        and m.index_id > coalesce((select leido_hasta from ${chatUsuarios} where room_id = ${room} and usuario = ${viewer}), 0)
        and (not ${sql.placeholder('filesOnly')}::boolean or jsonb_array_length(m.files) > 0)) as unread,
    coalesce((select json_agg(json_build_array(cu.usuario, u.cargo, cu.username, u.foto, cu.conexiones,
        cu.leido_hasta, cu.recibido_hasta) order by cu.username)
      from ${chatUsuarios} cu left join ${usuarios} u on u.id = cu.usuario
      where cu.room_id = ${room} and cu.usuario is not null), '[]'::json) as members`;
};

/** The room's state for this viewer in one statement: its last number, their unread count, its members. */
async function roomState(db: Executor, open: OpenRoom) {
  const { rows } = (await runPrepared(db, 'chat_room_header', statement, {
    room: open.room.id,
    viewer: open.sender.id,
    filesOnly: seesOnlyFiles(open.sender.kind, open.kind),
  })) as { rows: { ultimo: number | null; unread: number; members: MemberTuple[] }[] };
  const [row] = rows;
  const members: RoomMember[] = row.members.map(
    ([id, cargo, username, foto, conexiones, leidoHasta, recibidoHasta]) => ({
      id,
      cargo,
      username,
      conexiones,
      leidoHasta,
      recibidoHasta,
      fotoUrl: foto ? userPhotoUrl(id, foto) : null,
    }),
  );
  return { ultimo: row.ultimo ?? 0, unread: row.unread, members: await withMissingAgents(db, open, members) };
}

/**
 * The room's header for this viewer (members online, marks of the others, unread, actions), and
 * the viewer's own marks: how far their device received it and they read it.
 */
export async function roomHeader(
  db: Executor,
  open: OpenRoom,
): Promise<{ sala: ChatPage['sala']; received: number; read: number }> {
  const { ultimo, unread, members } = await roomState(db, open);
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
