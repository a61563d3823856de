import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { MSG, fmt } from '@vialex/domain';
import { sesiones } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, TEST_PASSWORD } from './factories.js';

/** The server's log lines, as written (read by the last test). */
const lines: string[] = [];
const stream = new PassThrough();
stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));

let s: TestServer;
let defaults: typeof s.config.login;
beforeAll(async () => {
  s = await startTestServer({ LOG_LEVEL: 'info' }, { logStream: stream });
  defaults = { ...s.ctx.config.login };
});
afterAll(async () => s?.close());
beforeEach(async () => {
  await s.ctx.db.execute(sql`delete from intentos_login`);
  await s.ctx.db.delete(sesiones);
  Object.assign(s.ctx.config.login, defaults);
});
afterEach(() => vi.useRealTimers());

const DEVICE = 'vialex_dev';
const attempt = (email: string, password: string, ip: string, device?: string) =>
  s.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: device === undefined ? {} : { cookie: `${DEVICE}=${device}` },
  });
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

function deviceCookieOf(res: LightMyRequestResponse) {
  const cookie = res.cookies.find((c) => c.name === DEVICE);
  if (!cookie) throw new Error(`no device cookie in ${res.statusCode} ${res.body}`);
  return cookie;
}

/** A right sign-in (then signed out, as far as the one-session rule goes): the device cookie it gave. */
async function signInOn(email: string, ip: string, device?: string): Promise<string> {
  const res = await attempt(email, TEST_PASSWORD, ip, device);
  expect(res.statusCode).toBe(200);
  await s.ctx.db.delete(sesiones);
  return deviceCookieOf(res).value;
}

/** A guesser rotating addresses: 10 wrong passwords, each from a new address, put the account in back-off. */
async function rotatingGuesser(email: string, from = 1) {
  for (let i = from; i < from + 10; i++)
    expect((await attempt(email, `Mala${i}*abc`, `192.0.2.${i}`)).statusCode).toBe(401);
}

const heldByBackOff = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(429);
  expect(res.json().message).toMatch(/^Demasiados intentos fallidos en esta cuenta\. Espere \d+ segundos/);
};

/** Moves the account's attempts back in time (the throttle counts by the database's clock). */
const age = (email: string, seconds: number) =>
  s.ctx.db.execute(
    sql`update intentos_login set fecha = fecha - make_interval(secs => ${seconds}) where email = ${email}`,
  );

describe('trusted devices: the account-wide back-off cannot keep the owner out', () => {
  it('a guesser rotating addresses holds the account in back-off; the owner with the device cookie of an earlier sign-in gets in at once, every time', async () => {
    const { email } = await createUser(s.ctx);
    const device = await signInOn(email, '198.51.100.40');
    await rotatingGuesser(email);
    // Today's behaviour for an untrusted browser: from a clean address, with the right password, held.
    heldByBackOff(await attempt(email, TEST_PASSWORD, '198.51.100.41'));
    // The security probe: the guesser takes its one attempt a minute, from a new address each time;
    // the owner, from a clean address with the device cookie, is never refused.
    let cookie = device;
    for (let round = 0; round < 6; round++) {
      await age(email, defaults.backoffSeconds + 1);
      expect((await attempt(email, `Otra${round}*abc`, `192.0.2.${100 + round}`)).statusCode).toBe(401);
      heldByBackOff(await attempt(email, `Mas${round}*abc`, `192.0.2.${150 + round}`));
      const owner = await attempt(email, TEST_PASSWORD, `198.51.100.${50 + round}`, cookie);
      expect(owner.statusCode).toBe(200);
      await s.ctx.db.delete(sesiones);
      // Each sign-in renews the cookie; the old one stays valid until it expires.
      cookie = round % 2 ? deviceCookieOf(owner).value : device;
    }
    // The owner's sign-ins forgave nothing of the guesser's: the account is still in back-off.
    heldByBackOff(await attempt(email, TEST_PASSWORD, '198.51.100.41'));
  });

  it('the per-address limits still apply to a trusted device', async () => {
    const { email } = await createUser(s.ctx);
    const device = await signInOn(email, '198.51.100.60');
    // Five wrong passwords on the account from the owner's address (a guesser behind the same NAT).
    for (let i = 0; i < 5; i++) expect((await attempt(email, `Mala${i}*abc`, '198.51.100.61')).statusCode).toBe(401);
    const refused = await attempt(email, TEST_PASSWORD, '198.51.100.61', device);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(fmt(MSG.demasiadosIntentos, { minutos: defaults.windowMinutes }));
    expect((await attempt(email, TEST_PASSWORD, '198.51.100.62', device)).statusCode).toBe(200);
  });

  it('a forged, tampered, expired or other account’s device cookie gives no exemption', async () => {
    const { email } = await createUser(s.ctx);
    const other = await createUser(s.ctx);
    const device = await signInOn(email, '198.51.100.70');
    const otherDevice = await signInOn(other.email, '198.51.100.70');
    // Issued LOGIN_DEVICE_DAYS ago (and, to check the boundary, a day less).
    const day = 86_400_000;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - defaults.deviceDays * day - 60_000 });
    const expired = await signInOn(email, '198.51.100.71');
    vi.setSystemTime(Date.now() + day);
    const stillValid = await signInOn(email, '198.51.100.71');
    vi.useRealTimers();
    await rotatingGuesser(email);

    const [issued, nonce, mac] = device.split('.');
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const b64 = (bytes: number) => crypto.randomBytes(bytes).toString('base64url');
    // Well-formed, signed with a key that is not the server's.
    const foreignMac = crypto
      .createHmac('sha256', crypto.randomBytes(32))
      .update(
        `vialex-device|${crypto.createHash('sha256').update(email).digest('hex')}|${parseInt(issued, 36)}|${nonce}`,
      )
      .digest('base64url');
    const untrusted = {
      'another account’s': otherDevice,
      'a tampered signature': `${issued}.${nonce}.${flip(mac, 5)}`,
      'a tampered nonce': `${issued}.${flip(nonce, 3)}.${mac}`,
      'a tampered date': `${(parseInt(issued, 36) + 1).toString(36)}.${nonce}.${mac}`,
      'a forged one': `${issued}.${b64(16)}.${b64(32)}`,
      'one signed with another key': `${issued}.${nonce}.${foreignMac}`,
      'an expired one': expired,
      garbage: 'x'.repeat(80),
    };
    let n = 0;
    for (const [what, cookie] of Object.entries(untrusted)) {
      const res = await attempt(email, TEST_PASSWORD, `198.51.100.${80 + n++}`, cookie);
      expect(res.statusCode, what).toBe(429);
      expect(res.json().message, what).toMatch(/^Demasiados intentos fallidos en esta cuenta/);
    }
    // The genuine ones, the one issued a day before it expires included, are exempt.
    expect((await attempt(email, TEST_PASSWORD, '198.51.100.90', stillValid)).statusCode).toBe(200);
    await s.ctx.db.delete(sesiones);
    expect((await attempt(email, TEST_PASSWORD, '198.51.100.91', device)).statusCode).toBe(200);
  });

  it('a device cookie that failed 5 times is itself locked out for the window, from any address; the account is not', async () => {
    const { email } = await createUser(s.ctx);
    const device = await signInOn(email, '198.51.100.100');
    for (let i = 0; i < defaults.deviceMaxFailures; i++)
      expect((await attempt(email, `Mala${i}*abc`, `203.0.113.${i + 1}`, device)).statusCode).toBe(401);
    const locked = await attempt(email, TEST_PASSWORD, '203.0.113.50', device);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(fmt(MSG.demasiadosIntentos, { minutos: defaults.windowMinutes }));
    // Only the device: without it, from a clean address, the owner gets in (5 failures: no back-off yet).
    expect((await attempt(email, TEST_PASSWORD, '203.0.113.51')).statusCode).toBe(200);
    await s.ctx.db.delete(sesiones);
    expect((await attempt(email, TEST_PASSWORD, '203.0.113.52', device)).statusCode).toBe(429);
    // Once the window has passed, the device gets in again.
    await age(email, defaults.windowMinutes * 60 + 1);
    expect((await attempt(email, TEST_PASSWORD, '203.0.113.53', device)).statusCode).toBe(200);
  });

  it('of 20 parallel wrong passwords with one device cookie from 20 addresses, only 5 are evaluated', async () => {
    const { email } = await createUser(s.ctx);
    const device = await signInOn(email, '198.51.100.110');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(email, `Mala${i}*abc`, `203.0.113.${100 + i}`, device)),
    );
    expect(statuses(answers)).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    const [{ n }] = (
      await s.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from intentos_login where email = ${email}`)
    ).rows;
    expect(n).toBe(5);
  });

  it('one browser keeps a device cookie for each account signed in on it', async () => {
    const [a, b] = [await createUser(s.ctx), await createUser(s.ctx)];
    const afterA = await signInOn(a.email, '198.51.100.120');
    const both = await signInOn(b.email, '198.51.100.120', afterA);
    await rotatingGuesser(a.email);
    await rotatingGuesser(b.email, 20);
    expect((await attempt(a.email, TEST_PASSWORD, '198.51.100.121', both)).statusCode).toBe(200);
    expect((await attempt(b.email, TEST_PASSWORD, '198.51.100.122', both)).statusCode).toBe(200);
  });
});

describe('the device cookie', () => {
  it('is HttpOnly, SameSite=Lax, sent only with sign-ins, lasts LOGIN_DEVICE_DAYS, and is Secure as the session cookie is', async () => {
    const { email } = await createUser(s.ctx);
    const res = await attempt(email, TEST_PASSWORD, '198.51.100.130');
    const cookie = deviceCookieOf(res);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/api/auth/login');
    expect(cookie.maxAge).toBe(defaults.deviceDays * 86_400);
    expect(cookie.secure).toBeFalsy();
    await s.ctx.db.delete(sesiones);
    s.ctx.config.cookieSecure = true;
    try {
      const secure = await attempt(email, TEST_PASSWORD, '198.51.100.130', cookie.value);
      expect(deviceCookieOf(secure).secure).toBe(true);
      expect(secure.cookies.find((c) => c.name === 'vialex_sid')?.secure).toBe(true);
    } finally {
      s.ctx.config.cookieSecure = 'auto';
    }
  });

  it('never reaches the logs', async () => {
    const before = lines.length;
    const { email } = await createUser(s.ctx);
    const device = await signInOn(email, '198.51.100.140');
    expect((await attempt(email, 'Mala*abc1', '198.51.100.141', device)).statusCode).toBe(401);
    const renewed = deviceCookieOf(await attempt(email, TEST_PASSWORD, '198.51.100.141', device)).value;
    const logged = lines.slice(before);
    // The sign-ins were logged (so this looks at their lines)…
    const parsed = logged.map((l) => JSON.parse(l) as { reqId?: string; req?: { url: string }; res?: object });
    const signIns = parsed.filter((l) => l.req?.url === '/api/auth/login').map((l) => l.reqId);
    expect(signIns).toHaveLength(3);
    for (const reqId of signIns) expect(parsed.some((l) => l.reqId === reqId && l.res)).toBe(true);
    // …and no part of either cookie is in them.
    const text = logged.join('\n');
    for (const part of [...device.split('.'), ...renewed.split('.')].filter((p) => p.length > 8))
      expect(text).not.toContain(part);
    expect(text).not.toContain(DEVICE);
  });
});
