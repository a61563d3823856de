import { eq } from 'drizzle-orm';
import { ESTADO_INICIAL, MSG, type ClientEntryInput } from '@vialex/domain';
import { casos } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { conflict, notFound } from '../../platform/errors.js';
import { mapsOf } from '../../platform/maps.js';
import { dispatch } from '../cases/dispatch.js';
import { autoAssignInvestigator, enterCase, type AutoAssignment } from '../cases/client-entry-service.js';
import { openClientSession } from './client-session.js';
import { verifyClientLink } from './service.js';

/*
 * The client's entry with their case link (spec 3 §2 "Client case entry", §7 "Client entry
 * sequence"): the link must be genuine, unexpired and not revoked ('El caso no existe'
 * otherwise, whatever the reason, DECISIONS row 5), the case not entered already.
 */

/** The case a link opens, for the entry page; refusals as the entry itself would answer. */
export async function entryInfo(
  ctx: AppContext,
  token: string,
): Promise<{ caso: number; caseId: string; linkId: string }> {
  const link = await verifyClientLink(ctx, token);
  if (!link.ok) throw notFound(MSG.casoNoExiste);
  const [c] = await ctx.db
    .select({ caso: casos.caso, login: casos.login })
    .from(casos)
    .where(eq(casos.id, link.caseId));
  if (!c) throw notFound(MSG.casoNoExiste);
  if (c.login) throw conflict('CASE_ALREADY_ENTERED', MSG.casoYaIngresado);
  return { caso: c.caso, caseId: link.caseId, linkId: link.linkId };
}

export interface EntryResult {
  token: string;
  expira: Date;
  caseId: string;
  caso: number;
  asignacion: AutoAssignment | null;
  /** 'No se pudo obtener la dirección' when the case had no address and none was found. */
  aviso: string | null;
}

/**
 * Enters the case: in one transaction the session, the login flag, a Recibido case verified at
 * the client's place, and in the automatic-assignment cities the nearest free investigator.
 * The address is looked up first (an outside call never holds the case's lock).
 */
export async function enterWithLink(ctx: AppContext, input: ClientEntryInput): Promise<EntryResult> {
  const { caseId, linkId } = await entryInfo(ctx, input.token);
  const [before] = await ctx.db.select().from(casos).where(eq(casos.id, caseId));
  const maps = mapsOf(ctx);
  let direccion: string | undefined;
  let aviso: string | null = null;
  if ((before.estado || ESTADO_INICIAL) === ESTADO_INICIAL && !before.direccion_siniestro.trim()) {
    direccion = await maps.reverse({ lat: input.lat, lng: input.lng });
    if (!direccion) aviso = MSG.noSePudoObtenerDireccion;
  }
  const roadTimes =
    maps.routing === 'estimate'
      ? undefined
      : async (origins: { lat: number; lng: number }[], to: { lat: number; lng: number }) =>
          (await maps.legs(origins, to)).map((l) => l.duracionS);
  const result = await dispatch(ctx, async (tx, pending) => {
    const entered = await enterCase(ctx, tx, pending, caseId, { lat: input.lat, lng: input.lng, direccion });
    const session = await openClientSession(tx, entered, linkId);
    const asignacion = (await autoAssignInvestigator(ctx, tx, pending, entered, roadTimes)) ?? null;
    return { ...session, caso: entered.caso, asignacion };
  });
  return { ...result, caseId, aviso };
}
