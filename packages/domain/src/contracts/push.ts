import { z } from 'zod';

/** GET /api/push/public-key: the VAPID public key for pushManager.subscribe. */
export const pushPublicKeyResponse = z.object({ publicKey: z.string() });
export type PushPublicKeyResponse = z.infer<typeof pushPublicKeyResponse>;
