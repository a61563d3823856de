import crypto from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH, formatRecoveryCode } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import { codigosRecuperacion } from '../../db/schema/index.js';

/*
 * Recovery codes: ten at a time, each 16 characters of Crockford's base 32 drawn from the system's
 * random source — 80 bits, so the SHA-256 kept of each cannot be searched back (2^80 guesses) and
 * needs no slow hash: argon2 would cost a check of up to ten hashes per attempt (and is what the
 * sign-in throttle keeps to two at a time), for nothing a random code needs. A code is looked up
 * by its hash and used in the same statement, once.
 */

export const hashRecoveryCode = (normalised: string) => crypto.createHash('sha256').update(normalised).digest('hex');

function newCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_CODE_ALPHABET[crypto.randomInt(32)];
  return code;
}

/** Ten new codes for the user, the earlier ones gone; answered this once, formatted for reading. */
export async function replaceRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.delete(codigosRecuperacion).where(eq(codigosRecuperacion.usuario, userId));
  await tx.insert(codigosRecuperacion).values(codes.map((c) => ({ usuario: userId, hash: hashRecoveryCode(c) })));
  return codes.map(formatRecoveryCode);
}

/** Uses one of the user's codes (`normalised`: as the domain normalises what was typed); false if none matches unused. */
export async function useRecoveryCode(db: Executor, userId: string, normalised: string): Promise<boolean> {
  const used = await db
    .update(codigosRecuperacion)
    .set({ usado: new Date() })
    .where(
      and(
        eq(codigosRecuperacion.usuario, userId),
        eq(codigosRecuperacion.hash, hashRecoveryCode(normalised)),
        isNull(codigosRecuperacion.usado),
      ),
    )
    .returning({ id: codigosRecuperacion.id });
  return used.length > 0;
}

export async function remainingRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(codigosRecuperacion)
    .where(and(eq(codigosRecuperacion.usuario, userId), isNull(codigosRecuperacion.usado)));
  return row?.n ?? 0;
}

export async function removeRecoveryCodes(tx: Executor, userId: string): Promise<void> {
  await tx.delete(codigosRecuperacion).where(eq(codigosRecuperacion.usuario, userId));
}
