import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { casos } from './cases.js';
import { usuarios } from './users.js';
import { archivos } from './files.js';

/** Case history (HISTORIAL DE GESTIÓN). */
export const trazabilidad = pgTable(
  'trazabilidad',
  {
    id: id(),
    descripcion: text('descripcion').notNull(),
    estado: text('estado'),
    fechahora: createdAt('fechahora'),
    uidcaso: uuid('uidcaso')
      .notNull()
      .references(() => casos.id),
    uidcreador: uuid('uidcreador').references(() => usuarios.id),
    nameArchivo: text('name_archivo').notNull().default('no'),
    archivo: uuid('archivo').references(() => archivos.id),
  },
  (t) => [index('trazabilidad_caso_idx').on(t.uidcaso, t.fechahora.desc())],
);

/** User-state trail: availability changes and what caused them. */
export const trazabilidadestado = pgTable(
  'trazabilidadestado',
  {
    id: id(),
    descripcion: text('descripcion').notNull(),
    estado: text('estado').notNull(),
    uidcaso: uuid('uidcaso').references(() => casos.id),
    uidusuario: uuid('uidusuario')
      .notNull()
      .references(() => usuarios.id),
    cargo: text('cargo').notNull(),
    uidcreador: uuid('uidcreador').references(() => usuarios.id),
    fechahora: createdAt('fechahora'),
  },
  (t) => [index('trazabilidadestado_usuario_idx').on(t.uidusuario, t.fechahora.desc())],
);

/** Notification records: who (cedula) was told what moment (momento) of which case. */
export const notificaciones = pgTable(
  'notificaciones',
  {
    id: id(),
    cedula: text('cedula').notNull(),
    caso: integer('caso'),
    momento: text('momento').notNull(),
    fechahora: createdAt('fechahora'),
    titulo: text('titulo').notNull().default(''),
    cuerpo: text('cuerpo').notNull().default(''),
    url: text('url').notNull().default(''),
    /** Staff users who should receive it (push and, later, the notifications page). */
    destinatarios: uuid('destinatarios')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    uidcaso: uuid('uidcaso').references(() => casos.id),
  },
  (t) => [
    index('notificaciones_caso_idx').on(t.caso),
    // The notification centre reads a user's notices by this array (destinatarios @> {user}).
    index('notificaciones_destinatarios_idx').using('gin', t.destinatarios),
  ],
);

/** Which user read which notification (the notification centre); one row per reader. */
export const notificacionesLeidas = pgTable(
  'notificaciones_leidas',
  {
    notificacion: uuid('notificacion')
      .notNull()
      .references(() => notificaciones.id, { onDelete: 'cascade' }),
    usuario: uuid('usuario')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    leida: createdAt('leida'),
  },
  (t) => [primaryKey({ columns: [t.usuario, t.notificacion] })],
);
