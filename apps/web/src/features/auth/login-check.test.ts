// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, loginSchema } from '@vialex/domain';
import { checkLogin, type LoginValues } from './login-check';

/** What the domain schema answers: the first message of each field, and the parsed body. */
function bySchema(values: LoginValues) {
  const r = loginSchema.safeParse(values);
  if (r.success) return { errors: {}, payload: r.data };
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors };
}

const EMAILS = [
  '',
  '   ',
  'a',
  'a@',
  '@b',
  'a@b',
  ' Ana@Vialex.Test ',
  'ana maria@vialex.test',
  'ana@@vialex.test',
  'ANA@VIALEX.TEST',
  `${'a'.repeat(EMAIL_MAX_LENGTH - 2)}@b`,
  `${'a'.repeat(EMAIL_MAX_LENGTH)}@b`,
  `  ${'a'.repeat(EMAIL_MAX_LENGTH - 2)}@b  `,
];
const PASSWORDS = ['', ' ', 'x', 'Vialex2026*', 'p'.repeat(PASSWORD_MAX_LENGTH), 'p'.repeat(PASSWORD_MAX_LENGTH + 1)];

describe('checkLogin', () => {
  it('answers what the domain loginSchema answers, message for message', () => {
    for (const email of EMAILS) {
      for (const password of PASSWORDS) {
        expect(checkLogin({ email, password }), JSON.stringify({ email, password })).toEqual(
          bySchema({ email, password }),
        );
      }
    }
  });
});
