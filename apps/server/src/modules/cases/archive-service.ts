import { eq } from 'drizzle-orm';
import { AGENT_SLOTS, MSG, fmt, isClosedStatus, mayArchive, mayRestore } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { casos } from '../../db/schema/index.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { recomputeAvailability } from '../availability/availability.js';
import { recordAudit } from '../audit/record.js';
import { caseTarget } from '../audit/targets.js';
import { caseHistory, dispatch, listChanged } from './dispatch.js';
import { lockCase } from './queries.js';

/**
 * Archive (not while Recibido) or restore (Activar): each assigned agent's availability is
 * recounted (spec 2 §4). Doing it twice changes nothing the second time.
 */
export async function archiveCase(ctx: AppContext, viewer: Viewer, id: string, archive: boolean) {
  const rule = (c?: Parameters<typeof mayArchive>[1]) => (archive ? mayArchive(viewer, c) : mayRestore(viewer));
  enforce(rule());
  return dispatch(ctx, async (tx) => {
    const c = await lockCase(tx, viewer, id);
    enforce(rule(c));
    if (c.archivado === archive) return;
    await tx.update(casos).set({ archivado: archive }).where(eq(casos.id, id));
    await caseHistory(tx, c, viewer, archive ? MSG.casoArchivado : MSG.casoActivado);
    await recordAudit(tx, {
      actor: viewer,
      accion: archive ? 'caso.archivado' : 'caso.restaurado',
      objeto: caseTarget(c),
      antes: { archivado: c.archivado },
      despues: { archivado: archive },
    });
    // A closed case counts for nobody either way (D22: every closing status).
    if (!isClosedStatus(c.estado)) {
      const agents = new Set(AGENT_SLOTS.map((s) => c[s]).filter((x): x is string => !!x));
      const descripcion = fmt(archive ? MSG.trazaArchivoCaso : MSG.trazaRestablecimientoCaso, { caso: c.caso });
      for (const agent of agents) {
        await recomputeAvailability(
          tx,
          ctx.hub,
          agent,
          { descripcion, uidcaso: id, uidcreador: viewer.id },
          {
            alwaysTrail: true,
          },
        );
      }
    }
    await listChanged(ctx, tx, id);
  });
}
