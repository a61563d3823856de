import { z } from 'zod';
import { CARGOS } from '../cargos.js';
import { MSG, fmt } from '../messages.js';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import {
  PASSKEY_NAME_MAX,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_LENGTH,
  TOTP_DIGITS,
  normaliseRecoveryCode,
} from '../second-factor.js';
import { passwordsMatch, requiredText, strongPassword } from './common.js';

/** A code of the authenticator app: its 6 digits, spaces allowed ('123 456' as some apps show it). */
export const totpCodeField = z
  .string({ error: MSG.codigoTotpFormato })
  .max(20, MSG.codigoTotpFormato)
  .transform((s) => s.replace(/\s/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), MSG.codigoTotpFormato));

/** A recovery code as typed (case, dashes and spaces free), answered normalised. */
export const recoveryCodeField = z
  .string({ error: MSG.codigoRecuperacionFormato })
  .max(40, MSG.codigoRecuperacionFormato)
  .transform(normaliseRecoveryCode)
  .pipe(
    z
      .string()
      .regex(new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`), MSG.codigoRecuperacionFormato),
  );

/** Confirming the authenticator app with its first code. */
export const totpConfirmSchema = z.object({ codigo: totpCodeField });
export type TotpConfirmInput = z.input<typeof totpConfirmSchema>;

/** The sign-in's second step with a code: the app's, or a recovery code. */
export const secondStepSchema = z.discriminatedUnion('metodo', [
  z.object({ metodo: z.literal('totp'), codigo: totpCodeField }),
  z.object({ metodo: z.literal('recuperacion'), codigo: recoveryCodeField }),
]);
export type SecondStepInput = z.input<typeof secondStepSchema>;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/);

/**
 * What the browser answers to navigator.credentials.create() (@simplewebauthn/browser's JSON),
 * held to its shape and sizes; the server verifies the rest.
 */
export const passkeyRegistrationField = z.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(8000),
    attestationObject: base64url(64000),
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
});

/** What the browser answers to navigator.credentials.get(). */
export const passkeyAssertionField = z.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(8000),
    authenticatorData: base64url(8000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
});

/** A new passkey: the name of its device, and the browser's answer. */
export const passkeyRegistrationSchema = z.object({
  nombre: requiredText().pipe(z.string().max(PASSKEY_NAME_MAX, fmt(MSG.textoMuyLargo, { max: PASSKEY_NAME_MAX }))),
  respuesta: passkeyRegistrationField,
});
export type PasskeyRegistrationInput = z.input<typeof passkeyRegistrationSchema>;

export const passkeyAssertionSchema = z.object({ respuesta: passkeyAssertionField });

/** Proving the password again before changing one's factors (Mi perfil). */
export const confirmIdentitySchema = z.object({
  password: z
    .string({ error: MSG.contrasenaRequerida })
    .min(1, MSG.contrasenaRequerida)
    .max(PASSWORD_MAX_LENGTH, fmt(MSG.textoMuyLargo, { max: PASSWORD_MAX_LENGTH })),
});
export type ConfirmIdentityInput = z.input<typeof confirmIdentitySchema>;

/** The cargos that must have a second factor (the Administrador), each at most once. */
export const requiredCargosSchema = z.object({
  cargos: z
    .array(z.enum(CARGOS, { error: MSG.campoRequerido }))
    .max(CARGOS.length)
    .transform((list) => [...new Set(list)]),
});
export type RequiredCargosInput = z.input<typeof requiredCargosSchema>;

/**
 * An administrator's reset of another user's password; `quitarSegundoFactor` also removes the
 * user's second factor (a lost phone), only when asked.
 */
export const resetPasswordSchema = z
  .object({
    password: strongPassword,
    confirmPassword: z.string({ error: MSG.campoRequerido }).min(1, MSG.campoRequerido),
    quitarSegundoFactor: z.boolean().optional(),
  })
  .refine(...passwordsMatch);
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
