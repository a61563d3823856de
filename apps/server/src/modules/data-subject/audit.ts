import { AUDIT_SYSTEM, type AuditAction } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import type { Viewer } from '../../platform/viewer.js';
import { recordAudit } from '../audit/record.js';

/*
 * What this module writes to AUDITORÍA (modules/audit), in each act's own transaction: a data
 * report produced, a client anonymised (on request or by a retention run), a run's start and end.
 * An entry never carries the person's data, not even as its label: the trail is append-only and
 * outlives the suppression. A client is named by their id; the details are their cases' numbers
 * and counts.
 */

export const AUDIT_ACTIONS = {
  reporte: 'datos_personales.reporte',
  anonimizacion: 'datos_personales.anonimizacion',
  retencionInicio: 'datos_personales.retencion_inicio',
  retencionFin: 'datos_personales.retencion_fin',
} as const satisfies Record<string, AuditAction>;

export interface DataSubjectAuditEntry {
  /** The staff user who acted (the trail reads their request's address), or the retention run. */
  actor: Viewer | typeof AUDIT_SYSTEM;
  accion: (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];
  objeto: { tipo: 'cliente' | 'retencion'; id: string; etiqueta: string };
  despues?: object | null;
}

/** A client as the trail labels them: never by name (see above). */
export const clientLabel = (clientId: string) => `cliente ${clientId.slice(0, 8)}`;

export function recordDataSubjectAudit(tx: Executor, entry: DataSubjectAuditEntry): Promise<void> {
  return recordAudit(tx, entry);
}
