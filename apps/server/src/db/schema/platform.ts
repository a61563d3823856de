import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { EXPORT_EN_PROCESO, EXPORT_ESTADOS } from '@vialex/domain';
import { createdAt, id, oneOf, tstz } from './columns.js';
import { casos } from './cases.js';
import { usuarios } from './users.js';
import { clientes } from './clients.js';

/**
 * SFTP exports of a case's files (decisions.md D8): En proceso → Finalizado, Error (with the
 * reason in `mensaje`) or Cancelado. `trabajo` is the background job that runs it; a retry points
 * it at a new job. At most one export of a case is En proceso at a time.
 */
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
    estado: text('estado').notNull().default(EXPORT_EN_PROCESO),
    mensaje: text('mensaje').notNull().default(''),
    solicitado_por: uuid('solicitado_por').references(() => usuarios.id),
    /** Files sent of the total (the case's files, the summary JSON and the PDF), shown live. */
    enviados: integer('enviados').notNull().default(0),
    total: integer('total').notNull().default(0),
    trabajo: uuid('trabajo').references((): AnyPgColumn => trabajos.id),
  },
  (t) => [
    index('exportaciones_caso_idx').on(t.caso),
    index('exportaciones_fecha_idx').on(t.fechainicio.desc()),
    uniqueIndex('exportaciones_caso_en_proceso_key')
      .on(t.uidcaso)
      .where(sql`${t.estado} = 'En proceso'`),
    oneOf('exportaciones_estado_check', t.estado, EXPORT_ESTADOS),
  ],
);

/** The states of a background job (platform/jobs.ts). */
export const JOB_STATES = ['pendiente', 'en_curso', 'hecho', 'fallido', 'cancelado'] as const;

/**
 * Background jobs (platform/jobs.ts), claimed with SELECT … FOR UPDATE SKIP LOCKED by any
 * instance. A claimed job holds a lease (`bloqueado_hasta`) that its worker renews while it
 * runs; a job whose lease ran out (its instance died) is claimed again. A failure is retried at
 * `ejecutar_en` with back-off until `max_intentos`.
 */
export const trabajos = pgTable(
  'trabajos',
  {
    id: id(),
    tipo: text('tipo').notNull(),
    payload: jsonb('payload').notNull(),
    estado: text('estado').notNull().default('pendiente'),
    intentos: integer('intentos').notNull().default(0),
    max_intentos: integer('max_intentos').notNull().default(5),
    ejecutar_en: createdAt('ejecutar_en'),
    bloqueado_en: tstz('bloqueado_en'),
    /** The worker (instance) holding the job, and until when its lease lasts. */
    bloqueado_por: text('bloqueado_por'),
    bloqueado_hasta: tstz('bloqueado_hasta'),
    error: text('error'),
    creado: createdAt(),
    terminado: tstz('terminado'),
  },
  (t) => [
    index('trabajos_pendientes_idx').on(t.estado, t.ejecutar_en),
    oneOf('trabajos_estado_check', t.estado, JOB_STATES),
  ],
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

/**
 * The running server instances (platform/instances.ts): each renews `visto` every heartbeat; a
 * row not seen for the expiry is a dead instance, deleted by any other's sweep, and what its live
 * sockets held (chat_presencia, ubicaciones_vigiladas, keyed by its id) is given back.
 */
export const instancias = pgTable('instancias', {
  id: uuid('id').primaryKey(),
  iniciada: tstz('iniciada').notNull().defaultNow(),
  visto: tstz('visto').notNull().defaultNow(),
});

/**
 * Uses of a rate-limited action (platform/usage-limit.ts), one row per admitted use and key
 * ('sms:caso:<id>', 'sms:usuario:<id>'), kept only for the longest window of the key's rules.
 * In the database, so every instance counts the same uses.
 */
export const usosLimitados = pgTable(
  'usos_limitados',
  {
    id: id(),
    clave: text('clave').notNull(),
    creado: createdAt(),
  },
  (t) => [index('usos_limitados_clave_idx').on(t.clave, t.creado)],
);
