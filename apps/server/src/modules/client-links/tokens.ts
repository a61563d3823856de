import crypto from 'node:crypto';

/**
 * The client's case link and its short code (decisions.md D5), as text:
 *
 * - the token: 32 random bytes and an HMAC-SHA256 of them under the server's link secret
 *   (`{random}.{mac}`, base64url, 66 characters). It names neither the case nor its expiry; a
 *   token the server did not sign is refused before the database is asked. Only its SHA-256 is
 *   stored, as with sessions.
 * - the short code of `/s/{code}`: 12 characters of [0-9A-Za-z] (71 random bits). Only its
 *   SHA-256 is stored, and the token it leads to is stored encrypted (AES-256-GCM) under a key
 *   made from the code and the secret, so neither the table nor the secret alone opens a case.
 */

const TOKEN_BYTES = 32;
const MAC_BYTES = 16;
export const SHORT_CODE_LENGTH = 12;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const SHORT_CODE_PATTERN = /^[0-9A-Za-z]{12}$/;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/;

const mac = (secret: Buffer, random: string) =>
  crypto.createHmac('sha256', secret).update(`client-link:${random}`).digest().subarray(0, MAC_BYTES);

export function newClientToken(secret: Buffer): string {
  const random = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
  return `${random}.${mac(secret, random).toString('base64url')}`;
}

/** Whether the server signed this token (its shape, then its MAC in constant time). */
export function isSigned(secret: Buffer, token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const [random, given] = token.split('.');
  const expected = mac(secret, random);
  const actual = Buffer.from(given, 'base64url');
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** 12 characters of [0-9A-Za-z], drawn without modulo bias. */
export function newShortCode(): string {
  let out = '';
  while (out.length < SHORT_CODE_LENGTH) {
    for (const byte of crypto.randomBytes(SHORT_CODE_LENGTH * 2)) {
      if (byte < 248 && out.length < SHORT_CODE_LENGTH) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

const codeKey = (secret: Buffer, code: string) =>
  crypto.createHmac('sha256', secret).update(`short-link:${code}`).digest();

/** The token, encrypted under the short code's key: `{iv}.{ciphertext}.{tag}`. */
export function sealToken(secret: Buffer, code: string, token: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', codeKey(secret, code), iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, sealed, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
}

/** The token sealed under this code, or null when it does not open (another code, a changed row). */
export function openToken(secret: Buffer, code: string, sealed: string): string | null {
  try {
    const [iv, data, tag] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = crypto.createDecipheriv('aes-256-gcm', codeKey(secret, code), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
