import { z } from 'zod';
import { MSG, fmt } from '../messages.js';
import { PASSWORD_MIN_LENGTH } from '../constants.js';

/** Text that is trimmed and uppercased on save (spec 1 §5). */
export const upperText = (message: string = MSG.campoRequerido) =>
  z
    .string({ error: message })
    .transform((s) => s.trim().toUpperCase())
    .pipe(z.string().min(1, message));

/** A whole number typed in a text field or sent as a number. */
export const integerField = (message: string = MSG.debeSerNumero) =>
  z
    .union([z.number(), z.string()], { error: MSG.campoRequerido })
    .transform((v, ctx) => {
      const s = String(v).trim();
      if (s === '') {
        ctx.addIssue({ code: 'custom', message: MSG.campoRequerido });
        return z.NEVER;
      }
      if (!/^\d+$/.test(s) || !Number.isSafeInteger(Number(s))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(s);
    });

/** E-mail with "an @ between text" (spec 1 §5). */
export const emailField = z
  .string({ error: MSG.correoRequerido })
  .trim()
  .min(1, { message: MSG.correoRequerido, abort: true })
  .regex(/^[^\s@]+@[^\s@]+$/, MSG.correoInvalido)
  .transform((s) => s.toLowerCase());

/** The password rules of spec 1 §5, shared by every password form. */
export const strongPassword = z
  .string({ error: MSG.campoRequerido })
  .min(1, { message: MSG.campoRequerido, abort: true })
  .min(PASSWORD_MIN_LENGTH, fmt(MSG.passMinimo, { min: PASSWORD_MIN_LENGTH }))
  .regex(/[A-Z]/, MSG.passMayuscula)
  .regex(/[a-z]/, MSG.passMinuscula)
  .regex(/\d/, MSG.passNumero)
  .regex(/[$@!%*#?&]/, MSG.passEspecial);

/** A new password and its confirmation; the confirmation must match. */
export const passwordPair = z
  .object({
    password: strongPassword,
    confirmPassword: z.string({ error: MSG.campoRequerido }).min(1, MSG.campoRequerido),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passNoCoinciden, path: ['confirmPassword'] });
