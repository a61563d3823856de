import { eq } from 'drizzle-orm';
import { MSG, REQUEST_MARKS, fmt, mayRequest, type Cargo } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { casos } from '../../db/schema/index.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { openCaseRoom } from './rooms.js';
import {
  caseHistory,
  dispatch,
  listChanged,
  nameOf,
  noticeAboutCase,
  viewerStateTrail,
  type CaseRow,
} from './dispatch.js';
import { lockCase } from './queries.js';

/**
 * SOLICITAR AGENTE (spec 2 §4 "Request"). A Perito needs an authorised plan. Each type is
 * requested once per case: asking again (a double click, a stale list) would only repeat the
 * trail and the notices, so it is refused for every type alike (its flag, REQUEST_MARKS).
 */
export async function requestAgent(ctx: AppContext, viewer: Viewer, id: string, tipo: Cargo) {
  enforce(mayRequest(viewer, tipo));
  return dispatch(ctx, async (tx, pending) => {
    const c = await lockCase(tx, viewer, id);
    // The case row is locked: of two requests of one type, the second reads the first's flag (409).
    enforce(mayRequest(viewer, tipo, c));
    const set: Partial<CaseRow> = { modificacion: new Date() };
    const marks = REQUEST_MARKS[tipo];
    if (marks) set[marks.flag] = true;
    if (marks?.room) {
      set[marks.room.flag] = true;
      await openCaseRoom(tx, id, marks.room.kind);
    }
    await tx.update(casos).set(set).where(eq(casos.id, id));
    const descripcion = fmt(MSG.historiaSolicitud, { tipo, nombre: nameOf(viewer.user), cargo: viewer.cargo });
    await caseHistory(tx, c, viewer, descripcion);
    await viewerStateTrail(tx, c, viewer, descripcion);
    // As the case is now (its request flag set): whose list holds it decides who is told.
    await noticeAboutCase(tx, pending, { ...c, ...set }, 'agentRequested', { vars: { tipo }, actor: viewer.id });
    await listChanged(ctx, tx, id);
  });
}
