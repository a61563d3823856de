import {
  TOKEN_RESET_RELOAD_MS,
  type MessageResponse,
  type PushMessage,
  type PushPublicKeyResponse,
} from '@vialex/domain';
import { api, isApiError } from './api';

/** Where the tab remembers its own push subscription (the spec's local copy of tokenPush). */
const LOCAL_KEY = 'vialex.pushSubscription';
const SW_URL = '/sw.js';

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  const reg = existing ?? (await navigator.serviceWorker.register(SW_URL, { scope: '/' }));
  // pushManager.subscribe needs an active worker.
  if (!reg.active) await navigator.serviceWorker.ready;
  return reg;
}

/** Where a subscription is registered: the staff user's devices, or the client's (their session's). */
export const PUSH_REGISTER_PATH = { staff: '/api/push/subscription', cliente: '/api/cliente/push' } as const;

/**
 * Makes sure this browser has a Web Push subscription registered on the server for the user:
 * service worker, permission, VAPID key, subscribe, and POST the subscription.
 */
export async function ensurePushSubscription(
  registerPath: string = PUSH_REGISTER_PATH.staff,
): Promise<PushSubscription> {
  const registerOnServer = (subscription: PushSubscription) => register(registerPath, subscription);
  if (!pushSupported()) throw new Error('push unsupported');
  if (Notification.permission === 'default') await Notification.requestPermission();
  if (Notification.permission !== 'granted') throw new Error('notifications denied');

  const reg = await registration();
  const { publicKey } = await api.get<PushPublicKeyResponse>('/api/push/public-key');
  const key = base64UrlToBytes(publicKey);
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    // The server's VAPID key changed: the old subscription can't receive anything.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  try {
    await registerOnServer(subscription);
  } catch (e) {
    if (!isApiError(e) || e.status !== 409 || e.code !== 'PUSH_ENDPOINT_TAKEN') throw e;
    // The endpoint is on file for someone else (this browser was another user's): never move it;
    // get a fresh endpoint from the push service and register that one, once.
    await subscription.unsubscribe();
    subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await registerOnServer(subscription);
  }
  return subscription;
}

async function register(path: string, subscription: PushSubscription): Promise<void> {
  await api.post<void>(path, { subscription: subscription.toJSON() });
  localStorage.setItem(LOCAL_KEY, subscription.endpoint);
}

/** The endpoint this browser last registered (Salir asks the server to forget it). */
export function rememberedPushEndpoint(): string | undefined {
  try {
    return localStorage.getItem(LOCAL_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Salir on this device: the browser's push subscription is dropped, so a shared phone stops
 * receiving the previous user's notices even if the server could not be told. Never throws.
 */
export async function dropPushSubscriptionLocally(): Promise<void> {
  try {
    localStorage.removeItem(LOCAL_KEY);
    if (!('serviceWorker' in navigator)) return;
    const reg = await navigator.serviceWorker.getRegistration('/');
    const subscription = await reg?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Nothing to drop, or the browser refused: the server side removes it anyway.
  }
}

export async function sendTestPush(): Promise<string | undefined> {
  await ensurePushSubscription();
  const answer = await api.post<MessageResponse | undefined>('/api/push/test');
  return answer?.message;
}

/**
 * GENERAR NUEVO TOKEN: drop the push subscription and every local database, then reload so the
 * next attempt starts from a clean slate.
 */
export async function resetPushToken(): Promise<void> {
  try {
    const reg = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration('/') : undefined;
    const subscription = await reg?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Nothing to unsubscribe; the reload still gives a fresh start.
  }
  localStorage.removeItem(LOCAL_KEY);
  try {
    const dbs = (await indexedDB.databases?.()) ?? [];
    await Promise.all(dbs.map((db) => db.name && deleteDatabase(db.name)));
  } catch {
    // Old browsers can't list databases.
  }
  setTimeout(() => window.location.reload(), TOKEN_RESET_RELOAD_MS);
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}

/** A push message as the service worker forwards it: the server's (its contract), or another sender's without a link. */
export type PushPayload = Omit<PushMessage, 'url'> & Partial<Pick<PushMessage, 'url'>>;

/** Push messages the service worker forwards to open tabs. */
export function onPushMessage(listener: (payload: PushPayload) => void): () => void {
  if (!('serviceWorker' in navigator)) return () => {};
  const handler = (e: MessageEvent) => {
    const data = e.data as { type?: string; payload?: PushPayload } | undefined;
    if (data?.type === 'push' && data.payload) listener(data.payload);
  };
  navigator.serviceWorker.addEventListener('message', handler);
  return () => navigator.serviceWorker.removeEventListener('message', handler);
}
