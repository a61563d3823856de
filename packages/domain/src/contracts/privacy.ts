import { z } from 'zod';
import { writablePageResponse } from './common.js';

/*
 * The driver's personal data under Ley 1581 de 2012 (Habeas Data) and Decreto 1377 de 2013: the
 * privacy notice they authorise before their case is entered, the record of that authorisation,
 * and who among the staff opened a client's data.
 */

/** A notice version: the first 12 hex digits of the SHA-256 of what the driver reads and ticks. */
export const PRIVACY_NOTICE_VERSION = /^[0-9a-f]{12}$/;

/** Repeated opens of the same data by the same person within this window are one entry of the access log. */
export const DATA_ACCESS_WINDOW_MINUTES = 10;

/** The privacy notice as the entry page shows it (PRIVACY_* settings, else the catalogue's). */
export const privacyNoticeResponse = z.object({
  version: z.string(),
  /** The case's driver has not authorised this version yet: the page asks, and the entry needs it. */
  requerida: z.boolean(),
  /** A few lines for the phone's screen. */
  resumen: z.string(),
  /** The whole notice, paragraphs separated by a blank line ('Leer el aviso completo'). */
  texto: z.string(),
  /** The checkbox's words. */
  casilla: z.string(),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeResponse>;

/** GET /api/casos/{id}/autorizacion-datos: whether the case's driver authorised the processing of their data. */
export const dataAuthorisationResponse = z.object({
  estado: z.enum(['otorgada', 'pendiente']),
  /** When it was given (ISO); null while pending. */
  fecha: z.string().nullable(),
  /** The notice version it was given for; null while pending. */
  version: z.string().nullable(),
});
export type DataAuthorisation = z.infer<typeof dataAuthorisationResponse>;

/** What a staff member opened: the client's record, or the DATOS DEL CASO of one of their cases. */
export const DATA_ACCESS_KINDS = ['cliente', 'caso'] as const;
export type DataAccessKind = (typeof DATA_ACCESS_KINDS)[number];

/** An entry of 'Quién consultó sus datos': who (their name and cargo at the time), when, what. */
export const dataAccessResponse = z.object({
  id: z.string(),
  fecha: z.string(),
  usuario: z.string(),
  nombre: z.string(),
  cargo: z.string(),
  que: z.enum(DATA_ACCESS_KINDS),
  /** The case's number and id when a case's data was opened. */
  caso: z.number().nullable(),
  caseId: z.string().nullable(),
});
export type DataAccess = z.infer<typeof dataAccessResponse>;

/** GET /api/clientes/{id}/accesos-datos: newest first, keyset pages (nobody writes this list). */
export const dataAccessPageResponse = writablePageResponse(dataAccessResponse);
export type DataAccessPage = z.infer<typeof dataAccessPageResponse>;
