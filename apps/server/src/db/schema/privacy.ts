import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { DATA_ACCESS_KINDS } from '@vialex/domain';
import { createdAt, id, oneOf } from './columns.js';
import { casos } from './cases.js';
import { clientes } from './clients.js';
import { usuarios } from './users.js';
import { enlacesCliente } from './client-links.js';

/*
 * The driver's personal data under Ley 1581 de 2012 (Habeas Data), owned by modules/privacy.
 */

/**
 * Each privacy notice drivers authorised, by version (the SHA-256 of its words, config.ts): the
 * proof of an authorisation names the exact text it was given for, even after the setting changes.
 */
export const avisosPrivacidad = pgTable('avisos_privacidad', {
  version: text('version').primaryKey(),
  empresa: text('empresa').notNull(),
  correo: text('correo').notNull(),
  telefono: text('telefono').notNull(),
  resumen: text('resumen').notNull(),
  texto: text('texto').notNull(),
  casilla: text('casilla').notNull(),
  creado: createdAt(),
});

/**
 * A driver's prior, express and informed authorisation (Ley 1581 art. 9; Decreto 1377 art. 7):
 * given on the entry page, written in the entry's own transaction. One per case, client and notice
 * version; the request's address as the app reads it (TRUST_PROXY) and the link it came with.
 */
export const autorizacionesDatos = pgTable(
  'autorizaciones_datos',
  {
    id: id(),
    uidcaso: uuid('uidcaso')
      .notNull()
      .references(() => casos.id),
    /** The case's driver, else its owner (who the client session is for); null: a case without a client. */
    uidcliente: uuid('uidcliente').references(() => clientes.id),
    version: text('version')
      .notNull()
      .references(() => avisosPrivacidad.version),
    enlace: uuid('enlace').references(() => enlacesCliente.id),
    ip: text('ip').notNull(),
    fecha: createdAt('fecha'),
  },
  (t) => [
    unique('autorizaciones_datos_caso_cliente_version_key').on(t.uidcaso, t.uidcliente, t.version).nullsNotDistinct(),
  ],
);

/**
 * Who among the staff opened a client's data (Ley 1581 art. 8 b, "ser informado del uso"): the
 * client's record or the DATOS DEL CASO of one of their cases, with the reader's name and cargo as
 * they were. It names staff, not the person's data, so it may outlive the client's anonymisation.
 */
export const accesosDatos = pgTable(
  'accesos_datos',
  {
    id: id(),
    uidcliente: uuid('uidcliente')
      .notNull()
      .references(() => clientes.id),
    /** The case whose DATOS DEL CASO was opened; null: the client's record. */
    uidcaso: uuid('uidcaso').references(() => casos.id),
    que: text('que').notNull(),
    usuario: uuid('usuario')
      .notNull()
      .references(() => usuarios.id),
    nombre: text('nombre').notNull(),
    cargo: text('cargo').notNull(),
    fecha: createdAt('fecha'),
  },
  (t) => [
    oneOf('accesos_datos_que_check', t.que, DATA_ACCESS_KINDS),
    index('accesos_datos_cliente_idx').on(t.uidcliente, t.fecha.desc(), t.id.desc()),
    index('accesos_datos_usuario_idx').on(t.usuario, t.uidcliente, t.fecha),
  ],
);
