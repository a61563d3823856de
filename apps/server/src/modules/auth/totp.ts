import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { MSG, TOTP_DIGITS, TOTP_PERIOD_SECONDS, type TotpSetup } from '@vialex/domain';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { factoresTotp } from '../../db/schema/index.js';
import { conflict } from '../../platform/errors.js';
import { openTotpSecret, sealTotpSecret } from './totp-secret.js';

/*
 * The authenticator app (TOTP, RFC 6238): 6 digits, 30-second steps, SHA-1 — what every app
 * reads from the QR code. A code is accepted one step either side of now (a phone's clock a little
 * off, a code typed as it changed), and only once: a code of the step last accepted, or an
 * earlier one, is refused, so a code seen over someone's shoulder cannot be replayed.
 */

const ISSUER = 'VIALEX';
/** Steps either side of the current one that still count. */
const WINDOW = 1;

function totpOf(secret: string, email: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** The step a right code belongs to, or null when the code is wrong at `now`. */
function stepOf(secret: string, code: string, now: number): number | null {
  const totp = totpOf(secret, '');
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/**
 * Starts (or starts again) the user's app setup: a new key, kept encrypted and unconfirmed until
 * its first code, answered this once with its otpauth URI and the QR code of it (an SVG drawn here:
 * the key never leaves for a third party's QR service). Refused while an app is active.
 */
export async function startTotpSetup(
  db: Db,
  config: Pick<Config, 'secondFactorKey'>,
  user: { id: string; email: string },
): Promise<TotpSetup> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const sealed = await sealTotpSecret(db, config, user.id, secret);
  const stored = await db
    .insert(factoresTotp)
    .values({ usuario: user.id, secreto: sealed })
    .onConflictDoUpdate({
      target: factoresTotp.usuario,
      set: { secreto: sealed, creado: new Date(), ultimo_paso: null },
      setWhere: isNull(factoresTotp.confirmado),
    })
    .returning({ usuario: factoresTotp.usuario });
  if (!stored.length) throw conflict('TOTP_ACTIVE', MSG.totpYaActivo);
  const uri = totpOf(secret, user.email).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secreto: secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The setup's first code: right, the app becomes active (its step used). Answers false for a wrong
 * code; 409 when there is no setup waiting (never started, or already active).
 */
export async function confirmTotp(
  db: Db,
  config: Pick<Config, 'secondFactorKey'>,
  tx: Executor,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(factoresTotp)
    .where(and(eq(factoresTotp.usuario, userId), isNull(factoresTotp.confirmado)))
    .for('update');
  if (!row) throw conflict('TOTP_NOT_STARTED', MSG.totpSinIniciar);
  const step = stepOf(await openTotpSecret(db, config, userId, row.secreto), code, now);
  if (step === null) return false;
  await tx
    .update(factoresTotp)
    .set({ confirmado: new Date(now), ultimo_paso: step })
    .where(eq(factoresTotp.usuario, userId));
  return true;
}

/**
 * A code of the user's active app, as the sign-in's second step checks it: right and of a step
 * later than the last one accepted. The step is taken in the same statement that checks it, so
 * two requests with the same code never both pass.
 */
export async function checkTotp(
  db: Db,
  config: Pick<Config, 'secondFactorKey'>,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  const [row] = await db
    .select()
    .from(factoresTotp)
    .where(and(eq(factoresTotp.usuario, userId), isNotNull(factoresTotp.confirmado)));
  if (!row) return false;
  const step = stepOf(await openTotpSecret(db, config, userId, row.secreto), code, now);
  if (step === null) return false;
  const taken = await db
    .update(factoresTotp)
    .set({ ultimo_paso: step })
    .where(
      and(
        eq(factoresTotp.usuario, userId),
        isNotNull(factoresTotp.confirmado),
        or(isNull(factoresTotp.ultimo_paso), lt(factoresTotp.ultimo_paso, step)),
      ),
    )
    .returning({ usuario: factoresTotp.usuario });
  return taken.length > 0;
}

/** Removes the user's app (active or waiting); answers whether it was active. */
export async function removeTotp(tx: Executor, userId: string): Promise<boolean> {
  const [gone] = await tx
    .delete(factoresTotp)
    .where(eq(factoresTotp.usuario, userId))
    .returning({ confirmado: factoresTotp.confirmado });
  return !!gone?.confirmado;
}
