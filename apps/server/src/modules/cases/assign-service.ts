import { and, eq } from 'drizzle-orm';
import { AGENT_FIELD, MSG, fmt, mayAssign, type Cargo } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { casos } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { recomputeAvailability } from '../availability/availability.js';
import { assignCandidates } from './candidates.js';
import { caseHistory, dispatch, listChanged, nameOf, noticeAboutCase } from './dispatch.js';
import { lockCase, scopeWhere } from './queries.js';

/** The users the assign dialog offers for a type on a case in the viewer's list. */
export async function listAssignCandidates(ctx: AppContext, viewer: Viewer, id: string, tipo: Cargo) {
  enforce(mayAssign(viewer, tipo));
  const [c] = await ctx.db
    .select()
    .from(casos)
    .where(and(eq(casos.id, id), scopeWhere(viewer)));
  if (!c) throw notFound(MSG.casoNoExiste);
  return assignCandidates(ctx.db, c, tipo);
}

/**
 * ASIGNAR (spec 2 §6): puts an offered agent in the type's slot, recounts the agent's (and a
 * replaced agent's) availability and tells the agent and the type's audience.
 */
export async function assignAgent(ctx: AppContext, viewer: Viewer, id: string, tipo: Cargo, userId: string) {
  enforce(mayAssign(viewer, tipo));
  const field = AGENT_FIELD[tipo]!;
  return dispatch(ctx, async (tx, pending) => {
    const c = await lockCase(tx, viewer, id);
    enforce(mayAssign(viewer, tipo, c));
    const [agent] = await assignCandidates(tx, c, tipo, userId);
    enforce(mayAssign(viewer, tipo, c, { available: !!agent }));
    const nombre = nameOf(agent!);
    const previous = c[field];
    await tx
      .update(casos)
      .set({ [field]: userId })
      .where(eq(casos.id, id));
    await caseHistory(tx, c, viewer, fmt(MSG.historiaAsignacion, { tipo, nombre }));
    const cause = { descripcion: fmt(MSG.trazaAsignacionCaso, { caso: c.caso }), uidcaso: id, uidcreador: viewer.id };
    await recomputeAvailability(tx, ctx.hub, userId, cause);
    if (previous && previous !== userId)
      await recomputeAvailability(tx, ctx.hub, previous, {
        ...cause,
        descripcion: fmt(MSG.trazaReasignacionCaso, { caso: c.caso }),
      });
    await noticeAboutCase(tx, pending, c, 'agentAssigned', {
      vars: { tipo, cargo: tipo, nombre },
      named: [userId],
      actor: viewer.id,
    });
    await listChanged(ctx, tx, id);
  });
}
