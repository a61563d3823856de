import { z } from 'zod';
import { MSG } from '../messages.js';
import { PHONE_MAX_LENGTH, colombianMobile } from '../phone.js';

/**
 * The SMS with the client's case link and the export request (spec 2 §6 "Policy area
 * and SMS", §7 enviar_sms, decisions.md D5, D9, D10).
 */

/** A case link's state: live until it expires or staff revoke it. */
export const CLIENT_LINK_STATES = ['vigente', 'vencido', 'revocado'] as const;
export type ClientLinkState = (typeof CLIENT_LINK_STATES)[number];

/**
 * An SMS's outcome: `enviado` (the provider accepted it), `guardado` (kept in the outbox, the
 * default adapter: nothing left the server), `error` (the provider refused it or did not answer).
 */
export const SMS_STATES = ['enviado', 'guardado', 'error'] as const;
export type SmsState = (typeof SMS_STATES)[number];

export const SMS_PROVIDERS = ['outbox', 'twilio'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

/** A mobile number typed by staff: answered as E.164, or the field's Spanish message. */
export const celularSchema = z
  .string({ error: MSG.celularNoValido })
  .max(PHONE_MAX_LENGTH, MSG.celularNoValido)
  .transform((value, ctx) => {
    const e164 = colombianMobile(value.trim());
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: MSG.celularNoValido });
      return z.NEVER;
    }
    return e164;
  });

/** POST /api/casos/{id}/sms. */
export const sendSmsSchema = z.strictObject({ telefono: celularSchema });
export type SendSmsInput = z.input<typeof sendSmsSchema>;

/** One SMS of a case as staff see it in the outbox list, with the case link it carried. */
export const smsMessageResponse = z.object({
  id: z.string(),
  /** E.164. */
  telefono: z.string(),
  cuerpo: z.string(),
  estado: z.enum(SMS_STATES),
  proveedor: z.enum(SMS_PROVIDERS),
  /** Why the provider refused it (its own words), for `error`. */
  error: z.string().nullable(),
  creado: z.string(),
  enviadoPor: z.string().nullable(),
  enlace: z
    .object({
      id: z.string(),
      /** The short link the message carried (`{origin}/s/{code}`). */
      url: z.string(),
      estado: z.enum(CLIENT_LINK_STATES),
      expira: z.string(),
    })
    .nullable(),
});
export type SmsMessage = z.infer<typeof smsMessageResponse>;

/** GET /api/casos/{id}/sms: what the SMS panel shows. */
export const caseSmsResponse = z.object({
  caso: z.number(),
  /** Whether Send SMS is offered now, and why not (the plan, an archived case). */
  enviar: z.object({ permitido: z.boolean(), motivo: z.string().nullable() }),
  /** The client's phone as a Colombian mobile in E.164, to fill the field; null when it is none. */
  telefono: z.string().nullable(),
  /** Whether this viewer may revoke the case's links (and end the client's session on the case). */
  revocar: z.boolean(),
  /** The client's open session on the case (they entered with a link), or null. */
  sesionCliente: z.object({ expira: z.string() }).nullable(),
  /** Newest first. */
  mensajes: z.array(smsMessageResponse),
});
export type CaseSms = z.infer<typeof caseSmsResponse>;

/** POST /api/casos/{id}/sms: '¡SMS enviado!' and the message as the outbox lists it. */
export const sendSmsResponse = z.object({ message: z.string(), mensaje: smsMessageResponse });
export type SendSmsResponse = z.infer<typeof sendSmsResponse>;

/** POST /api/casos/{id}/exportar: the request recorded in `exportaciones` (the SFTP job runs it later). */
export const exportRequestResponse = z.object({
  message: z.string(),
  exportacion: z.object({ id: z.string(), caso: z.number(), estado: z.string(), fechainicio: z.string() }),
});
export type ExportRequestResponse = z.infer<typeof exportRequestResponse>;
