import { z } from 'zod';
import { MSG, fmt } from '../messages.js';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARS,
  TEXT_MAX_LENGTH,
} from '../constants.js';

// zod's own messages (a wrong type, an unknown option) in Spanish, for the server and the web
// alike; every schema here imports this module, so the setting is made wherever one is used.
// One exception: JSON's 1e400 parses to Infinity, a number zod refuses as "se esperaba número,
// recibido número"; such a value is out of range, and says so.
const spanish = z.locales.es();
z.config({
  localeError: (issue) =>
    issue.code === 'invalid_type' && typeof issue.input === 'number' && !Number.isFinite(issue.input)
      ? MSG.numeroFueraDeRango
      : spanish.localeError(issue),
});

const tooLong = (max: number) => fmt(MSG.textoMuyLargo, { max });

/** Trimmed text that must be present and not longer than TEXT_MAX_LENGTH. */
export const requiredText = (message: string = MSG.campoRequerido) =>
  z.string({ error: message }).trim().min(1, message).max(TEXT_MAX_LENGTH, tooLong(TEXT_MAX_LENGTH));

/** Text that is trimmed and uppercased on save (spec 1 §5). */
export const upperText = (message: string = MSG.campoRequerido) =>
  z
    .string({ error: message })
    .transform((s) => s.trim().toUpperCase())
    .pipe(z.string().min(1, message).max(TEXT_MAX_LENGTH, tooLong(TEXT_MAX_LENGTH)));

/** A whole number typed in a text field or sent as a number. */
export const integerField = (message: string = MSG.debeSerNumero) =>
  z.union([z.number(), z.string()], { error: MSG.campoRequerido }).transform((v, ctx) => {
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
  .max(EMAIL_MAX_LENGTH, { message: tooLong(EMAIL_MAX_LENGTH), abort: true })
  .regex(/^[^\s@]+@[^\s@]+$/, MSG.correoInvalido)
  .transform((s) => s.toLowerCase());

/** The password rules of spec 1 §5 plus the minimum length (decisions.md D19), shared by every password form. */
export const strongPassword = z
  .string({ error: MSG.campoRequerido })
  .min(1, { message: MSG.campoRequerido, abort: true })
  .min(PASSWORD_MIN_LENGTH, fmt(MSG.passMinimo, { min: PASSWORD_MIN_LENGTH }))
  .max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH))
  // Any capital or lower-case letter, accented ones (Á, Ñ, é, ñ) included.
  .regex(/\p{Lu}/u, MSG.passMayuscula)
  .regex(/\p{Ll}/u, MSG.passMinuscula)
  .regex(/\d/, MSG.passNumero)
  .regex(new RegExp(`[${PASSWORD_SPECIAL_CHARS}]`), MSG.passEspecial);

const confirmField = z.string({ error: MSG.campoRequerido }).min(1, MSG.campoRequerido);

/**
 * The equality rule as a refinement any password form can add. `when` lets it run as soon as
 * both fields are strings, even while other fields still have errors (zod skips object-level
 * checks on an object with issues otherwise), so the mismatch shows together with the rest.
 */
export const passwordsMatch: [
  (v: { password: string; confirmPassword: string }) => boolean,
  { message: string; path: PropertyKey[]; when: (payload: { value: unknown }) => boolean },
] = [
  (v) => v.password === v.confirmPassword,
  {
    message: MSG.passNoCoinciden,
    path: ['confirmPassword'],
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown };
      return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string' && v.confirmPassword !== '';
    },
  },
];

/** A new password and its confirmation; the confirmation must match. */
export const passwordPair = z
  .object({ password: strongPassword, confirmPassword: confirmField })
  .refine(...passwordsMatch);
export type PasswordPairInput = z.input<typeof passwordPair>;
