import { MSG, fmt, mayAnonymiseClient, mayReportClientData, type ClientDataReport } from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { enforce } from '../../platform/policy.js';
import { findClient, type ClientRow } from '../clients/queries.js';
import { anonymiseSubject, finishFileDeletion } from './anonymise.js';
import { AUDIT_ACTIONS, clientLabel, recordDataSubjectAudit } from './audit.js';
import { clientReportData } from './report.js';
import { caseNumbers, clientName, lockSubject, openCases } from './subject.js';

/*
 * The data-subject module owns `anonimizaciones` and `anonimizacion_ejecuciones`. Its acts on one
 * client, at staff's request: the data report (whoever may edit the client: the contact-centre
 * desk) and the anonymisation before the retention period ends (the Administrador).
 */

const anonymised = () => conflict('CLIENT_ANONYMISED', MSG.clienteYaAnonimizado);

/** A client the viewer may act on: 403 before anything is read, 404 when there is none. */
async function clientFor(ctx: AppContext, id: string): Promise<ClientRow> {
  const client = await findClient(ctx.db, id);
  if (!client) throw notFound(MSG.clienteNoExiste);
  return client;
}

/**
 * The client's data report, its production written to the audit trail. An anonymised client has
 * no data left to report (409).
 */
export async function clientDataReport(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  formato: 'pdf' | 'json',
): Promise<ClientDataReport> {
  enforce(mayReportClientData(viewer));
  const client = await clientFor(ctx, id);
  if (client.anonimizado) throw anonymised();
  const report = await clientReportData(ctx, client, new Date());
  await ctx.db.transaction((tx) =>
    recordDataSubjectAudit(tx, {
      actor: viewer,
      accion: AUDIT_ACTIONS.reporte,
      objeto: { tipo: 'cliente', id, etiqueta: clientLabel(id) },
      despues: { formato, casos: report.casos.map((c) => c.caso) },
    }),
  );
  return report;
}

/**
 * The Administrador's 'Anonimizar datos' before the retention period ends: refused (409, nothing
 * changed) while the client has a case not closed and not archived. The check and the act are one
 * transaction holding the client's and their cases' rows: a case reopened, restored or created for
 * them meanwhile either commits first (and is seen) or waits for the anonymisation.
 */
export async function anonymiseOnRequest(ctx: AppContext, viewer: Viewer, id: string): Promise<ClientRow> {
  enforce(mayAnonymiseClient(viewer));
  await ctx.db.transaction(async (tx) => {
    const subject = await lockSubject(tx, id);
    if (!subject) throw notFound(MSG.clienteNoExiste);
    if (subject.client.anonimizado) throw anonymised();
    const open = openCases(subject);
    if (open.length)
      throw conflict(
        'CLIENT_HAS_OPEN_CASES',
        fmt(MSG.clienteConCasosAbiertos, { nombre: clientName(subject.client), casos: caseNumbers(open) }),
      );
    await anonymiseSubject(ctx, tx, subject, { cause: 'solicitud', now: new Date(), viewer });
  });
  await finishFileDeletion(ctx, id);
  return (await findClient(ctx.db, id))!;
}
