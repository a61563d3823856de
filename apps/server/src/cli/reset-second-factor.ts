import { eq } from 'drizzle-orm';
import { AUDIT_CLI } from '@vialex/domain';
import type { Database } from '../db/client.js';
import { usuarios } from '../db/schema/index.js';
import { clearSecondFactor } from '../modules/auth/second-factor.js';

/**
 * `npm run admin -- reset-second-factor --email …`: removes a user's app, passkeys and recovery
 * codes, so an Administrador who lost them all (and is the only one who could reset them) can sign
 * in again with the password; a cargo that requires a factor sets a new one up at that sign-in.
 * Recorded as the console's act. Returns the user and whether they had any factor, or undefined.
 */
export async function resetSecondFactorByEmail(database: Database, email: string) {
  return database.db.transaction(async (tx) => {
    const [user] = await tx.select().from(usuarios).where(eq(usuarios.email, email.trim().toLowerCase())).for('update');
    if (!user) return undefined;
    const removed = await clearSecondFactor(tx, user, AUDIT_CLI);
    return { user, removed };
  });
}
