import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import { MSG, PUSH_MAX_SUBSCRIPTIONS_PER_USER } from '@vialex/domain';
import { casos, suscripcionesPush } from '../src/db/schema/index.js';
import { startFakePush, type FakePush } from '../src/integrations/fakes/push.js';
import { issueClientLink } from '../src/modules/client-links/service.js';
import { deliveriesSettled } from '../src/modules/notifications/service.js';
import { startTestServer, type TestServer } from './helper.js';
import { createUser, login } from './factories.js';
import { caseBody, createCaseAs } from './case-factories.js';

/**
 * The client's phone (spec 3 §7 "Client entry sequence": clientes.tokenPush; spec 2 §4: a take
 * notifies the client): the subscription registered after the entry, the take pushed to it
 * (decrypted at the local push service), and forgotten when the client session ends.
 */
let s: TestServer;
let push: FakePush;
let admin: { id: string; cookie: string };
let lawyer: string;
beforeAll(async () => {
  push = await startFakePush();
  s = await startTestServer({ PUSH_HOSTS: push.url });
  const a = await createUser(s.ctx, { cargo: 'Administrador', area: 'ADMINISTRACIÓN' });
  admin = { id: a.user.id, cookie: await login(s.app, a.email) };
  lawyer = await login(s.app, (await createUser(s.ctx, { cargo: 'Abogado', ciudades: ['05001'] })).email);
});
afterAll(async () => {
  await s?.close();
  await push?.close();
});

/** A client inside a new case (outside the automatic-assignment cities: the slot stays free). */
async function enteredClient() {
  const c = await createCaseAs(s.app, admin.cookie, await caseBody(s.ctx, { departamento: '05', uidciudad: '05001' }));
  const link = await issueClientLink(s.ctx, s.ctx.db, c.id, admin.id);
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/cliente/entrada',
    payload: { token: link.token, lat: 6.25, lng: -75.57, autorizacion: s.ctx.config.privacy.version },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = String([res.headers['set-cookie']].flat().find((x) => String(x).startsWith('vialex_cid='))).split(
    ';',
  )[0];
  return { id: c.id as string, caso: c.caso as number, cookie };
}

const register = (cookie: string | undefined, subscription: unknown) =>
  s.app.inject({
    method: 'POST',
    url: '/api/cliente/push',
    headers: cookie ? { cookie } : {},
    payload: { subscription },
  });

describe("the client's push subscription", () => {
  it('a take reaches the phone the client entered from, leading to their case; leaving forgets it', async () => {
    const client = await enteredClient();
    const phone = push.device(`cliente-${client.caso}`);
    expect((await register(client.cookie, phone.subscription)).statusCode).toBe(204);

    const take = await s.app.inject({
      method: 'POST',
      url: `/api/casos/${client.id}/tomar`,
      headers: { cookie: lawyer },
      payload: { tomar: true },
    });
    expect(take.statusCode, take.body).toBe(200);
    await deliveriesSettled();
    const got = push.messages.filter((m) => m.device === phone.name);
    expect(got).toHaveLength(1);
    expect(got[0].payload).toMatchObject({ title: MSG.casoAsignado, url: '/caso-cliente/informacion' });

    // Other events are the staff's: a release does not buzz the client.
    await s.app.inject({
      method: 'POST',
      url: `/api/casos/${client.id}/tomar`,
      headers: { cookie: lawyer },
      payload: { tomar: false },
    });
    await deliveriesSettled();
    expect(push.messages.filter((m) => m.device === phone.name)).toHaveLength(1);

    const left = await s.app.inject({ method: 'POST', url: '/api/cliente/salir', headers: { cookie: client.cookie } });
    expect(left.statusCode).toBe(200);
    const rows = await s.ctx.db
      .select()
      .from(suscripcionesPush)
      .where(eq(suscripcionesPush.endpoint, phone.subscription.endpoint));
    expect(rows).toEqual([]);
  });

  it('only a client session registers, only a push service is accepted, a staff device is never moved', async () => {
    const client = await enteredClient();
    const phone = push.device(`otro-${client.caso}`);
    expect((await register(undefined, phone.subscription)).statusCode).toBe(401);
    const outside = await register(client.cookie, { ...phone.subscription, endpoint: 'https://evil.example/x' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(MSG.pushServicioNoPermitido);
    for (const bad of [{ endpoint: 'no' }, null, 'x', { ...phone.subscription, keys: { p256dh: '\u0000', auth: 1 } }])
      expect((await register(client.cookie, bad)).statusCode).toBe(400);

    // A staff member's endpoint stays theirs.
    const desk = push.device(`desk-${client.caso}`);
    const saved = await s.app.inject({
      method: 'POST',
      url: '/api/push/subscription',
      headers: { cookie: admin.cookie },
      payload: { subscription: desk.subscription },
    });
    expect(saved.statusCode).toBeLessThan(300);
    const taken = await register(client.cookie, desk.subscription);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MSG.pushSuscripcionAjena);
    const clientRows = await s.ctx.db.select().from(suscripcionesPush).where(isNotNull(suscripcionesPush.cliente));
    expect(clientRows.map((r) => r.endpoint)).not.toContain(desk.subscription.endpoint);
  });

  it(`a client keeps their ${PUSH_MAX_SUBSCRIPTIONS_PER_USER} newest subscriptions, as staff do; the oldest goes`, async () => {
    const client = await enteredClient();
    const [{ uidcliente, uidconductor }] = await s.ctx.db
      .select({ uidcliente: casos.uidcliente, uidconductor: casos.uidconductor })
      .from(casos)
      .where(eq(casos.id, client.id));
    const owner = (uidconductor ?? uidcliente)!;
    const devices = Array.from({ length: PUSH_MAX_SUBSCRIPTIONS_PER_USER + 2 }, (_, i) =>
      push.device(`tope-${client.caso}-${i}`),
    );
    // Together, as a burst would come: the cap holds under concurrent registrations too.
    const answers = await Promise.all(devices.map((d) => register(client.cookie, d.subscription)));
    expect(answers.map((a) => a.statusCode)).toEqual(devices.map(() => 204));
    const kept = await s.ctx.db.select().from(suscripcionesPush).where(eq(suscripcionesPush.cliente, owner));
    expect(kept).toHaveLength(PUSH_MAX_SUBSCRIPTIONS_PER_USER);
    // One more, later: it is kept, the oldest left goes.
    const oldest = [...kept].sort((a, b) => a.creado.getTime() - b.creado.getTime() || a.id.localeCompare(b.id))[0];
    const late = push.device(`tope-${client.caso}-tarde`);
    expect((await register(client.cookie, late.subscription)).statusCode).toBe(204);
    const now = await s.ctx.db.select().from(suscripcionesPush).where(eq(suscripcionesPush.cliente, owner));
    expect(now).toHaveLength(PUSH_MAX_SUBSCRIPTIONS_PER_USER);
    expect(now.map((r) => r.endpoint)).toContain(late.subscription.endpoint);
    expect(now.map((r) => r.endpoint)).not.toContain(oldest.endpoint);
  });
});
