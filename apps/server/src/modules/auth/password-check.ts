import { MSG } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import type { cuentas } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { burnVerify, verifyPassword } from '../../platform/passwords.js';
import { failAttempt, releaseAttempt, reserveAttempt, settleAttempt } from './throttle.js';
import { trustedDevice } from './device.js';
import type { UserRow } from './session.js';

/** An account and its staff user (the whole row at sign-in, a signed-in viewer's columns after). */
export interface Account<U extends Pick<UserRow, 'estado'> = UserRow> {
  cuenta: typeof cuentas.$inferSelect;
  user: U;
}

export const badCredentials = () => new AppError(401, 'BAD_CREDENTIALS', MSG.informacionIncorrecta);

/**
 * A password proving who signs in, as every sign-in checks it (a sign-in, and "Seguir conectado"
 * on a live session): under the sign-in throttle (throttle.ts; `deviceCookie`, the browser's
 * trusted-device cookie, device.ts), the attempt counting as a failure until the password proves
 * right. A wrong password, an unknown account (`findAccount` finds none) or an inactive user is
 * 'Información incorrecta' and stays counted as a failure.
 *
 * `completes`: whether the right password completes the proof (it does, unless a second factor
 * must follow). A complete proof forgets this address's earlier failures on the account; an
 * incomplete one only frees its own place, so wrong second-factor codes keep counting.
 */
export async function checkPassword<U extends Pick<UserRow, 'estado'> = UserRow>(
  ctx: AppContext,
  attempt: { email: string; password: string; ip: string; deviceCookie?: string },
  findAccount: () => Promise<Account<U> | undefined>,
  completes: (found: Account<U>) => Promise<boolean> = async () => true,
): Promise<Account<U>> {
  const { db, config } = ctx;
  const { email, ip } = attempt;
  const device = await trustedDevice(db, config, email, attempt.deviceCookie);
  const reservation = await reserveAttempt(db, config, email, ip, device);
  let found: Account<U> | undefined;
  let complete: boolean;
  try {
    found = await findAccount();
    const passwordOk = found
      ? await verifyPassword(found.cuenta.password_hash, attempt.password)
      : (await burnVerify(attempt.password), false);
    if (!found || !passwordOk || !found.user.estado) throw badCredentials();
    complete = await completes(found);
  } catch (err) {
    // A wrong password, an unknown or inactive account, or a failed check: a failure. (If this
    // fails too, the reservation becomes one once LOGIN_PENDING_SECONDS have passed.)
    await failAttempt(db, reservation, email, ip).catch(() => undefined);
    throw err;
  }
  if (complete) await releaseAttempt(db, config, reservation, email, ip, device);
  else await settleAttempt(db, reservation, email, ip);
  return found;
}
