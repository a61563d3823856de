import { and, eq, or } from 'drizzle-orm';
import { mayOpenMap } from '@vialex/domain';
import { casos } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Viewer } from '../../platform/viewer.js';
import { scopeWhere } from '../cases/queries.js';
import { watchLocation } from '../users/service.js';

/*
 * An open case map follows the positions of the case's lawyer and investigator through their
 * live topics (topics.location). Following one is allowed to whoever may open the map of a case
 * of their list on which that user is the lawyer or the investigator; while followed, the user's
 * position updates are announced (users/service.ts recordLocation).
 */

const LOCATION_TOPIC = /^ubicacion:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const agentOfTopic = (topic: string): string | undefined => LOCATION_TOPIC.exec(topic)?.[1];

/** Cases looked at to allow a follow: an agent has few open cases; these are enough to find one. */
const CASES_CHECKED = 20;

/** Whether the viewer may follow the agent's position: the agent is on a map the viewer may open. */
export async function mayFollowAgent(ctx: AppContext, viewer: Viewer, agentId: string): Promise<boolean> {
  const cases = await ctx.db
    .select()
    .from(casos)
    .where(
      and(
        or(eq(casos.uidabogado, agentId), eq(casos.uidinvestigador, agentId)),
        eq(casos.archivado, false),
        scopeWhere(viewer),
      ),
    )
    .limit(CASES_CHECKED);
  return cases.some((c) => mayOpenMap(viewer, c).allowed);
}

/** A map follows the agent (one more on this instance): their position updates are announced. */
export const followAgent = (ctx: AppContext, agentId: string) => watchLocation(ctx.db, ctx.instanceId, agentId, 1);

export const unfollowAgent = (ctx: AppContext, agentId: string) => watchLocation(ctx.db, ctx.instanceId, agentId, -1);
