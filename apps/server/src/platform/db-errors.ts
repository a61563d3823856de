import { MSG } from '@vialex/domain';

/** What a PostgreSQL error says about itself besides its message: no values, only names. */
export interface PgErrorInfo {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
}

/**
 * The PostgreSQL error inside an error, if any: node-postgres and PGlite both raise an error
 * with a five-character SQLSTATE `code`; Drizzle wraps it (with the statement and its
 * parameters in the message) as `cause`.
 */
export function pgErrorOf(err: unknown): PgErrorInfo | undefined {
  for (
    let e = err as Record<string, unknown> | undefined, depth = 0;
    e && depth < 3;
    e = e.cause as Record<string, unknown> | undefined, depth++
  ) {
    if (
      typeof e.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(e.code) &&
      ('severity' in e || 'routine' in e || 'constraint' in e)
    ) {
      return {
        code: e.code,
        ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
        ...(typeof e.table === 'string' ? { table: e.table } : {}),
        ...(typeof e.column === 'string' ? { column: e.column } : {}),
      };
    }
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';

/**
 * A unique index's duplicate, answered like the service's own check would answer it: two
 * simultaneous creations both pass the service's look-up, and the index stops the second.
 */
const DUPLICATES: Record<string, { code: string; message: string }> = {
  cuentas_email_key: { code: 'EMAIL_TAKEN', message: MSG.correoDuplicado },
  usuarios_email_key: { code: 'EMAIL_TAKEN', message: MSG.correoDuplicado },
  clientes_identificacion_key: { code: 'CLIENT_DUPLICATE', message: MSG.clienteDuplicado },
};

export function duplicateOf(info: PgErrorInfo): { code: string; message: string } {
  return (info.constraint && DUPLICATES[info.constraint]) || { code: 'DUPLICATE', message: MSG.registroDuplicado };
}
