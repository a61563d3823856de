import crypto from 'node:crypto';
import { LOGIN_TOKEN_LENGTH, topics } from '@vialex/domain';

export const SESSION_COOKIE = 'vialex_sid';

/** The cookie's secret: 32 random bytes. Only its SHA-256 is stored. */
export function newSessionToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Every staff request hashes its cookie: the one-shot digest, without a Hash object per call. */
export function hashSessionToken(token: string): string {
  return crypto.hash('sha256', token, 'hex');
}

/** token_login: 40 random base-36 characters (spec 1 §4), drawn without modulo bias. */
export function newLoginToken(length: number = LOGIN_TOKEN_LENGTH): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length)) {
      if (byte < 252 && out.length < length) out += alphabet[byte % 36];
    }
  }
  return out;
}

/** The live topic of one session: a prefix of its stored hash, never sent to browsers. */
export const sessionTopic = (sessionId: string) => topics.session(sessionId.slice(0, 24));
