import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import { MSG } from '@vialex/domain';
import { badRequest } from './errors.js';

/*
 * New passwords (a user created by an administrator or from the console, an administrator's
 * reset, one's own change) are screened besides the rules of the forms: a password that
 * zxcvbn-ts (the maintained TypeScript port of Dropbox's estimator) scores below 3 — under about
 * 10^8 guesses — or that is on its list of common passwords (even with capitals or l33t: 'P@ssw0rd1',
 * 'password1A!') is refused. Its dictionaries (common passwords, keyboard patterns, Spanish words,
 * names and surnames; several MB) are loaded on the first check only, once per process, and only
 * here: the web never imports this module.
 *
 * The estimate runs on the event loop. At most MAX_CHECKED characters are looked at and l33t
 * substitutions are capped: the slowest password found (64 l33t-heavy characters) takes about
 * 60 ms instead of 0.9 s, and the routes that call this are limited per user (password-limits.ts).
 */
export const MIN_PASSWORD_SCORE = 3;
const MAX_CHECKED = 64;

let loading: Promise<ZxcvbnFactory> | undefined;

function estimator(): Promise<ZxcvbnFactory> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, es] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-es-es'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...es.dictionary },
      graphs: common.adjacencyGraphs,
      maxLength: MAX_CHECKED,
      l33tMaxSubstitutions: 10,
    });
  })().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/**
 * What the account says about its user (names, e-mail, numbers), whole and word by word, for the
 * estimate. Of an e-mail only the part before the @ counts word by word: the domain is everyone's
 * (the demo and test accounts' domain is vialex.test, and their password Vialex2026*).
 */
function userWords(userInputs: (string | number | null | undefined)[]): string[] {
  const values = userInputs.flatMap((v) => (v === null || v === undefined ? [] : [String(v).trim().toLowerCase()]));
  const words = values.flatMap((v) => v.split('@')[0].split(/[^\p{L}\p{N}]+/u));
  return [...new Set([...values, ...words])].filter((w) => w.length >= 3);
}

/** Whether the whole password (as far as it is looked at) is one entry of the common-password list. */
const onCommonList = (result: ZxcvbnResult, checked: number) =>
  result.sequence.some(
    (m) => m.pattern === 'dictionary' && m.dictionaryName === 'passwords-common' && m.i === 0 && m.j === checked - 1,
  );

/**
 * Whether a new password is common or easy to guess. `userInputs` are what the account says about
 * its user (names, e-mail, identification): a password built on them is easier to guess.
 */
export async function isGuessablePassword(
  password: string,
  userInputs: (string | number | null | undefined)[] = [],
): Promise<boolean> {
  const result = (await estimator()).check(password, userWords(userInputs));
  return result.score < MIN_PASSWORD_SCORE || onCommonList(result, Math.min(password.length, MAX_CHECKED));
}

/** Refuses a guessable new password with 400 'La contraseña es muy común…' on its field; nothing is written. */
export async function assertPasswordNotGuessable(
  password: string,
  userInputs: (string | number | null | undefined)[] = [],
  field = 'password',
): Promise<void> {
  if (await isGuessablePassword(password, userInputs))
    throw badRequest(MSG.passComun, [{ path: field, message: MSG.passComun }]);
}
