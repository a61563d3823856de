import { z } from 'zod';
import { MSG, fmt } from '../messages.js';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { emailField, passwordsMatch, strongPassword } from './common.js';
import { DISPONIBILIDADES } from '../availability.js';

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: MSG.contrasenaRequerida })
    .min(1, MSG.contrasenaRequerida)
    .max(PASSWORD_MAX_LENGTH, fmt(MSG.textoMuyLargo, { max: PASSWORD_MAX_LENGTH })),
});
export type LoginInput = z.input<typeof loginSchema>;

/** "Seguir conectado": the signed-in user's password again, checked as a sign-in checks it. */
export const renewSessionSchema = loginSchema.pick({ password: true });
export type RenewSessionInput = z.input<typeof renewSessionSchema>;

/**
 * Change own password (key button): the current password first (decisions.md D19), then the new
 * one and its confirmation. The server checks the current one against the account.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: MSG.campoRequerido })
      .min(1, MSG.campoRequerido)
      .max(PASSWORD_MAX_LENGTH, fmt(MSG.textoMuyLargo, { max: PASSWORD_MAX_LENGTH })),
    password: strongPassword,
    confirmPassword: z.string({ error: MSG.campoRequerido }).min(1, MSG.campoRequerido),
  })
  .refine(...passwordsMatch);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const availabilitySchema = z.object({
  disponibilidad: z.enum(DISPONIBILIDADES as [string, ...string[]], { error: MSG.campoRequerido }),
});

export const locationSchema = z.object({
  lat: z.number().min(-90).max(90),
  long: z.number().min(-180).max(180),
});

export const gpsSchema = z.object({ gps: z.boolean() });
