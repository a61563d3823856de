import { z } from 'zod';
import { writablePageResponse } from './common.js';
import { listContract } from './lists.js';
import { LABELS } from '../labels.js';
import { bogotaDay } from '../reports.js';

/*
 * AUDITORÍA: the trail of administrative acts (who administered what, when, from where, and what
 * changed). Written by the server in each act's own transaction, append-only; read by the
 * Administrador only.
 */

/**
 * Every act the trail records, as `<what it acts on>.<what was done>`. A module adding an act
 * adds its code here (and its words to LABELS.auditoria.acciones); the table keeps any code, so a
 * new one needs no migration.
 */
export const AUDIT_ACTIONS = [
  'usuario.creado',
  /** Any field of the user form, the cargo and the area included: the record's before → after says which. */
  'usuario.editado',
  'usuario.desactivado',
  'usuario.reactivado',
  'usuario.contrasena_restablecida',
  /** DESLOGUEAR (ESTADO USUARIOS) or `npm run admin -- end-sessions`. */
  'usuario.sesion_terminada',
  'usuario.tiempo_sesion',
  'usuario.ciudades',
  'usuario.segundo_factor_agregado',
  'usuario.segundo_factor_eliminado',
  'usuario.segundo_factor_exigido',
  'usuario.segundo_factor_restablecido',
  /** Vehicles, companies, areas and case statuses: the record's target type says which. */
  'catalogo.creado',
  'catalogo.editado',
  'catalogo.activado',
  'catalogo.inactivado',
  'caso.archivado',
  'caso.restaurado',
  'caso.atencion_especial',
  'cliente.enlace_anulado',
  'cliente.sesion_terminada',
  'exportacion.sftp_iniciada',
  'reporte.exportado',
  'datos_personales.reporte',
  'datos_personales.anonimizacion',
  'datos_personales.retencion_inicio',
  'datos_personales.retencion_fin',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an act was done to. `cargo`: a setting applied to every user of a cargo (session time). */
export const AUDIT_TARGETS = [
  'usuario',
  'cargo',
  'vehiculo',
  'empresa',
  'area',
  'estado_caso',
  'caso',
  'enlace_cliente',
  'cliente',
  'exportacion',
  'reporte',
  'retencion',
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** Who acted when nobody signed in did: the admin command line, or the server on its own (a scheduled run). */
export const AUDIT_CLI = 'CLI';
export const AUDIT_SYSTEM = 'Sistema';

/** A record's before or after: the fields that changed, never a secret (the server filters them out by name). */
export const auditChangeSchema = z.record(z.string(), z.unknown()).nullable();

/** One record of AUDITORÍA. */
export const auditEntryResponse = z.object({
  id: z.string(),
  fecha: z.string(),
  /** The staff user who acted; null for the CLI or the system. */
  actorId: z.string().nullable(),
  /** Their name as it was then, or 'CLI' / 'Sistema'. */
  actor: z.string(),
  cargo: z.string().nullable(),
  /** The request's address as the server read it (TRUST_PROXY); null outside a request. */
  ip: z.string().nullable(),
  accion: z.string(),
  objetoTipo: z.string(),
  objetoId: z.string().nullable(),
  /** A readable name of the target as it was then (a user's name, a plate, a case's number). */
  objeto: z.string(),
  antes: auditChangeSchema,
  despues: auditChangeSchema,
});
export type AuditEntry = z.infer<typeof auditEntryResponse>;

/** GET /api/auditoria: newest first, keyset pages; nobody writes this list. */
export const auditPageResponse = writablePageResponse(auditEntryResponse);
export type AuditPage = z.infer<typeof auditPageResponse>;

/**
 * AUDITORÍA's criteria: who (their name then, or CLI / Sistema), what (the act), the target's
 * type and its name, and the day (Bogotá), twice for a range.
 */
export const AUDIT_LIST = listContract({
  actor: { type: 'upper' },
  accion: { type: 'exact', options: AUDIT_ACTIONS },
  objetoTipo: { type: 'exact', options: AUDIT_TARGETS },
  objeto: { type: 'upper' },
  fecha: { type: 'date' },
});

/** The CSV of the records the criteria select (the reports' writer), as GET /api/auditoria.csv streams it. */
export const AUDIT_CSV_PATH = '/api/auditoria.csv';

/** A value of a record's before or after, in words: Sí / No, a list comma separated, (vacío). */
export function auditValue(value: unknown): string {
  const T = LABELS.auditoria;
  if (value === null || value === undefined || value === '') return T.vacio;
  if (typeof value === 'boolean') return value ? T.si : T.no;
  if (Array.isArray(value)) return value.length ? value.map(auditValue).join(', ') : T.vacio;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A record's before → after as rows: each field that changed, named in words, with both values. */
export function auditChanges(entry: Pick<AuditEntry, 'antes' | 'despues'>) {
  const antes = entry.antes ?? {};
  const despues = entry.despues ?? {};
  const fields = [...new Set([...Object.keys(antes), ...Object.keys(despues)])];
  return fields.map((field) => ({
    field,
    campo: LABELS.auditoria.campos[field] ?? field,
    antes: field in antes ? auditValue(antes[field]) : LABELS.auditoria.vacio,
    despues: field in despues ? auditValue(despues[field]) : LABELS.auditoria.vacio,
  }));
}

/** What an action code reads as; a code this release does not know shows itself. */
export const auditActionLabel = (accion: string) =>
  (LABELS.auditoria.acciones as Record<string, string>)[accion] ?? accion;
export const auditTargetLabel = (tipo: string) => (LABELS.auditoria.objetos as Record<string, string>)[tipo] ?? tipo;

/** AUDITORÍA's CSV is named by the day it was taken (Bogotá). */
export const auditFileName = (now: Date = new Date()) => `auditoria_${bogotaDay(now)}.csv`;
