import { z } from 'zod';
import { MSG } from '../messages.js';
import { PRIVACY_NOTICE_VERSION, privacyNoticeResponse } from './privacy.js';

/** Spec 3 §4 "Client session": it ends this long after fecha_ingreso. */
export const CLIENT_SESSION_MINUTES = 120;
/** Spec 2 §4 "Automatic investigator assignment": only investigators nearer than this. */
export const AUTO_ASSIGN_RADIUS_KM = 30;
export const EARTH_RADIUS_KM = 6371;
/** A position older than this says nothing about where the investigator is now. */
export const AUTO_ASSIGN_POSITION_MAX_AGE_MINUTES = 10;

/**
 * GET /api/cliente/entrada/{token}: the case the link opens (the entry page shows its number) and
 * the privacy notice its driver is asked to authorise (Ley 1581 de 2012).
 */
export const clientEntryInfoResponse = z.object({ caso: z.number(), privacidad: privacyNoticeResponse });
export type ClientEntryInfo = z.infer<typeof clientEntryInfoResponse>;

/** POST /api/cliente/entrada: the link's token and where the phone is. */
export const clientEntrySchema = z.object({
  token: z
    .string({ error: MSG.casoNoExiste })
    .min(1, { error: MSG.casoNoExiste })
    .max(400, { error: MSG.casoNoExiste }),
  lat: z.number({ error: MSG.ubicacionRequerida }).min(-90).max(90),
  lng: z.number({ error: MSG.ubicacionRequerida }).min(-180).max(180),
  /**
   * The version of the privacy notice the driver read and ticked: needed while the case's driver
   * has not authorised the notice in force (422 'Para ingresar al caso debe autorizar…').
   */
  autorizacion: z
    .string({ error: MSG.autorizacionDatosNoValida })
    .regex(PRIVACY_NOTICE_VERSION, { error: MSG.autorizacionDatosNoValida })
    .optional(),
});
export type ClientEntryInput = z.infer<typeof clientEntrySchema>;

/** The client's session: their one case. */
export const clientMeResponse = z.object({
  caseId: z.string(),
  caso: z.number(),
  nombre: z.string(),
  /** When the session ends (fecha_ingreso + 120 min). */
  expira: z.string(),
});
export type ClientMe = z.infer<typeof clientMeResponse>;

/** The entry's answer: the session, and the automatic assignment's outcome when one was tried. */
export const clientEntryResponse = clientMeResponse.extend({
  asignacion: z.object({ investigador: z.string().nullable(), message: z.string() }).nullable(),
  /** 'No se pudo obtener la dirección' when the case had no address and none was found. */
  aviso: z.string().nullable(),
});

/**
 * Where the driver's investigator is, for their status card: looked for (no investigator yet),
 * nobody free (the entry's automatic assignment found none: an advisor assigns one), on the way,
 * arrived; or the case closed.
 */
export const CLIENT_CASE_STAGES = ['buscando', 'sinDisponibles', 'enCamino', 'llego', 'cerrado'] as const;
export type ClientCaseStage = (typeof CLIENT_CASE_STAGES)[number];

/** GET /api/cliente/caso: what the client sees of their case (the status card, the información tab). */
export const clientCaseResponse = z.object({
  caso: z.number(),
  estado: z.string(),
  placa: z.string(),
  ciudad: z.string(),
  direccion: z.string(),
  creado: z.string(),
  abogado: z.string().nullable(),
  investigador: z.string().nullable(),
  tiempoLlegadaInvestigador: z.string().nullable(),
  tiempoLlegadaAbogado: z.string().nullable(),
  llegada: z.boolean(),
  /** When the investigator marked arrival (ISO). */
  llegadaFecha: z.string().nullable(),
  /**
   * The status card. The investigator by first name only: the driver gets no staff record, no
   * identification, no phone.
   */
  seguimiento: z.object({
    etapa: z.enum(CLIENT_CASE_STAGES),
    investigador: z.string().nullable(),
    /** Driving minutes to the case's place as the map computes them, while on the way; null: unknown. */
    minutos: z.number().int().positive().nullable(),
    /** The minutes are the straight-line estimate (no road provider answered). */
    aproximado: z.boolean(),
  }),
  /** The company's line (COMPANY_PHONE) as the driver reads it, and its tel: link. */
  contacto: z.object({ telefono: z.string(), enlace: z.string() }),
});
export type ClientCase = z.infer<typeof clientCaseResponse>;
