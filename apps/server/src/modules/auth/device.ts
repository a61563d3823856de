import crypto from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { settingOnce } from '../../db/settings.js';

/**
 * Trusted devices (OWASP's "device cookies"; docs/decisions.md "Sign-in throttling"). A successful sign-in
 * gives the browser a signed cookie for that account; an attempt that presents a valid one is
 * exempt from the account-wide back-off (throttle.ts), so a guesser rotating addresses cannot
 * keep the owner out, while the device's own failures lock just that device out
 * (LOGIN_DEVICE_MAX_FAILURES in the window). The per-address limits still apply to it.
 *
 * The cookie holds one entry per account signed in on the browser (at most MAX_ACCOUNTS, newest
 * first, a shared office computer keeping several): `{issued}.{nonce}.{mac}`, with `issued` in
 * seconds (base 36), a random 16-byte nonce — the device's id in `intentos_login.dispositivo` —
 * and an HMAC-SHA256 over the account (a hash of the normalised e-mail), `issued` and the nonce.
 * An entry is honoured for LOGIN_DEVICE_DAYS after it was issued; every sign-in issues a new one.
 */
export const DEVICE_COOKIE = 'vialex_dev';
/** Sent only with sign-in requests. */
export const DEVICE_COOKIE_PATH = '/api/auth/login';
const MAX_ACCOUNTS = 5;
/** Clock skew between instances tolerated on `issued`. */
const SKEW_SECONDS = 300;
const ENTRY = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const SECRET_SETTING = 'auth.device_secret';
const secrets = new WeakMap<Db, Promise<Buffer>>();

/** The HMAC secret of the device cookies: made once for every instance and kept in `configuracion`. */
function deviceSecret(db: Db): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = settingOnce(db, SECRET_SETTING, () => crypto.randomBytes(32).toString('base64url')).then((s) =>
      Buffer.from(s, 'base64url'),
    );
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

interface Entry {
  raw: string;
  issued: number;
  nonce: string;
  mac: string;
}

/** The well-formed entries of a cookie (at most MAX_ACCOUNTS are looked at). */
function entriesOf(cookie: string | undefined): Entry[] {
  if (!cookie) return [];
  const entries: Entry[] = [];
  for (const raw of cookie.split('~').slice(0, MAX_ACCOUNTS)) {
    const m = ENTRY.exec(raw);
    if (m) entries.push({ raw, issued: parseInt(m[1], 36), nonce: m[2], mac: m[3] });
  }
  return entries;
}

function macOf(secret: Buffer, email: string, issued: number, nonce: string): string {
  const account = crypto.createHash('sha256').update(email).digest('hex');
  return crypto.createHmac('sha256', secret).update(`vialex-device|${account}|${issued}|${nonce}`).digest('base64url');
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function current(config: Config, entry: Entry): boolean {
  const now = nowSeconds();
  return entry.issued <= now + SKEW_SECONDS && now < entry.issued + config.login.deviceDays * 86_400;
}

function signedFor(secret: Buffer, email: string, entry: Entry): boolean {
  const expected = Buffer.from(macOf(secret, email, entry.issued, entry.nonce));
  const given = Buffer.from(entry.mac);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/**
 * The device's id (its nonce) when the cookie holds a current entry signed for this account
 * (`email` as the sign-in form normalises it); otherwise undefined: an untrusted device.
 */
export async function trustedDevice(
  db: Db,
  config: Config,
  email: string,
  cookie: string | undefined,
): Promise<string | undefined> {
  const entries = entriesOf(cookie).filter((e) => current(config, e));
  if (!entries.length) return undefined;
  const secret = await deviceSecret(db);
  return entries.find((e) => signedFor(secret, email, e))?.nonce;
}

/**
 * The cookie after a successful sign-in: a new entry for this account first, then the browser's
 * current entries for other accounts (this account's old ones dropped), at most MAX_ACCOUNTS.
 */
export async function renewedDeviceCookie(
  db: Db,
  config: Config,
  email: string,
  cookie: string | undefined,
): Promise<string> {
  const secret = await deviceSecret(db);
  const issued = nowSeconds();
  const nonce = crypto.randomBytes(16).toString('base64url');
  const fresh = `${issued.toString(36)}.${nonce}.${macOf(secret, email, issued, nonce)}`;
  const others = entriesOf(cookie)
    .filter((e) => current(config, e) && !signedFor(secret, email, e))
    .map((e) => e.raw);
  return [fresh, ...others].slice(0, MAX_ACCOUNTS).join('~');
}
