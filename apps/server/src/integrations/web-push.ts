import webpush from 'web-push';
import type { PushMessage } from '@vialex/domain';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}
/** What a push message says (its contract: the service worker shows it). */
export type { PushMessage };

/** A new VAPID key pair (P-256), base64url. */
export const generateVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();

export type PushResult = { ok: true } | { ok: false; gone: boolean; error: string };

/** How the push service should hold a message (RFC 8030 §5). */
export interface PushOptions {
  /**
   * Topic (§5.4): a message still held for the device is replaced by a later one of the same
   * topic. At most 32 characters of the URL-safe base64 alphabet.
   */
  topic?: string;
  /** Time to live at the push service, seconds. */
  ttl?: number;
}

/** How long a push service keeps a notice for a device that is off: an hour. */
export const PUSH_TTL_SECONDS = 60 * 60;

/**
 * Sends one encrypted Web Push message (RFC 8291 payload, RFC 8292 VAPID) to a subscription's
 * push service. web-push builds the request; fetch sends it (web-push's own sender speaks only
 * https, and the local fake push service of the tests and demo is plain http). The caller has
 * checked the endpoint against the push-service allow-list (push-hosts.ts); a redirect is not
 * followed, so an allowed host cannot send the server somewhere else (it counts as a failure).
 */
export async function sendPush(
  keys: VapidKeys,
  subject: string,
  target: PushTarget,
  message: PushMessage,
  options: PushOptions = {},
): Promise<PushResult> {
  try {
    const details = webpush.generateRequestDetails(target, JSON.stringify(message), {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: options.ttl ?? PUSH_TTL_SECONDS,
      ...(options.topic ? { topic: options.topic } : {}),
    });
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body as Buffer) : undefined,
      signal: AbortSignal.timeout(5000),
      redirect: 'manual',
    });
    if (res.ok) return { ok: true };
    return { ok: false, gone: res.status === 404 || res.status === 410, error: `push service answered ${res.status}` };
  } catch (err) {
    return { ok: false, gone: false, error: (err as Error).message };
  }
}
