import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { SecondFactorMethod } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { factoresTotp, llavesAcceso } from '../../db/schema/index.js';
import type { UserRow } from '../../platform/viewer.js';
import type { PendingStep } from './pending-sign-in.js';
import { remainingRecoveryCodes } from './recovery-codes.js';
import { isSecondFactorRequired } from './required-cargos.js';

/*
 * What a user has of a second factor, and so what a right password leads to. Read by the
 * password's sign-in (service.ts) and by the steps after it (second-factor.ts), which starts the
 * session the first one defines: apart from both, so neither imports the other.
 */

/** Whether the user has a confirmed authenticator app, and passkeys. */
async function factorsOf(db: Executor, userId: string): Promise<{ app: boolean; keys: boolean }> {
  const [app] = await db
    .select({ n: count() })
    .from(factoresTotp)
    .where(and(eq(factoresTotp.usuario, userId), isNotNull(factoresTotp.confirmado)));
  const [keys] = await db.select({ n: count() }).from(llavesAcceso).where(eq(llavesAcceso.usuario, userId));
  return { app: app.n > 0, keys: keys.n > 0 };
}

/** Whether the user has an active authenticator app or a passkey. */
export async function hasSecondFactor(db: Executor, userId: string): Promise<boolean> {
  const { app, keys } = await factorsOf(db, userId);
  return app || keys;
}

/** The ways the user may complete the second step: their app, their passkeys, their recovery codes left. */
export async function secondStepMethods(db: Executor, userId: string): Promise<SecondFactorMethod[]> {
  const { app, keys } = await factorsOf(db, userId);
  const methods: SecondFactorMethod[] = [];
  if (app) methods.push('totp');
  if (keys) methods.push('llave');
  if (methods.length && (await remainingRecoveryCodes(db, userId)) > 0) methods.push('recuperacion');
  return methods;
}

/** What a right password leads to: the session, the second factor, or the setup of one. */
export async function stepAfterPassword(db: Executor, user: UserRow): Promise<PendingStep | 'session'> {
  if (await hasSecondFactor(db, user.id)) return 'verificar';
  if (await isSecondFactorRequired(db, user.cargo)) return 'configurar';
  return 'session';
}
