import { and, desc, eq, sql } from 'drizzle-orm';
import { MSG, fmt, type DataAuthorisation, type PrivacyNotice } from '@vialex/domain';
import type { Executor, Tx } from '../../db/client.js';
import { autorizacionesDatos, avisosPrivacidad } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflict } from '../../platform/errors.js';

/*
 * The driver's authorisation to process their personal data (Ley 1581 de 2012 art. 9, Decreto
 * 1377 de 2013 art. 5–7): prior (before the entry creates anything), express (a ticked box, never
 * pre-ticked) and informed (the notice's version they read is what they send). Recorded in the
 * entry's transaction, so there is no entry without it and no authorisation of an entry that failed.
 */

/** Who a case's client session is for, and so who authorises: the driver, else the owner. */
export const caseDriver = (c: { uidconductor: string | null; uidcliente: string | null }) =>
  c.uidconductor ?? c.uidcliente;

/** Why an entry without the authorisation cannot go on, and whom to call instead (COMPANY_PHONE). */
export const authorisationRequiredText = (telefono: string) => fmt(MSG.autorizacionDatosRequerida, { telefono });

/** The refusal of an entry without the authorisation: it says why, and the number to call. */
export const authorisationRequired = (telefono: string) => {
  const message = authorisationRequiredText(telefono);
  return new AppError(422, 'DATA_AUTHORISATION_REQUIRED', message, [{ path: 'autorizacion', message }]);
};

/** The notice changed while the page was open: what was ticked is not what is in force. */
export const noticeChanged = () => conflict('PRIVACY_NOTICE_CHANGED', MSG.avisoPrivacidadCambio);

/** Whether this client already authorised this notice version on this case. */
async function authorised(db: Executor, caseId: string, clientId: string | null, version: string): Promise<boolean> {
  const [row] = await db
    .select({ id: autorizacionesDatos.id })
    .from(autorizacionesDatos)
    .where(
      and(
        eq(autorizacionesDatos.uidcaso, caseId),
        sql`${autorizacionesDatos.uidcliente} is not distinct from ${clientId}`,
        eq(autorizacionesDatos.version, version),
      ),
    )
    .limit(1);
  return !!row;
}

/** The notice for a case's entry page: asked for unless its driver already authorised this version. */
export async function noticeForEntry(
  ctx: AppContext,
  c: { id: string; uidconductor: string | null; uidcliente: string | null },
): Promise<PrivacyNotice> {
  const { version, resumen, texto, casilla } = ctx.config.privacy;
  const requerida = !(await authorised(ctx.db, c.id, caseDriver(c), version));
  return { version, requerida, resumen, texto, casilla };
}

/** Before any work: refuses an entry the notice's rule would refuse (no address look-up is spent on it). */
export function checkGiven(ctx: AppContext, notice: PrivacyNotice, given: string | undefined): void {
  if (given !== undefined && given !== notice.version) throw noticeChanged();
  if (notice.requerida && given === undefined) throw authorisationRequired(ctx.config.companyPhone.telefono);
}

export interface GivenAuthorisation {
  /** The notice version the driver ticked, if the page asked. */
  given: string | undefined;
  /** The request's address as the app reads it (request.ip: X-Forwarded-For only under TRUST_PROXY). */
  ip: string;
  linkId: string;
}

/**
 * In the entry's transaction, after the case is locked: the authorisation of the notice in force
 * for the case's driver is on record, or recorded now from what the page sent, or the entry is
 * refused (and rolled back: nothing of it stays).
 */
export async function recordAuthorisation(
  ctx: AppContext,
  tx: Tx,
  c: { id: string; uidconductor: string | null; uidcliente: string | null },
  { given, ip, linkId }: GivenAuthorisation,
): Promise<void> {
  const notice = ctx.config.privacy;
  const clientId = caseDriver(c);
  if (given !== undefined && given !== notice.version) throw noticeChanged();
  if (given === undefined) {
    if (await authorised(tx, c.id, clientId, notice.version)) return;
    throw authorisationRequired(ctx.config.companyPhone.telefono);
  }
  await tx
    .insert(avisosPrivacidad)
    .values({
      version: notice.version,
      empresa: notice.empresa,
      correo: notice.correo,
      telefono: ctx.config.companyPhone.telefono,
      resumen: notice.resumen,
      texto: notice.texto,
      casilla: notice.casilla,
    })
    .onConflictDoNothing();
  // Authorised before (another entry of the same case): the first record is the proof.
  await tx
    .insert(autorizacionesDatos)
    .values({ uidcaso: c.id, uidcliente: clientId, version: notice.version, enlace: linkId, ip })
    .onConflictDoNothing();
}

/** The case's line in DATOS DEL CASO: its driver's latest authorisation, or pending. */
export async function caseAuthorisation(
  db: Executor,
  c: { id: string; uidconductor: string | null; uidcliente: string | null },
): Promise<DataAuthorisation> {
  const [row] = await db
    .select({ fecha: autorizacionesDatos.fecha, version: autorizacionesDatos.version })
    .from(autorizacionesDatos)
    .where(
      and(
        eq(autorizacionesDatos.uidcaso, c.id),
        sql`${autorizacionesDatos.uidcliente} is not distinct from ${caseDriver(c)}`,
      ),
    )
    .orderBy(desc(autorizacionesDatos.fecha))
    .limit(1);
  return row
    ? { estado: 'otorgada', fecha: row.fecha.toISOString(), version: row.version }
    : { estado: 'pendiente', fecha: null, version: null };
}
