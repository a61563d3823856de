import { eq } from 'drizzle-orm';
import type { Executor } from './client.js';
import { configuracion } from './schema/index.js';

/**
 * Server settings kept in the database (the `configuracion` table), shared by every instance:
 * the reference data's version, whether the demo data was loaded, the VAPID keys…
 */
export async function getSetting<T>(db: Executor, clave: string): Promise<T | undefined> {
  const [row] = await db.select().from(configuracion).where(eq(configuracion.clave, clave));
  return row?.valor as T | undefined;
}

export async function setSetting(db: Executor, clave: string, valor: unknown): Promise<void> {
  await db
    .insert(configuracion)
    .values({ clave, valor })
    .onConflictDoUpdate({ target: configuracion.clave, set: { valor } });
}

/**
 * A setting made once for every instance (keys): the stored value, or `create()`'s stored now.
 * Two instances starting together both create one, the first stored wins, and both answer it.
 */
export async function settingOnce<T>(db: Executor, clave: string, create: () => T): Promise<T> {
  const existing = await getSetting<T>(db, clave);
  if (existing !== undefined) return existing;
  await db.insert(configuracion).values({ clave, valor: create() }).onConflictDoNothing();
  return (await getSetting<T>(db, clave))!;
}
