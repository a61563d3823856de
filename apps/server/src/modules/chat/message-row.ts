import { getTableColumns } from 'drizzle-orm';
import { mensajes } from '../../db/schema/index.js';

/** A stored message as Drizzle maps it. */
export type MessageRow = typeof mensajes.$inferSelect;

const columns = Object.entries(getTableColumns(mensajes));

/** A stored message as Drizzle maps it, from a statement's raw row (or its row as JSON: json_agg). */
export function messageRow(raw: Record<string, unknown>): MessageRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as MessageRow;
}
