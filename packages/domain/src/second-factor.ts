import { COORDINADORES, type Cargo } from './cargos.js';
import { ALLOWED, refuse, type Decision } from './policies/decision.js';

/*
 * A staff user's second factor: an authenticator app (TOTP, RFC 6238), passkeys (WebAuthn), and
 * the recovery codes that come with the first of them. The server enforces every rule; the web
 * reads these values to show the same.
 */

/** TOTP as every authenticator app reads it from the QR code: 6 digits every 30 s, SHA-1. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;

/** Recovery codes: how many are issued at once, and their length (characters, without the dashes). */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 16;
/** The letters and digits a recovery code is written with (Crockford's base 32: no I, L, O, U). */
export const RECOVERY_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A passkey's name (the device it lives on) and how many one user may keep. */
export const PASSKEY_NAME_MAX = 60;
export const PASSKEYS_MAX = 10;

/**
 * The cargos a new installation requires a second factor of: the Administrador and every
 * coordinator, who see and administer the most. The demo requires none.
 */
export const SECOND_FACTOR_DEFAULT_CARGOS: readonly Cargo[] = ['Administrador', ...COORDINADORES];

/** The ways of the second step of a sign-in. */
export const SECOND_FACTOR_METHODS = ['totp', 'llave', 'recuperacion'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** Which cargos must have a second factor: the Administrador decides. */
export function mayRequireSecondFactor(viewer: { cargo: Cargo }): Decision {
  return viewer.cargo === 'Administrador' ? ALLOWED : refuse.forbidden();
}

/**
 * A recovery code as typed (any case, spaces or dashes anywhere), in the form it is hashed in:
 * lower case, the alphabet's letters only. Crockford's reading of look-alikes (O → 0, I and L → 1)
 * forgives a misread paper copy.
 */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
}

/** A recovery code as shown: groups of four (xxxx-xxxx-xxxx-xxxx). */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}
