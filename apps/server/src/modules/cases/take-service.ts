import { and, eq, isNull } from 'drizzle-orm';
import { MSG, fmt, mayRelease, mayTake, takeSlot } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { casos } from '../../db/schema/index.js';
import { conflict } from '../../platform/errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { recomputeAvailability } from '../availability/availability.js';
import { caseHistory, dispatch, listChanged, nameOf, noticeAboutCase } from './dispatch.js';
import { lockCase } from './queries.js';

/**
 * Take-case switch (Investigador, Abogado, Dibujante). Taking is one conditional UPDATE on an
 * empty slot, so of two agents taking at once exactly one wins. Releasing empties the slot (a
 * released Dibujante slot goes back to 'solicitado': solicitud_dibujante stays true).
 */
export async function takeCase(ctx: AppContext, viewer: Viewer, id: string, take: boolean) {
  const rule = take ? mayTake : mayRelease;
  enforce(rule(viewer));
  const field = takeSlot(viewer)!;
  const taken = () => conflict('ALREADY_TAKEN', MSG.casoYaTomado);
  return dispatch(ctx, async (tx, pending) => {
    const c = await lockCase(tx, viewer, id).catch(async (err) => {
      // Someone else took it first, so it left this viewer's scope ("own or unassigned").
      const [other] = await tx.select({ holder: casos[field] }).from(casos).where(eq(casos.id, id));
      if (take && other?.holder && other.holder !== viewer.id) throw taken();
      throw err;
    });
    enforce(rule(viewer, c));
    const nombre = nameOf(viewer.user);
    if (take) {
      const rows = await tx
        .update(casos)
        .set({ [field]: viewer.id })
        .where(and(eq(casos.id, id), isNull(casos[field])))
        .returning({ id: casos.id });
      if (!rows.length) throw taken();
      await caseHistory(tx, c, viewer, fmt(MSG.historiaToma, { cargo: viewer.cargo, nombre }));
      await noticeAboutCase(tx, pending, c, 'caseTaken', {
        vars: { tipo: viewer.cargo, cargo: viewer.cargo, nombre },
        actor: viewer.id,
      });
    } else {
      await tx
        .update(casos)
        .set({ [field]: null })
        .where(eq(casos.id, id));
      await caseHistory(tx, c, viewer, fmt(MSG.historiaLiberacion, { cargo: viewer.cargo, nombre }));
      await noticeAboutCase(tx, pending, c, 'caseReleased', {
        vars: { tipo: viewer.cargo, cargo: viewer.cargo, nombre },
        actor: viewer.id,
      });
    }
    await recomputeAvailability(tx, ctx.hub, viewer.id, {
      descripcion: fmt(take ? MSG.trazaTomaCaso : MSG.trazaLiberacionCaso, { caso: c.caso }),
      uidcaso: id,
      uidcreador: viewer.id,
    });
    await listChanged(ctx, tx, id);
  });
}
