import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { casos } from './cases.js';
import { archivos } from './files.js';

/** The three room kinds of a case: chats, chatsperito, chatsdibujante in the spec. */
export const tipoChat = pgEnum('tipo_chat', ['general', 'perito', 'dibujante']);

export const chats = pgTable(
  'chats',
  {
    id: id(),
    tipo: tipoChat('tipo').notNull(),
    roomName: text('room_name').notNull().default('Chat en proceso (Entrar)'),
    avatar: text('avatar').notNull().default(''),
    uidcaso: uuid('uidcaso')
      .notNull()
      .references(() => casos.id),
    unread_count: integer('unread_count').notNull().default(0),
    /** The last message number given out in the room (mensajes.index_id counts from 1). */
    ultimoIndex: integer('ultimo_index').notNull().default(0),
    creado: createdAt(),
  },
  (t) => [uniqueIndex('chats_caso_tipo_key').on(t.uidcaso, t.tipo)],
);

/** Room members (staff or client) and their online state. */
export const chatUsuarios = pgTable(
  'chat_usuarios',
  {
    id: id(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chats.id),
    usuario: uuid('usuario'),
    cliente: uuid('cliente'),
    username: text('username').notNull(),
    estado: text('estado').notNull().default('offline'),
    /** Open room screens of the member (live subscriptions to the room, every instance): online while > 0. */
    conexiones: integer('conexiones').notNull().default(0),
    /** The last message number the member has read, and the last one their device received. */
    leidoHasta: integer('leido_hasta').notNull().default(0),
    recibidoHasta: integer('recibido_hasta').notNull().default(0),
  },
  (t) => [
    index('chat_usuarios_room_idx').on(t.roomId),
    uniqueIndex('chat_usuarios_room_usuario_key').on(t.roomId, t.usuario),
    uniqueIndex('chat_usuarios_room_cliente_key').on(t.roomId, t.cliente),
    index('chat_usuarios_usuario_idx').on(t.usuario),
  ],
);

/**
 * Each server instance's share of a member's open room screens (platform/instances.ts): the
 * member's chat_usuarios.conexiones is the sum over live instances; the rows of an instance that
 * died are swept and subtracted.
 */
export const chatPresencia = pgTable(
  'chat_presencia',
  {
    instancia: uuid('instancia').notNull(),
    miembro: uuid('miembro')
      .notNull()
      .references(() => chatUsuarios.id, { onDelete: 'cascade' }),
    conexiones: integer('conexiones').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.instancia, t.miembro] }), index('chat_presencia_miembro_idx').on(t.miembro)],
);

/** Messages of all three kinds of room (mensajes, mensajesperito, mensajesdibujante). */
export const mensajes = pgTable(
  'mensajes',
  {
    id: id(),
    indexId: integer('index_id').notNull(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chats.id),
    senderId: uuid('sender_id').notNull(),
    username: text('username').notNull(),
    fecha: createdAt('fecha'),
    content: text('content').notNull().default(''),
    files: jsonb('files').notNull().default([]),
    replyMessage: jsonb('reply_message'),
    saved: boolean('saved').notNull().default(true),
    distributed: boolean('distributed').notNull().default(false),
    seen: boolean('seen').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    failure: boolean('failure').notNull().default(false),
    system: boolean('system').notNull().default(false),
    avatar: text('avatar').notNull().default(''),
    /** The sender's own id for the message (the phone's offline outbox): a repeated send is the same message. */
    clientId: uuid('client_id'),
  },
  (t) => [
    uniqueIndex('mensajes_room_index_key').on(t.roomId, t.indexId),
    uniqueIndex('mensajes_room_sender_client_key').on(t.roomId, t.senderId, t.clientId),
  ],
);

export const fotosdrone = pgTable(
  'fotosdrone',
  {
    id: id(),
    nombre: text('nombre').notNull(),
    archivo: uuid('archivo')
      .notNull()
      .references(() => archivos.id),
    latitud: doublePrecision('latitud'),
    longitud: doublePrecision('longitud'),
    fecha: createdAt('fecha'),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chats.id),
    /** The chat message that carried the photo. */
    mensaje: uuid('mensaje').references(() => mensajes.id),
  },
  (t) => [index('fotosdrone_room_idx').on(t.roomId)],
);
