import { eq } from 'drizzle-orm';
import { ESTADO_INICIAL, MSG, type ClientEntryInput, type PrivacyNotice } from '@vialex/domain';
import { casos } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { conflict, notFound } from '../../platform/errors.js';
import { mapsOf } from '../../platform/maps.js';
import { dispatch } from '../cases/dispatch.js';
import { autoAssignInvestigator, enterCase, type AutoAssignment } from '../cases/client-entry-service.js';
import { checkGiven, noticeForEntry, recordAuthorisation } from '../privacy/authorisation.js';
import { openClientSession } from './client-session.js';
import { verifyClientLink } from './service.js';

/*
 * The client's entry with their case link (spec 3 §2 "Client case entry", §7 "Client entry
 * sequence"): the link must be genuine, unexpired and not revoked ('El caso no existe'
 * otherwise, whatever the reason, decisions.md D5), the case not entered already, and the
 * privacy notice in force authorised by the case's driver (Ley 1581 de 2012: modules/privacy).
 */

/** The case a link opens and the notice its driver is asked for, for the entry page; refusals as the entry itself would answer. */
export async function entryInfo(
  ctx: AppContext,
  token: string,
): Promise<{ caso: number; caseId: string; linkId: string; privacidad: PrivacyNotice }> {
  const link = await verifyClientLink(ctx, token);
  if (!link.ok) throw notFound(MSG.casoNoExiste);
  const [c] = await ctx.db
    .select({ caso: casos.caso, login: casos.login, uidconductor: casos.uidconductor, uidcliente: casos.uidcliente })
    .from(casos)
    .where(eq(casos.id, link.caseId));
  if (!c) throw notFound(MSG.casoNoExiste);
  if (c.login) throw conflict('CASE_ALREADY_ENTERED', MSG.casoYaIngresado);
  const privacidad = await noticeForEntry(ctx, { id: link.caseId, ...c });
  return { caso: c.caso, caseId: link.caseId, linkId: link.linkId, privacidad };
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
 * Enters the case: in one transaction the driver's authorisation of their data, the session, the
 * login flag, a Recibido case verified at the client's place, and in the automatic-assignment
 * cities the nearest free investigator. The address is looked up first (an outside call never
 * holds the case's lock), after the checks that would refuse the entry anyway. `ip` is the
 * request's address as the app reads it (TRUST_PROXY), kept with the authorisation.
 */
export async function enterWithLink(ctx: AppContext, input: ClientEntryInput, ip: string): Promise<EntryResult> {
  const { caseId, linkId, privacidad } = await entryInfo(ctx, input.token);
  checkGiven(ctx, privacidad, input.autorizacion);
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
    await recordAuthorisation(ctx, tx, entered, { given: input.autorizacion, ip, linkId });
    const session = await openClientSession(tx, entered, linkId);
    const asignacion = (await autoAssignInvestigator(ctx, tx, pending, entered, roadTimes)) ?? null;
    return { ...session, caso: entered.caso, asignacion };
  });
  return { ...result, caseId, aviso };
}
