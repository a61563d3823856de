import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { MSG } from '@vialex/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';

const JOURNAL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle/meta/_journal.json');

/** The migrations this release ships: drizzle-kit's journal, whose `when` the migrator records as created_at. */
let shipped: number[] | undefined;
function shippedMigrations(): number[] {
  shipped ??= (JSON.parse(fs.readFileSync(JOURNAL, 'utf8')) as { entries: { when: number }[] }).entries.map(
    (e) => e.when,
  );
  return shipped;
}

const notReady = (code: string, message: string) => new AppError(503, code, message);

/**
 * Ready to serve: the database answers a query and every migration of the journal is recorded
 * in drizzle.__drizzle_migrations (both drivers' migrators keep that table). Throws a 503
 * otherwise; the cause goes to the log, never to the caller.
 */
export async function checkReadiness(
  db: Db,
  log: { warn(obj: object, msg: string): void },
): Promise<{ migrations: number }> {
  let applied: Set<number>;
  try {
    const result = await db.execute<{ created_at: string | number }>(
      sql`select created_at from drizzle.__drizzle_migrations`,
    );
    applied = new Set(result.rows.map((r) => Number(r.created_at)));
  } catch (err) {
    log.warn({ err }, 'readiness: the database did not answer');
    throw notReady('DATABASE_UNAVAILABLE', MSG.servicioSinBaseDatos);
  }
  const wanted = shippedMigrations();
  const missing = wanted.filter((when) => !applied.has(when));
  if (missing.length) {
    log.warn({ missing: missing.length }, 'readiness: migrations not applied');
    throw notReady('MIGRATIONS_PENDING', MSG.servicioMigracionesPendientes);
  }
  return { migrations: wanted.length };
}
