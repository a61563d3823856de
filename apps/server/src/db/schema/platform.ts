import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.js';
import { casos } from './cases.js';
import { usuarios } from './users.js';
import { clientes } from './clients.js';

/** SFTP exports of a case's files. */
export const exportaciones = pgTable(
  'exportaciones',
  {
    id: id(),
    caso: integer('caso').notNull(),
    uidcaso: uuid('uidcaso')
      .notNull()
      .references(() => casos.id),
    fechainicio: createdAt('fechainicio'),
    fechafinalizacion: tstz('fechafinalizacion'),
    estado: text('estado').notNull().default('En proceso'),
    mensaje: text('mensaje').notNull().default(''),
    solicitado_por: uuid('solicitado_por').references(() => usuarios.id),
  },
  (t) => [index('exportaciones_caso_idx').on(t.caso), index('exportaciones_fecha_idx').on(t.fechainicio.desc())],
);

/** Background jobs, claimed with SELECT … FOR UPDATE SKIP LOCKED by any instance. */
export const trabajos = pgTable(
  'trabajos',
  {
    id: id(),
    tipo: text('tipo').notNull(),
    payload: jsonb('payload').notNull(),
    estado: text('estado').notNull().default('pendiente'),
    intentos: integer('intentos').notNull().default(0),
    ejecutar_en: createdAt('ejecutar_en'),
    bloqueado_en: tstz('bloqueado_en'),
    error: text('error'),
    creado: createdAt(),
  },
  (t) => [index('trabajos_pendientes_idx').on(t.estado, t.ejecutar_en)],
);

/** Web Push subscriptions (the spec's tokenPush) of staff users and clients. */
export const suscripcionesPush = pgTable(
  'suscripciones_push',
  {
    id: id(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    usuario: uuid('usuario').references(() => usuarios.id, { onDelete: 'cascade' }),
    cliente: uuid('cliente').references(() => clientes.id, { onDelete: 'cascade' }),
    /** The staff session that registered it (its stored hash): Salir removes that device's subscription. */
    sesion: text('sesion'),
    creado: createdAt(),
  },
  (t) => [
    index('suscripciones_push_usuario_idx').on(t.usuario, t.creado),
    index('suscripciones_push_cliente_idx').on(t.cliente),
    index('suscripciones_push_sesion_idx').on(t.sesion),
  ],
);

/**
 * Idempotency keys of state-changing requests (case creation): a retry with the same key by the
 * same user gets the first answer instead of a second case.
 */
export const idempotencia = pgTable(
  'idempotencia',
  {
    usuario: uuid('usuario')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    clave: text('clave').notNull(),
    ruta: text('ruta').notNull(),
    estado: integer('estado'),
    respuesta: jsonb('respuesta'),
    creado: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.usuario, t.clave] }), index('idempotencia_creado_idx').on(t.creado)],
);

/** Server settings kept in the database (VAPID keys, …). */
export const configuracion = pgTable('configuracion', {
  clave: text('clave').primaryKey(),
  valor: jsonb('valor').notNull(),
});
