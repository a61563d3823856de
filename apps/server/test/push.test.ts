import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
// http_ece is web-push's own encryption library; the fake push service uses it to decrypt.
// @ts-expect-error no types are published for http_ece
import ece from 'http_ece';
import { suscripcionesPush } from '../src/db/schema/index.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';

/** A local push service speaking RFC 8030: records each POST and answers with `status`. */
function fakePushService() {
  const received: { url: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  let status = 201;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
    });
  });
  return {
    received,
    setStatus: (s: number) => (status = s),
    listen: () => new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as { port: number }).port}`))),
    close: () => new Promise((r) => server.close(r)),
  };
}

/** What a browser's pushManager.subscribe() produces: a P-256 key pair and a 16-byte secret. */
function browserSubscription(endpoint: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
  };
}

let s: TestServer;
const push = fakePushService();
let pushUrl: string;
beforeAll(async () => {
  s = await startTestServer();
  pushUrl = await push.listen();
});
afterAll(async () => {
  await s?.close();
  await push.close();
});

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
    expect(res.json().message).toBe('Error al enviar la notificacion');
  });

  it('sends an encrypted, VAPID-signed message that the subscriber can decrypt', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const device = browserSubscription(`${pushUrl}/push/${user.id}`);
    const sub = await s.app.inject({ method: 'POST', url: '/api/push/subscription', payload: { subscription: device.subscription }, headers: { cookie } });
    expect(sub.statusCode).toBe(204);

    const res = await s.app.inject({ method: 'POST', url: '/api/push/test', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const msg = push.received.at(-1)!;
    expect(msg.url).toBe(`/push/${user.id}`);
    expect(msg.headers['content-encoding']).toBe('aes128gcm');
    expect(msg.headers.ttl).toBeDefined();
    expect(msg.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const plain = ece.decrypt(msg.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth.toString('base64url') });
    expect(JSON.parse(plain.toString())).toMatchObject({ title: 'VIALEX', url: '/' });
  });

  it('drops a subscription the push service says is gone (410)', async () => {
    const { user, email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const device = browserSubscription(`${pushUrl}/push/gone-${user.id}`);
    await s.app.inject({ method: 'POST', url: '/api/push/subscription', payload: { subscription: device.subscription }, headers: { cookie } });
    push.setStatus(410);
    const res = await s.app.inject({ method: 'POST', url: '/api/push/test', headers: { cookie } });
    push.setStatus(201);
    expect(res.statusCode).toBe(502);
    expect(await s.ctx.db.select().from(suscripcionesPush).where(eq(suscripcionesPush.usuario, user.id))).toHaveLength(0);
  });

  it('refuses a malformed subscription', async () => {
    const { email } = await createUser(s.ctx);
    const cookie = await login(s.app, email);
    const res = await s.app.inject({ method: 'POST', url: '/api/push/subscription', payload: { subscription: { endpoint: 'no-es-url', keys: {} } }, headers: { cookie } });
    expect(res.statusCode).toBe(400);
  });
});
