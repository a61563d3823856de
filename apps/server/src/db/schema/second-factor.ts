import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, tstz } from './columns.js';
import { usuarios } from './users.js';

/*
 * A staff user's second factor (modules/auth): the authenticator app, passkeys, recovery codes,
 * and the two short-lived states of a sign-in between its password and its session.
 */

/**
 * The user's authenticator app (TOTP, RFC 6238). `secreto` is the key encrypted with AES-256-GCM
 * (modules/auth/totp-secret.ts), never sent again after its setup. `confirmado` null: set up and
 * waiting for its first code. `ultimo_paso`: the 30-second step of the last code accepted; a
 * code of that step or an earlier one is refused (a code works once).
 */
export const factoresTotp = pgTable('factores_totp', {
  usuario: uuid('usuario')
    .primaryKey()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  secreto: text('secreto').notNull(),
  confirmado: tstz('confirmado'),
  ultimo_paso: bigint('ultimo_paso', { mode: 'number' }),
  creado: createdAt(),
});

/**
 * Passkeys (WebAuthn credentials): the credential's id and COSE public key (base64url), its
 * signature counter (a cloned authenticator's counter goes back: refused), and the device's name.
 */
export const llavesAcceso = pgTable(
  'llaves_acceso',
  {
    id: id(),
    usuario: uuid('usuario')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    credencial: text('credencial').notNull(),
    clave_publica: text('clave_publica').notNull(),
    contador: bigint('contador', { mode: 'number' }).notNull().default(0),
    transportes: text('transportes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    nombre: text('nombre').notNull(),
    creado: createdAt(),
    ultimo_uso: tstz('ultimo_uso'),
  },
  (t) => [
    uniqueIndex('llaves_acceso_credencial_key').on(t.credencial),
    index('llaves_acceso_usuario_idx').on(t.usuario),
  ],
);

/** Recovery codes, as the SHA-256 of each (modules/auth/recovery-codes.ts); `usado` once used. */
export const codigosRecuperacion = pgTable(
  'codigos_recuperacion',
  {
    id: id(),
    usuario: uuid('usuario')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    usado: tstz('usado'),
    creado: createdAt(),
  },
  (t) => [uniqueIndex('codigos_recuperacion_usuario_hash_key').on(t.usuario, t.hash)],
);

export const PENDING_STEPS = ['verificar', 'configurar'] as const;

/**
 * A sign-in whose password was right and that waits for its second factor (`verificar`) or for
 * the setup of one (`configurar`): the browser holds a random token in a cookie, only its SHA-256
 * is kept. No session exists until the step is done.
 */
export const ingresosPendientes = pgTable(
  'ingresos_pendientes',
  {
    id: text('id').primaryKey(),
    usuario: uuid('usuario')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    paso: text('paso').notNull(),
    creado: createdAt(),
    vence: tstz('vence').notNull(),
  },
  (t) => [
    index('ingresos_pendientes_usuario_idx').on(t.usuario),
    oneOf('ingresos_pendientes_paso_check', t.paso, PENDING_STEPS),
  ],
);

export const CHALLENGE_PURPOSES = ['registro', 'ingreso', 'segundo_factor'] as const;

/**
 * WebAuthn challenges handed to a browser, each used once: a passkey's registration (its user),
 * a sign-in with a passkey alone (no user yet), or the second step of a pending sign-in.
 */
export const desafiosWebauthn = pgTable(
  'desafios_webauthn',
  {
    desafio: text('desafio').primaryKey(),
    proposito: text('proposito').notNull(),
    usuario: uuid('usuario').references(() => usuarios.id, { onDelete: 'cascade' }),
    vence: tstz('vence').notNull(),
  },
  (t) => [
    index('desafios_webauthn_vence_idx').on(t.vence),
    oneOf('desafios_webauthn_proposito_check', t.proposito, CHALLENGE_PURPOSES),
  ],
);
