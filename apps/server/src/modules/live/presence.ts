import type { AppContext } from '../../platform/context.js';
import { releaseGonePresence } from '../chat/presence.js';
import { releaseGoneWatches } from '../users/service.js';

/**
 * What the live channel's gated topics hold in the database (routes.ts): room presence (chat)
 * and followed positions (users). The instance sweep (platform/instances.ts) gives back, on every
 * heartbeat, what instances that are gone — died without closing their sockets, or stopped — still
 * held there. Answers how many rows it released.
 */
export async function releaseGoneInstances(ctx: AppContext): Promise<number> {
  const members = await releaseGonePresence(ctx);
  const watches = await releaseGoneWatches(ctx.db);
  return members + watches;
}
