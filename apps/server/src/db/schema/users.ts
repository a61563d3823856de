import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CARGOS, DISPONIBILIDAD, DISPONIBILIDADES, SESSION_DEFAULT_MINUTES } from '@vialex/domain';
import { createdAt, id, oneOf, tstz, updatedAt } from './columns.js';
import { archivos } from './files.js';
import { cargos } from './lookups.js';

/** Sign-in accounts (the old app's identity service): e-mail and argon2id hash. */
export const cuentas = pgTable(
  'cuentas',
  {
    id: id(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    creado: createdAt(),
    modificacion: updatedAt(),
  },
  (t) => [uniqueIndex('cuentas_email_key').on(t.email)],
);

/** Staff users. */
export const usuarios = pgTable(
  'usuarios',
  {
    id: id(),
    uiid: uuid('uiid')
      .notNull()
      .references(() => cuentas.id),
    nombres: text('nombres').notNull(),
    apellidos: text('apellidos').notNull(),
    identificacion: bigint('identificacion', { mode: 'number' }).notNull(),
    email: text('email').notNull(),
    cargo: text('cargo')
      .notNull()
      .references(() => cargos.cargo),
    area: text('area').notNull().default(''),
    telefono: text('telefono').notNull().default(''),
    estado: boolean('estado').notNull().default(true),
    creado: createdAt(),
    modificacion: updatedAt(),
    duracion_sesion: integer('duracion_sesion').notNull().default(SESSION_DEFAULT_MINUTES),
    disponibilidad: text('disponibilidad').notNull().default(DISPONIBILIDAD.fueraDeHorario),
    login: boolean('login').notNull().default(false),
    token_login: text('token_login'),
    ultimo_login: tstz('ultimo_login'),
    salir: boolean('salir').notNull().default(false),
    ip: text('ip').notNull().default(''),
    lat: doublePrecision('lat'),
    long: doublePrecision('long'),
    ubicacion_fecha: tstz('ubicacion_fecha'),
    ciudades: text('ciudades')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    gps: boolean('gps').notNull().default(true),
    /** The user's photo (an image of the files module); null shows their initials. */
    foto: uuid('foto').references(() => archivos.id),
  },
  (t) => [
    uniqueIndex('usuarios_email_key').on(t.email),
    uniqueIndex('usuarios_uiid_key').on(t.uiid),
    index('usuarios_cargo_idx').on(t.cargo, t.disponibilidad),
    index('usuarios_creado_idx').on(t.creado.desc(), t.id.desc()),
    index('usuarios_ciudades_idx').using('gin', t.ciudades),
    oneOf('usuarios_cargo_check', t.cargo, CARGOS),
    oneOf('usuarios_disponibilidad_check', t.disponibilidad, DISPONIBILIDADES),
  ],
);

/** Browser sessions: the cookie holds a random token; only its SHA-256 is stored. */
export const sesiones = pgTable(
  'sesiones',
  {
    id: text('id').primaryKey(),
    usuario: uuid('usuario')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    token_login: text('token_login').notNull(),
    creado: createdAt(),
    ip: text('ip').notNull().default(''),
    user_agent: text('user_agent').notNull().default(''),
    /**
     * When the password was last proven again on this session (Mi perfil's changes of the second
     * factor ask for a recent proof: this, or the sign-in itself).
     */
    verificado: tstz('verificado'),
  },
  (t) => [index('sesiones_usuario_idx').on(t.usuario)],
);

/**
 * Sign-in attempts, to slow down password guessing per account and per address: failures, and
 * reservations whose password is still being checked (`pendiente`; one left behind by an instance
 * that died mid-check counts as a failure once it is older than LOGIN_PENDING_SECONDS).
 * `dispositivo`: the nonce of the trusted-device cookie the attempt presented for this account
 * (modules/auth/device.ts), whose own failures lock that device out; null for an untrusted one.
 */
export const intentos_login = pgTable(
  'intentos_login',
  {
    id: id(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    fecha: createdAt('fecha'),
    pendiente: boolean('pendiente').notNull().default(false),
    dispositivo: text('dispositivo'),
  },
  (t) => [index('intentos_login_email_idx').on(t.email, t.fecha), index('intentos_login_ip_idx').on(t.ip, t.fecha)],
);

/**
 * Users whose position an open case map follows (the live topic ubicacion:{id}), with how many
 * map screens follow it on each server instance (`instancia`, platform/instances.ts: the rows of
 * an instance that died are swept). A position update notifies only while some row is > 0, so
 * 250+ updates a second cost nothing when nobody watches.
 */
export const ubicacionesVigiladas = pgTable(
  'ubicaciones_vigiladas',
  {
    usuario: uuid('usuario')
      .notNull()
      .references(() => usuarios.id),
    instancia: uuid('instancia').notNull(),
    mapas: integer('mapas').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.usuario, t.instancia] })],
);
