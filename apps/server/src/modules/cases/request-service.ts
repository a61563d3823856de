import { and, eq, like } from 'drizzle-orm';
import { MSG, REQUEST_MARKS, fmt, mayRequest, type Cargo } from '@vialex/domain';
import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { casos, trazabilidad } from '../../db/schema/index.js';
import type { Viewer } from '../auth/session.js';
import { enforce } from '../auth/policy.js';
import { openCaseRoom } from '../chat/service.js';
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

/** The start of a request's history entry, 'Se solicita TIPO por ', as a LIKE pattern. */
const requestEntryPattern = (tipo: Cargo) => `${fmt(MSG.historiaSolicitud.split('{nombre}')[0], { tipo })}%`;

/**
 * Whether a type was already requested on the case: its flag, or, for Abogado and Abogado CAIT
 * (the case has no flag for them), the request's entry in the case history, which every request
 * writes. The case row is locked, so two requests of one type cannot both see "not yet".
 */
async function alreadyRequested(tx: Tx, c: CaseRow, tipo: Cargo): Promise<boolean> {
  const marks = REQUEST_MARKS[tipo];
  if (marks) return c[marks.flag];
  const [entry] = await tx
    .select({ id: trazabilidad.id })
    .from(trazabilidad)
    .where(and(eq(trazabilidad.uidcaso, c.id), like(trazabilidad.descripcion, requestEntryPattern(tipo))))
    .limit(1);
  return !!entry;
}

/**
 * SOLICITAR AGENTE (spec 2 §4 "Request"). A Perito needs an authorised plan. Each type is
 * requested once per case: asking again (a double click, a stale list) would only repeat the
 * trail and the notices, so it is refused for every type alike.
 */
export async function requestAgent(ctx: AppContext, viewer: Viewer, id: string, tipo: Cargo) {
  enforce(mayRequest(viewer, tipo));
  return dispatch(ctx, async (tx, pending) => {
    const c = await lockCase(tx, viewer, id);
    enforce(mayRequest(viewer, tipo, c));
    enforce(mayRequest(viewer, tipo, c, { alreadyRequested: await alreadyRequested(tx, c, tipo) }));
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
