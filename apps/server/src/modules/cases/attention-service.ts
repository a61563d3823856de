import { eq } from 'drizzle-orm';
import { MSG, mayAuthorizeAttention, mayRequestAttention } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { casos } from '../../db/schema/index.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { caseHistory, dispatch, listChanged, noticeAboutCase } from './dispatch.js';
import { lockCase } from './queries.js';
import { recordAudit } from '../audit/record.js';
import { caseTarget } from '../audit/targets.js';

/** Special attention (asistencia especial) on a SIN PLAN case: asked for once, then authorised once. */
export async function requestAttention(ctx: AppContext, viewer: Viewer, id: string) {
  enforce(mayRequestAttention(viewer));
  return dispatch(ctx, async (tx, pending) => {
    const c = await lockCase(tx, viewer, id);
    enforce(mayRequestAttention(viewer, c));
    await tx.update(casos).set({ solicitud_atencion: true }).where(eq(casos.id, id));
    await caseHistory(tx, c, viewer, MSG.historiaSolicitudAtencion);
    await noticeAboutCase(tx, pending, c, 'attentionRequested', { actor: viewer.id });
    await listChanged(ctx, tx, id);
  });
}

export async function authorizeAttention(ctx: AppContext, viewer: Viewer, id: string) {
  enforce(mayAuthorizeAttention(viewer));
  return dispatch(ctx, async (tx, pending) => {
    const c = await lockCase(tx, viewer, id);
    enforce(mayAuthorizeAttention(viewer, c));
    await tx.update(casos).set({ aprobar_atencion: true }).where(eq(casos.id, id));
    await caseHistory(tx, c, viewer, MSG.historiaAutorizaAtencion);
    await recordAudit(tx, {
      actor: viewer,
      accion: 'caso.atencion_especial',
      objeto: caseTarget(c),
      antes: { aprobar_atencion: c.aprobar_atencion },
      despues: { aprobar_atencion: true },
    });
    await noticeAboutCase(tx, pending, c, 'attentionAuthorized', { actor: viewer.id });
    await listChanged(ctx, tx, id);
  });
}
