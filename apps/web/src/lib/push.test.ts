import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ensurePushSubscription } from './push';
import { logout } from './session';
import { fakeApi, json, type FakeApi } from '../test/fake-api';

const LOCAL_KEY = 'vialex.pushSubscription';
const KEY_BYTES = new Uint8Array(65).fill(4);
const VAPID = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

/** A browser push subscription; unsubscribing makes the push service hand out a new endpoint. */
class FakeSubscription {
  unsubscribed = false;
  options = { applicationServerKey: null as ArrayBuffer | null };
  constructor(readonly endpoint: string) {}
  toJSON() {
    return { endpoint: this.endpoint, keys: { p256dh: 'p', auth: 'a' } };
  }
  async unsubscribe() {
    this.unsubscribed = true;
    return true;
  }
}

let current: FakeSubscription | null;
let issued: number;
let api: FakeApi;
/** How the server answers POST /api/push/subscription, per endpoint. */
let subscriptionAnswer: (endpoint: string) => Response;

beforeEach(() => {
  localStorage.clear();
  issued = 0;
  current = null;
  subscriptionAnswer = () => new Response(null, { status: 204 });
  const pushManager = {
    getSubscription: async () => current,
    subscribe: async (opts: { applicationServerKey: Uint8Array }) => {
      current = new FakeSubscription(`https://fcm.googleapis.com/fcm/send/device-${++issued}`);
      current.options.applicationServerKey = opts.applicationServerKey.slice().buffer as ArrayBuffer;
      return current;
    },
  };
  const registration = { active: {}, pushManager };
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator), {
      serviceWorker: {
        getRegistration: async () => registration,
        register: async () => registration,
        ready: Promise.resolve(registration),
      },
    }),
  );
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'granted', requestPermission: async () => 'granted' });
  api = fakeApi({
    'GET /api/push/public-key': () => json({ publicKey: VAPID }),
    'POST /api/push/subscription': (req) =>
      subscriptionAnswer((req.body as { subscription: { endpoint: string } }).subscription.endpoint),
    'POST /api/auth/logout': () => new Response(null, { status: 204 }),
  });
});

describe('ensurePushSubscription', () => {
  it("on 409 (the endpoint is another user's) unsubscribes, subscribes anew and registers the new endpoint once", async () => {
    subscriptionAnswer = (endpoint) =>
      endpoint.endsWith('device-1')
        ? json({ statusCode: 409, code: 'PUSH_ENDPOINT_TAKEN', message: 'ajena' }, 409)
        : new Response(null, { status: 204 });
    const first = await navigator.serviceWorker.getRegistration('/');
    const taken = await first!.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: KEY_BYTES });

    const sub = await ensurePushSubscription();
    expect((taken as unknown as FakeSubscription).unsubscribed).toBe(true);
    expect(sub.endpoint).toMatch(/device-2$/);
    const posted = api.calls
      .filter((c) => c.url === '/api/push/subscription')
      .map((c) => (c.body as { subscription: { endpoint: string } }).subscription.endpoint);
    expect(posted).toEqual([taken.endpoint, sub.endpoint]);
    expect(localStorage.getItem(LOCAL_KEY)).toBe(sub.endpoint);
  });

  it('gives up after the second refusal instead of looping', async () => {
    subscriptionAnswer = () => json({ statusCode: 409, code: 'PUSH_ENDPOINT_TAKEN', message: 'ajena' }, 409);
    await expect(ensurePushSubscription()).rejects.toMatchObject({ status: 409 });
    expect(api.calls.filter((c) => c.url === '/api/push/subscription')).toHaveLength(2);
  });
});

describe('Salir', () => {
  it("sends the endpoint this browser registered and drops the browser's subscription", async () => {
    const sub = await ensurePushSubscription();
    await logout();
    expect(api.calls.at(-1)).toEqual({ method: 'POST', url: '/api/auth/logout', body: { endpoint: sub.endpoint } });
    expect((sub as unknown as FakeSubscription).unsubscribed).toBe(true);
    expect(localStorage.getItem(LOCAL_KEY)).toBeNull();
  });

  it('without a remembered endpoint sends no body', async () => {
    await logout();
    expect(api.calls.at(-1)).toEqual({ method: 'POST', url: '/api/auth/logout', body: undefined });
  });
});
