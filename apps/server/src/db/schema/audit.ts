import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

/**
 * AUDITORÍA, owned by modules/audit: one row per administrative act, written in the act's own
 * transaction. Append-only: a trigger of the migration refuses UPDATE, DELETE and TRUNCATE, so no
 * code path (nor a mistaken statement) can change the history. Who acted is kept as they were
 * then (name, cargo) and the target by a readable label, so the trail reads the same after a
 * rename; no foreign keys, so nothing it names can be held back from changing or keep it from
 * outliving what it names.
 */
export const auditoria = pgTable(
  'auditoria',
  {
    id: id(),
    fecha: createdAt('fecha'),
    /** The staff user who acted; null: the command line or the system (actor_nombre says which). */
    actor_id: uuid('actor_id'),
    actor_nombre: text('actor_nombre').notNull(),
    actor_cargo: text('actor_cargo'),
    /** The request's address as the app reads it (request.ip: X-Forwarded-For only under TRUST_PROXY). */
    ip: text('ip'),
    accion: text('accion').notNull(),
    objeto_tipo: text('objeto_tipo').notNull(),
    objeto_id: text('objeto_id'),
    objeto_etiqueta: text('objeto_etiqueta').notNull(),
    /** The fields that changed, before and after; secrets never reach them (modules/audit/secrets.ts). */
    antes: jsonb('antes'),
    despues: jsonb('despues'),
  },
  (t) => [
    index('auditoria_fecha_idx').on(t.fecha.desc(), t.id.desc()),
    index('auditoria_accion_idx').on(t.accion, t.fecha.desc(), t.id.desc()),
    index('auditoria_objeto_idx').on(t.objeto_tipo, t.objeto_id, t.fecha.desc()),
    index('auditoria_actor_idx').on(t.actor_id, t.fecha.desc()),
  ],
);
