import { eq, sql } from 'drizzle-orm';
import { AUDIT_SYSTEM, type AnonymisationCause } from '@vialex/domain';
import type { Tx } from '../../db/client.js';
import { anonimizacionEjecuciones, anonimizaciones } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { forgetClientPlaces } from '../cases/anonymise-client.js';
import { retractClientMessages } from '../chat/anonymise-client.js';
import { endClientAccess } from '../client-links/anonymise-client.js';
import { anonymiseClientRecord } from '../clients/anonymise-client.js';
import { deleteSentFileBytes, markSentFilesDeleted } from '../files/anonymise-client.js';
import { forgetSmsRecipient } from '../messaging/anonymise-client.js';
import { forgetNoticeIdentification } from '../notifications/anonymise-client.js';
import { forgetAuthorisationAddresses } from '../privacy/anonymise-client.js';
import { forgetClientSubscriptions } from '../push/anonymise-client.js';
import { forgetVehicleOwner } from '../vehicles/anonymise-client.js';
import type { Viewer } from '../../platform/viewer.js';
import { AUDIT_ACTIONS, clientLabel, recordDataSubjectAudit } from './audit.js';
import { casesAsClient, type Subject } from './subject.js';

/*
 * Suppressing a person's data (Ley 1581 de 2012 art. 8 e, 15): one transaction per person, with
 * their record and cases locked (subject.ts). Each module suppresses what it holds of them (a
 * module writes only its own tables); what stays is the cases' work: numbers, statuses, history,
 * the accident's place, staff's messages and documents, for the reports. Storage is no part of
 * the transaction: the bytes of the files they sent are deleted after it commits
 * (finishFileDeletion), and again by the next retention run if a crash came between.
 */

export interface AnonymisationMeta {
  cause: AnonymisationCause;
  now: Date;
  /** The Administrador who asked (cause 'solicitud'). */
  viewer?: Viewer;
  /** The retention run (cause 'retencion'). */
  run?: string;
}

/** Anonymises a locked subject in the caller's transaction; the caller checked they may be. */
export async function anonymiseSubject(ctx: AppContext, tx: Tx, subject: Subject, meta: AnonymisationMeta) {
  const { client } = subject;
  const [record] = await tx
    .insert(anonimizaciones)
    .values({
      uidcliente: client.id,
      motivo: meta.cause,
      ejecucion: meta.run ?? null,
      solicitado_por: meta.viewer?.id ?? null,
      fecha: meta.now,
    })
    .returning({ numero: anonimizaciones.numero });
  const all = subject.cases.map((c) => c.id);
  const asClient = casesAsClient(subject).map((c) => c.id);

  await forgetClientPlaces(ctx, tx, asClient, all);
  await retractClientMessages(ctx, tx, client.id);
  const files = await markSentFilesDeleted(tx, client.id, meta.now);
  await endClientAccess(ctx, tx, client.id, asClient, meta.now);
  await forgetClientSubscriptions(tx, client.id);
  await forgetSmsRecipient(tx, asClient);
  await forgetVehicleOwner(tx, client.id);
  await forgetNoticeIdentification(tx, all, client.identificacion);
  await forgetAuthorisationAddresses(tx, client.id);
  await anonymiseClientRecord(ctx, tx, client.id, record.numero, meta.now);

  if (meta.run)
    await tx
      .update(anonimizacionEjecuciones)
      .set({ anonimizados: sql`${anonimizacionEjecuciones.anonimizados} + 1` })
      .where(eq(anonimizacionEjecuciones.id, meta.run));
  // Never the person's data: the trail outlives the suppression.
  await recordDataSubjectAudit(tx, {
    actor: meta.viewer ?? AUDIT_SYSTEM,
    accion: AUDIT_ACTIONS.anonimizacion,
    objeto: { tipo: 'cliente', id: client.id, etiqueta: clientLabel(client.id) },
    despues: {
      motivo: meta.cause,
      ejecucion: meta.run ?? null,
      casos: subject.cases.map((c) => c.caso),
      archivos: files,
    },
  });
}

/**
 * After the anonymisation committed: the bytes of the files the person sent go from storage, and
 * the record says so. A failure (storage unreachable) is left for the next retention run.
 */
export async function finishFileDeletion(ctx: AppContext, clientId: string): Promise<boolean> {
  try {
    await deleteSentFileBytes(ctx, clientId);
  } catch (err) {
    ctx.log?.warn({ err, code: 'ANONYMISED_FILES_LEFT' }, 'anonymised client files left in storage');
    return false;
  }
  await ctx.db
    .update(anonimizaciones)
    .set({ archivos_pendientes: false })
    .where(eq(anonimizaciones.uidcliente, clientId));
  return true;
}

/** Finishes every file deletion a crash or a storage failure left (the start of each retention run). */
export async function finishPendingFileDeletions(ctx: AppContext): Promise<void> {
  const pending = await ctx.db
    .select({ uidcliente: anonimizaciones.uidcliente })
    .from(anonimizaciones)
    .where(eq(anonimizaciones.archivos_pendientes, true));
  for (const { uidcliente } of pending) await finishFileDeletion(ctx, uidcliente);
}
