import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { SMS_PROVIDERS, SMS_STATES } from '@vialex/domain';
import { createdAt, id, oneOf } from './columns.js';
import { casos } from './cases.js';
import { usuarios } from './users.js';
import { enlacesCliente } from './client-links.js';

/**
 * Every SMS sent to a case's client (the outbox), owned by modules/messaging: what was sent, to
 * which number, through which provider, how it went, and the case link it carried.
 */
export const mensajesSms = pgTable(
  'mensajes_sms',
  {
    id: id(),
    uidcaso: uuid('uidcaso')
      .notNull()
      .references(() => casos.id),
    telefono: text('telefono').notNull(),
    cuerpo: text('cuerpo').notNull(),
    proveedor: text('proveedor').notNull(),
    estado: text('estado').notNull(),
    error: text('error'),
    proveedor_id: text('proveedor_id'),
    uidenlace: uuid('uidenlace').references(() => enlacesCliente.id),
    enviado_por: uuid('enviado_por').references(() => usuarios.id),
    creado: createdAt(),
  },
  (t) => [
    index('mensajes_sms_caso_idx').on(t.uidcaso, t.creado.desc()),
    oneOf('mensajes_sms_proveedor_check', t.proveedor, SMS_PROVIDERS),
    oneOf('mensajes_sms_estado_check', t.estado, SMS_STATES),
  ],
);
