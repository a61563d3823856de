import type { z } from 'zod';
import { EMAIL_MAX_LENGTH, MSG, PASSWORD_MAX_LENGTH, fmt } from '@vialex/domain';
import type { loginSchema } from '@vialex/domain';

export type LoginValues = z.input<typeof loginSchema>;
export type LoginPayload = z.output<typeof loginSchema>;
export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/**
 * The sign-in form's check: the rules and messages of the domain's loginSchema, written out so
 * the sign-in screen loads neither zod nor a form library (login-check.test.ts holds it to the
 * schema). The server checks the same body with the schema itself.
 */
export function checkLogin(values: LoginValues): { errors: LoginErrors; payload?: LoginPayload } {
  const errors: LoginErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = MSG.correoRequerido;
  else if (email.length > EMAIL_MAX_LENGTH) errors.email = fmt(MSG.textoMuyLargo, { max: EMAIL_MAX_LENGTH });
  else if (!/^[^\s@]+@[^\s@]+$/.test(email)) errors.email = MSG.correoInvalido;
  if (!values.password) errors.password = MSG.contrasenaRequerida;
  else if (values.password.length > PASSWORD_MAX_LENGTH)
    errors.password = fmt(MSG.textoMuyLargo, { max: PASSWORD_MAX_LENGTH });
  if (errors.email || errors.password) return { errors };
  return { errors, payload: { email: email.toLowerCase(), password: values.password } };
}
