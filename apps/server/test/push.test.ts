import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, PUSH_MAX_SUBSCRIPTIONS_PER_USER, type Cargo } from '@vialex/domain';
import { suscripcionesPush } from '../src/db/schema/index.js';
import { startFakePush, type FakePush } from '../src/integrations/fakes/push.js';
import { vapidKeys } from '../src/modules/push/service.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';
import { createClient } from './case-factories.js';
import { hashSessionToken } from '../src/modules/auth/tokens.js';

/** An internal service the server must never be made to call: it records anything that reaches it. */
function internalService() {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    received.push(req.url ?? '');
    res.writeHead(201).end();
  });
  return {
    received,
    listen: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as { port: number }).port}`)),
      ),
    close: () => new Promise((r) => server.close(r)),
  };
}

/** A subscription-shaped body for any endpoint (a P-256 key and a 16-byte secret, as a browser makes them). */
function browserSubscription(endpoint: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    subscription: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
    },
  };
}

let s: TestServer;
/** The local push service (integrations/fakes/push.ts): checks VAPID, decrypts the payload. */
let push: FakePush;
/** An internal service the server must never be made to call: not in PUSH_HOSTS. */
const internal = internalService();
let pushUrl: string;
let internalUrl: string;
beforeAll(async () => {
  push = await startFakePush();
  pushUrl = push.url;
  internalUrl = await internal.listen();
  // The local push service is allowed by the test setup only, as its exact origin.
  s = await startTestServer({ PUSH_HOSTS: pushUrl });
  push.expectVapidKey((await vapidKeys(s.ctx)).publicKey);
});
afterAll(async () => {
  await s?.close();
  await push.close();
  await internal.close();
});

const subscribe = (cookie: string, subscription: object) =>
  s.app.inject({ method: 'POST', url: '/api/push/subscription', payload: { subscription }, headers: { cookie } });
const subscriptionsOf = (userId: string) =>
  s.ctx.db.select().from(suscripcionesPush).where(eq(suscripcionesPush.usuario, userId));
const byEndpoint = async (endpoint: string) =>
  (await s.ctx.db.select().from(suscripcionesPush).where(eq(suscripcionesPush.endpoint, endpoint)))[0];

describe('web push', () => {
  it('publishes a VAPID public key (65-byte P-256 point)', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(Buffer.from(res.json().publicKey, 'base64url')).toHaveLength(65);
  });

  it('fails the test notification clearly when the device has no subscription', async () => {
    const { email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const res = await s.app.inject({ method: 'POST', url: '/api/push/test', headers: { cookie } });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Error al enviar la notificación');
  });

  it('sends an encrypted, VAPID-signed message that the subscriber can decrypt', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const device = push.device(user.id);
    const sub = await s.app.inject({
      method: 'POST',
      url: '/api/push/subscription',
      payload: { subscription: device.subscription },
      headers: { cookie },
    });
    expect(sub.statusCode).toBe(204);

    const res = await s.app.inject({ method: 'POST', url: '/api/push/test', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    // The fake checked the VAPID signature (by the server's key, for its origin) and decrypted it.
    expect(push.refusals).toEqual([]);
    const msg = push.messages.at(-1)!;
    expect(msg.device).toBe(user.id);
    expect(msg.payload).toEqual({ title: 'VIALEX', body: MSG.pruebaNotificacionCuerpo, url: '/' });
    expect(msg.vapid).toMatchObject({ aud: pushUrl, sub: s.ctx.config.vapidSubject });
    expect(msg.ttl).toBeGreaterThan(0);
    // A test notice replaces nothing: no Topic.
    expect(msg.topic).toBeUndefined();
  });

  it('the fake push service refuses what a real one would: a payload for other keys, a forged VAPID signature', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    // The browser's keys on file are not the device's: the payload does not decrypt there.
    const device = push.device(`other-keys-${user.id}`);
    const wrong = { ...device.subscription, keys: browserSubscription('x').subscription.keys };
    expect((await subscribe(cookie, wrong)).statusCode).toBe(204);
    const before = push.refusals.length;
    expect((await s.app.inject({ method: 'POST', url: '/api/push/test', headers: { cookie } })).statusCode).toBe(502);
    expect(push.refusals.slice(before)).toEqual([
      { device: device.name, status: 400, reason: 'the payload does not decrypt' },
    ]);
    // A signature by another key than the one expected.
    push.expectVapidKey(browserSubscription('x').subscription.keys.p256dh);
    try {
      const good = push.device(`vapid-${user.id}`);
      expect((await subscribe(cookie, good.subscription)).statusCode).toBe(204);
      const at = push.refusals.length;
      await s.app.inject({ method: 'POST', url: '/api/push/test', headers: { cookie } });
      expect(push.refusals.slice(at).find((r) => r.device === good.name)).toMatchObject({ status: 403 });
    } finally {
      push.expectVapidKey((await vapidKeys(s.ctx)).publicKey);
      push.refusals.length = 0;
    }
  });

  it('drops a subscription the push service says is gone (410)', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const device = push.device(`gone-${user.id}`);
    await s.app.inject({
      method: 'POST',
      url: '/api/push/subscription',
      payload: { subscription: device.subscription },
      headers: { cookie },
    });
    push.answer(device.name, 410);
    const res = await s.app.inject({ method: 'POST', url: '/api/push/test', headers: { cookie } });
    expect(res.statusCode).toBe(502);
    expect(await s.ctx.db.select().from(suscripcionesPush).where(eq(suscripcionesPush.usuario, user.id))).toHaveLength(
      0,
    );
  });

  it('refuses a malformed subscription', async () => {
    const { email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/push/subscription',
      payload: { subscription: { endpoint: 'no-es-url', keys: {} } },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('push endpoints: only push services are contacted', () => {
  const refused = () => [
    `${internalUrl}/push/x`, // a local port that the test setup did not allow
    'http://127.0.0.1:5432/',
    'http://localhost' + pushUrl.slice('http://127.0.0.1'.length) + '/push/x', // the allowed port under another name
    'https://169.254.169.254/latest/meta-data/',
    'file:///etc/passwd',
    'gopher://127.0.0.1:6379/_INFO',
    'javascript:alert(1)',
    'https://evil.example.com/push/1',
    'https://fcm.googleapis.com.evil.com/',
    'http://fcm.googleapis.com/fcm/send/x',
  ];

  it.each<Cargo>(['Perito', 'Administrador'])(
    '%s: every endpoint outside the push services is refused with 400 and nothing is stored',
    async (cargo) => {
      const { user, email } = await createUser(s.ctx, { cargo });
      const cookie = await login(s.app, email);
      for (const endpoint of refused()) {
        const res = await subscribe(cookie, browserSubscription(endpoint).subscription);
        expect(res.statusCode, endpoint).toBe(400);
        // Malformed URLs fall to the schema; the rest get the catalogue's message.
        if (URL.canParse(endpoint)) expect(res.json().message, endpoint).toBe(MSG.pushServicioNoPermitido);
      }
      expect(await subscriptionsOf(user.id)).toHaveLength(0);
      expect(internal.received).toHaveLength(0);
      expect(
        (
          await subscribe(
            cookie,
            browserSubscription(`https://fcm.googleapis.com/fcm/send/${user.id}:APA91b`).subscription,
          )
        ).statusCode,
      ).toBe(204);
    },
  );

  it('the local push service is accepted only because the test setup lists its origin', async () => {
    const { user, email } = await createUser(s.ctx, { cargo: 'Perito' });
    const cookie = await login(s.app, email);
    const allowance = s.ctx.config.pushHosts;
    s.ctx.config.pushHosts = [];
    try {
      const res = await subscribe(cookie, browserSubscription(`${pushUrl}/push/${user.id}`).subscription);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PUSH_ENDPOINT_NOT_ALLOWED', message: MSG.pushServicioNoPermitido });
    } finally {
      s.ctx.config.pushHosts = allowance;
    }
    expect(await subscriptionsOf(user.id)).toHaveLength(0);
  });

  it('a stored row that does not pass the rule is not contacted by the test notification', async () => {
    const { user, email } = await createUser(s.ctx, { cargo: 'Perito' });
    const cookie = await login(s.app, email);
    const smuggled = browserSubscription(`${internalUrl}/smuggled/${user.id}`).subscription;
    await s.ctx.db.insert(suscripcionesPush).values({
      endpoint: smuggled.endpoint,
      p256dh: smuggled.keys.p256dh,
      auth: smuggled.keys.auth,
      usuario: user.id,
    });
    const res = await s.app.inject({ method: 'POST', url: '/api/push/test', headers: { cookie } });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(MSG.errorNotificacion);
    expect(internal.received).toHaveLength(0);

    // With a real device beside it, only the device is contacted.
    expect((await subscribe(cookie, push.device(`real-${user.id}`).subscription)).statusCode).toBe(204);
    expect((await s.app.inject({ method: 'POST', url: '/api/push/test', headers: { cookie } })).statusCode).toBe(200);
    expect(push.messages.at(-1)!.device).toBe(`real-${user.id}`);
    expect(internal.received).toHaveLength(0);
  });

  it('a redirect from the push service is not followed', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const device = push.device(`redirect-${user.id}`);
    await subscribe(cookie, device.subscription);
    push.answer(device.name, 307, { location: `${internalUrl}/redirected` });
    const res = await s.app.inject({ method: 'POST', url: '/api/push/test', headers: { cookie } });
    expect(res.statusCode).toBe(502);
    expect(push.refusals.at(-1)).toMatchObject({ device: device.name, status: 307 });
    expect(internal.received).toHaveLength(0);
  });
});

describe('push subscriptions: how many, whose', () => {
  it(`keeps the ${PUSH_MAX_SUBSCRIPTIONS_PER_USER} newest subscriptions of a user: the next one drops the oldest`, async () => {
    const { user, email } = await createUser(s.ctx, { cargo: 'Perito' });
    const cookie = await login(s.app, email);
    const endpoints = Array.from(
      { length: PUSH_MAX_SUBSCRIPTIONS_PER_USER + 1 },
      (_, i) => `${pushUrl}/push/cap-${user.id}-${i}`,
    );
    for (const endpoint of endpoints)
      expect((await subscribe(cookie, browserSubscription(endpoint).subscription)).statusCode).toBe(204);
    const kept = (await subscriptionsOf(user.id)).map((r) => r.endpoint).sort();
    expect(kept).toEqual(endpoints.slice(1).sort());
  });

  it("refuses another user's endpoint with 409 and leaves it with its owner; the owner may refresh it", async () => {
    const owner = await createUser(s.ctx);
    const other = await createUser(s.ctx, { cargo: 'Perito' });
    const ownerCookie = await login(s.app, owner.email);
    const otherCookie = await login(s.app, other.email);
    const endpoint = `${pushUrl}/push/owned-${owner.user.id}`;
    const first = browserSubscription(endpoint).subscription;
    expect((await subscribe(ownerCookie, first)).statusCode).toBe(204);

    const taken = await subscribe(otherCookie, browserSubscription(endpoint).subscription);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'PUSH_ENDPOINT_TAKEN', message: MSG.pushSuscripcionAjena });
    const row = await byEndpoint(endpoint);
    expect(row).toMatchObject({ usuario: owner.user.id, p256dh: first.keys.p256dh, auth: first.keys.auth });
    expect(await subscriptionsOf(other.user.id)).toHaveLength(0);

    // Re-registering one's own endpoint refreshes its keys (and its session).
    const renewed = browserSubscription(endpoint).subscription;
    expect((await subscribe(ownerCookie, renewed)).statusCode).toBe(204);
    expect(await byEndpoint(endpoint)).toMatchObject({
      id: row.id,
      usuario: owner.user.id,
      p256dh: renewed.keys.p256dh,
      auth: renewed.keys.auth,
    });
  });

  it("refuses a client's endpoint with 409", async () => {
    const client = await createClient(s.ctx);
    const endpoint = `${pushUrl}/push/client-${client.id}`;
    const sub = browserSubscription(endpoint).subscription;
    await s.ctx.db
      .insert(suscripcionesPush)
      .values({ endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, cliente: client.id });
    const { email } = await createUser(s.ctx);
    const res = await subscribe(await login(s.app, email), browserSubscription(endpoint).subscription);
    expect(res.statusCode).toBe(409);
    expect(await byEndpoint(endpoint)).toMatchObject({ cliente: client.id, usuario: null, p256dh: sub.keys.p256dh });
  });
});

describe('Salir removes the push subscription of the device that signs out', () => {
  /** A subscription registered by an earlier session of the user (another device). */
  async function storedFor(userId: string, endpoint: string, sesion: string | null) {
    const sub = browserSubscription(endpoint).subscription;
    await s.ctx.db
      .insert(suscripcionesPush)
      .values({ endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, usuario: userId, sesion });
  }

  it("this session's subscription and the one named in the body go; the user's other devices stay", async () => {
    const { user, email } = await createUser(s.ctx, { cargo: 'Perito' });
    const otherDevice = `${pushUrl}/push/laptop-${user.id}`;
    const named = `${pushUrl}/push/named-${user.id}`;
    await storedFor(user.id, otherDevice, 'another-session');
    await storedFor(user.id, named, 'an-older-session-of-this-phone');
    const cookie = await login(s.app, email);
    const thisDevice = `${pushUrl}/push/phone-${user.id}`;
    expect((await subscribe(cookie, browserSubscription(thisDevice).subscription)).statusCode).toBe(204);

    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { endpoint: named },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(204);
    expect((await subscriptionsOf(user.id)).map((r) => r.endpoint)).toEqual([otherDevice]);
  });

  it("an empty body still answers 204 and removes the session's subscription", async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    await subscribe(cookie, browserSubscription(`${pushUrl}/push/empty-${user.id}`).subscription);
    const res = await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(204);
    expect(await subscriptionsOf(user.id)).toHaveLength(0);
  });

  it('an endpoint of another user named in the body is not touched', async () => {
    const owner = await createUser(s.ctx);
    const endpoint = `${pushUrl}/push/not-mine-${owner.user.id}`;
    await storedFor(owner.user.id, endpoint, 'owner-session');
    const { email } = await createUser(s.ctx, { cargo: 'Perito' });
    const cookie = await login(s.app, email);
    expect(
      (await s.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { endpoint }, headers: { cookie } }))
        .statusCode,
    ).toBe(204);
    expect(await byEndpoint(endpoint)).toMatchObject({ usuario: owner.user.id });
  });

  it('the subscription keeps the session that registered it', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const endpoint = `${pushUrl}/push/session-${user.id}`;
    await subscribe(cookie, browserSubscription(endpoint).subscription);
    const [row] = await s.ctx.db
      .select()
      .from(suscripcionesPush)
      .where(and(eq(suscripcionesPush.usuario, user.id), eq(suscripcionesPush.endpoint, endpoint)));
    expect(row.sesion).toBe(hashSessionToken(cookie.slice('vialex_sid='.length)));
  });
});
