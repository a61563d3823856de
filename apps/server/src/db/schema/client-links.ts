import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.js';
import { casos } from './cases.js';
import { usuarios } from './users.js';
import { clientes } from './clients.js';

/**
 * The client's case links (decisions.md D5), owned by modules/client-links: one per SMS, for
 * one case, expiring, revocable. Neither the token nor the short code is stored: only their
 * SHA-256, and the token encrypted under a key made from the short code (so /s/{code} can
 * redirect to it, and the table alone opens nothing).
 */
export const enlacesCliente = pgTable(
  'enlaces_cliente',
  {
    id: id(),
    uidcaso: uuid('uidcaso')
      .notNull()
      .references(() => casos.id),
    token_hash: text('token_hash').notNull().unique(),
    codigo_hash: text('codigo_hash').notNull().unique(),
    token_cifrado: text('token_cifrado').notNull(),
    expira: tstz('expira').notNull(),
    revocado: tstz('revocado'),
    revocado_por: uuid('revocado_por').references(() => usuarios.id),
    creado_por: uuid('creado_por').references(() => usuarios.id),
    creado: createdAt(),
  },
  (t) => [index('enlaces_cliente_caso_idx').on(t.uidcaso)],
);

/**
 * A client's session in their one case (spec 3 §4 "Client session"), owned by
 * modules/client-links: opened by entering with a case link, its own cookie (never a staff
 * session), ending 120 minutes after the entry or when the client leaves. Only the token's
 * SHA-256 is kept.
 */
export const sesionesCliente = pgTable(
  'sesiones_cliente',
  {
    id: text('id').primaryKey(),
    uidcaso: uuid('uidcaso')
      .notNull()
      .references(() => casos.id),
    uidcliente: uuid('uidcliente').references(() => clientes.id),
    enlace: uuid('enlace').references(() => enlacesCliente.id),
    creado: createdAt(),
    expira: tstz('expira').notNull(),
  },
  (t) => [index('sesiones_cliente_caso_idx').on(t.uidcaso)],
);
