import { and, eq, lt, sql } from 'drizzle-orm';
import { fmt } from '@vialex/domain';
import type { Db } from '../db/client.js';
import { usosLimitados } from '../db/schema/index.js';
import { AppError } from './errors.js';

/** At most `max` uses of `key` within `windowMs`; over it, `message` with {minutos} to wait. */
export interface UsageRule {
  key: string;
  max: number;
  windowMs: number;
  message: string;
}

/** Advisory-lock namespace (first key) of the usage counts; the second key hashes the key. */
const LOCK_USAGE = 727020;

/**
 * Admits one use under every rule, or refuses with 429 and the message of the first rule that is
 * full (how long to wait in it), recording nothing. The counts live in the database and each key
 * is locked while it is counted and the use recorded, so a burst across instances admits exactly
 * `max`. `onRefused` gets the seconds to wait (for a Retry-After header). Uses older than a key's
 * longest window are deleted on the way.
 */
export async function admitUse(
  db: Db,
  rules: UsageRule[],
  onRefused?: (retryAfterSeconds: number) => void,
): Promise<void> {
  const keys = [...new Set(rules.map((r) => r.key))].sort();
  await db.transaction(async (tx) => {
    // In one order, so two admissions with overlapping keys never wait on each other in a circle.
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_USAGE}, hashtext(${key}))`);
    for (const rule of rules) {
      const result = await tx.execute(sql`
        select count(*)::int as n,
          ceil(extract(epoch from (min(creado) + make_interval(secs => ${rule.windowMs / 1000}) - clock_timestamp())))::int as wait
        from usos_limitados
        where clave = ${rule.key} and creado > clock_timestamp() - make_interval(secs => ${rule.windowMs / 1000})`);
      const { n, wait } = result.rows[0] as { n: number; wait: number | null };
      if (n >= rule.max) {
        const seconds = Math.max(1, wait ?? 1);
        onRefused?.(seconds);
        throw new AppError(429, 'TOO_MANY_REQUESTS', fmt(rule.message, { minutos: Math.ceil(seconds / 60) }));
      }
    }
    // The time of the use is when it was admitted (under the lock), not when its transaction began.
    await tx.insert(usosLimitados).values(keys.map((clave) => ({ clave, creado: sql`clock_timestamp()` })));
    for (const key of keys) {
      const longest = Math.max(...rules.filter((r) => r.key === key).map((r) => r.windowMs));
      await tx
        .delete(usosLimitados)
        .where(
          and(
            eq(usosLimitados.clave, key),
            lt(usosLimitados.creado, sql`now() - make_interval(secs => ${longest / 1000})`),
          ),
        );
    }
  });
}
