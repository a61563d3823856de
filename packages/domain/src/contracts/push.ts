import { z } from 'zod';

/** GET /api/push/public-key: the VAPID public key for pushManager.subscribe. */
export const pushPublicKeyResponse = z.object({ publicKey: z.string() });
export type PushPublicKeyResponse = z.infer<typeof pushPublicKeyResponse>;

/** A Web Push message the server sends to a subscription (the service worker shows it and forwards it to open tabs). */
export const pushMessage = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  /** Notices sharing a tag replace each other on the device (one per chat room). */
  tag: z.string().optional(),
});
export type PushMessage = z.infer<typeof pushMessage>;
