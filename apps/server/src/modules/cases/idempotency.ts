import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@vialex/domain';
import type { Executor, Tx } from '../../db/client.js';
import { idempotencia } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';

/** A key is one user's: (usuario, clave) is the primary key; ruta says which operation used it. */
export interface IdempotencyKey {
  usuario: string;
  clave: string;
  ruta: string;
}

/** What the first request with a key answered: replayed to every retry. */
export interface Answer {
  estado: number;
  respuesta: unknown;
}

/** Runs inside the creation's transaction: `begin` first, `end` last, before commit. */
export interface TxHooks {
  begin(tx: Tx): Promise<void>;
  end(tx: Tx, id: string): Promise<void>;
}

/** Keys are kept at least this long (a retry comes seconds or minutes later). */
const KEEP_HOURS = 24;
const DELETE_BATCH = 100;

/** Thrown inside the transaction when another request holds the key: the creation rolls back. */
class KeyTaken extends Error {}

const usedElsewhere = () => new AppError(422, 'IDEMPOTENCY_KEY_REUSED', MSG.claveIdempotenciaOtraOperacion);

/** The answer stored for a key, if any; a key used by another operation is refused. */
async function storedAnswer(db: Executor, key: IdempotencyKey): Promise<Answer | null> {
  const [row] = await db
    .select({ ruta: idempotencia.ruta, estado: idempotencia.estado, respuesta: idempotencia.respuesta })
    .from(idempotencia)
    .where(and(eq(idempotencia.usuario, key.usuario), eq(idempotencia.clave, key.clave)));
  if (!row) return null;
  if (row.ruta !== key.ruta) throw usedElsewhere();
  // A row is only ever committed together with its answer (see runOnce).
  return row.estado === null ? null : { estado: row.estado, respuesta: row.respuesta };
}

/**
 * Runs a creation once per key. The key is claimed by the creation's own transaction, first
 * thing, with INSERT … ON CONFLICT DO NOTHING: a concurrent duplicate waits on the primary key
 * until the first transaction ends, then inserts nothing, rolls back and answers what the first
 * stored. The answer is written to the key's row before commit, so a committed key always has one;
 * a creation that fails rolls its key back, and a retry runs again. Without a key, it just runs.
 */
export async function runOnce(
  db: Executor,
  key: IdempotencyKey | undefined,
  create: (hooks?: TxHooks) => Promise<{ id: string }>,
  present: (db: Executor, id: string) => Promise<unknown>,
  log?: { warn(obj: object, msg: string): void },
): Promise<Answer> {
  if (!key) {
    const { id } = await create();
    return { estado: 201, respuesta: await present(db, id) };
  }
  // A retry after the first committed: answered at once, without a second plate look-up.
  const earlier = await storedAnswer(db, key);
  if (earlier) return earlier;

  let answer: Answer | undefined;
  try {
    await create({
      begin: async (tx) => {
        const claimed = await tx
          .insert(idempotencia)
          .values(key)
          .onConflictDoNothing()
          .returning({ clave: idempotencia.clave });
        if (!claimed.length) throw new KeyTaken();
      },
      end: async (tx, id) => {
        answer = { estado: 201, respuesta: await present(tx, id) };
        await tx
          .update(idempotencia)
          .set({ estado: answer.estado, respuesta: answer.respuesta })
          .where(and(eq(idempotencia.usuario, key.usuario), eq(idempotencia.clave, key.clave)));
      },
    });
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err;
    const stored = await storedAnswer(db, key);
    if (!stored) throw new Error('an idempotency key was committed without its answer', { cause: err });
    return stored;
  }
  await deleteExpiredKeys(db).catch((error: unknown) => log?.warn({ err: error }, 'idempotency key clean-up failed'));
  return answer!;
}

/**
 * Deletes keys older than 24 hours, a batch at a time (run after each keyed creation, so the table
 * stays small without a job). SKIP LOCKED: instances cleaning at once never wait on each other.
 */
export async function deleteExpiredKeys(db: Executor, limit = DELETE_BATCH): Promise<void> {
  await db.execute(sql`
    delete from ${idempotencia}
    where (usuario, clave) in (
      select usuario, clave from ${idempotencia}
      where creado < now() - make_interval(hours => ${KEEP_HOURS})
      limit ${limit}
      for update skip locked
    )`);
}
