import { z } from 'zod';
import { MSG, fmt } from '../messages.js';
import { historyEntryResponse } from './workspace.js';

/**
 * GESTIÓN, the status form of a case (spec 2 §2, §4, §5): what the form needs to show and what
 * saving answers. The form itself is sent as multipart/form-data (a file may ride along):
 * fields `estado` and `descripcion`, then the optional file `archivo`.
 */

/** The longest note of a status change. */
export const STATUS_NOTE_MAX_LENGTH = 2000;

/** The status form's fields (spec 2 §5: status required, description required, file optional). */
export const caseStatusSchema = z.object({
  estado: z.string({ error: MSG.campoRequerido }).trim().min(1, MSG.campoRequerido).max(100, MSG.estadoNoValido),
  descripcion: z
    .string({ error: MSG.campoRequerido })
    .trim()
    .min(1, MSG.campoRequerido)
    .max(STATUS_NOTE_MAX_LENGTH, fmt(MSG.textoMuyLargo, { max: STATUS_NOTE_MAX_LENGTH })),
});
export type CaseStatusInput = z.input<typeof caseStatusSchema>;

/** A stored file of a case, as its download link describes it. */
export const caseFileResponse = z.object({
  id: z.string(),
  nombre: z.string(),
  extension: z.string(),
  type: z.string(),
  size: z.number(),
  /** GET /api/casos/{id}/archivos/{archivoId}: documents inline (a new tab), images as a download. */
  url: z.string(),
  disposition: z.enum(['inline', 'attachment']),
});
export type CaseFile = z.infer<typeof caseFileResponse>;

/** GET /api/casos/{id}/gestion: the form's choices and whether this viewer may save it. */
export const caseStatusFormResponse = z.object({
  caso: z.number(),
  estado: z.string(),
  /** The active status catalogue (estadoscaso rows that are active), in its order. */
  estados: z.array(z.string()),
  /** Saving would be accepted; when not, `mensaje` says why (the closed-case message, …). */
  permitido: z.boolean(),
  mensaje: z.string().nullable(),
  /** The largest file accepted, in MB (UPLOAD_MAX_MB). */
  maxMb: z.number(),
});
export type CaseStatusForm = z.infer<typeof caseStatusFormResponse>;

/** POST /api/casos/{id}/gestion: 'Bien' / 'Operación Exitosa', the new status and the history entry written. */
export const caseStatusChangeResponse = z.object({
  title: z.string(),
  message: z.string(),
  estado: z.string(),
  /** The entry written, as HISTORIAL DE GESTIÓN lists it (numero 1: the newest). */
  entrada: historyEntryResponse,
});
export type CaseStatusChange = z.infer<typeof caseStatusChangeResponse>;
