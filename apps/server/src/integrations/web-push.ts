import webpush from 'web-push';
import type { Executor } from '../db/client.js';
import { getSetting, setSetting } from '../db/seed.js';

export interface VapidKeys { publicKey: string; privateKey: string }
export interface PushTarget { endpoint: string; keys: { p256dh: string; auth: string } }
export interface PushMessage { title: string; body: string; url: string }

/** VAPID keys are generated on first start and kept in the database, shared by every instance. */
export async function loadVapidKeys(db: Executor): Promise<VapidKeys> {
  const existing = await getSetting<VapidKeys>(db, 'vapid');
  if (existing) return existing;
  const keys = webpush.generateVAPIDKeys();
  await setSetting(db, 'vapid', keys);
  return (await getSetting<VapidKeys>(db, 'vapid'))!;
}

export type PushResult = { ok: true } | { ok: false; gone: boolean; error: string };

/** Sends one encrypted Web Push message (RFC 8291/8292) to a subscription's push service. */
export async function sendPush(keys: VapidKeys, subject: string, target: PushTarget, message: PushMessage): Promise<PushResult> {
  try {
    await webpush.sendNotification(target, JSON.stringify(message), {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: 60 * 60,
      timeout: 5000,
    });
    return { ok: true };
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    return { ok: false, gone: status === 404 || status === 410, error: (err as Error).message };
  }
}
