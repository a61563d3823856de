import { bigint, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.js';

/** Stored files (chat attachments, management documents, drone photos); bytes live in file storage. */
export const archivos = pgTable('archivos', {
  id: id(),
  nombre: text('nombre').notNull(),
  clave: text('clave').notNull().unique(),
  size: bigint('size', { mode: 'number' }).notNull(),
  type: text('type').notNull(),
  extension: text('extension').notNull(),
  creado: createdAt(),
  subido_por: uuid('subido_por'),
  /** The bytes were deleted and the name replaced (the sender's data suppressed); the row stays for the record. */
  eliminado: tstz('eliminado'),
});
