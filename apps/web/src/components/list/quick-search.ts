import { MSG } from '@vialex/domain';
import type { Criterion } from './types';

/** What a phone's single search field found in the text: the list's criteria, or why it can't search. */
export type QuickCriteria = Criterion[] | { error: string };

/**
 * The phone's one search field of a list (the full criteria panel stays behind 'Más filtros'):
 * its label says what may be typed, `toCriteria` turns the text into the list's criteria, in the
 * fields and operators of the list's contract (the server validates them as any other).
 */
export interface QuickSearch {
  label: string;
  toCriteria: (text: string) => QuickCriteria;
}

const INT32_MAX = 2_147_483_647;

/** Digits only (a leading '#' allowed: people say "caso #12"), as a number; null when it is not one. */
export function wholeNumber(text: string, max = Number.MAX_SAFE_INTEGER): number | 'too-big' | null {
  const digits = text.trim().replace(/^#\s*/, '');
  if (!/^\d+$/.test(digits)) return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) && n <= max ? n : 'too-big';
}

/**
 * "Starts with" for a text field that the lists compare uppercased: the range [P, P′) where P′
 * is P with its last character's successor, so it needs only the contract's ≥ and < operators.
 */
export function startsWith(field: string, text: string): Criterion[] {
  const p = text.trim().toUpperCase();
  if (!p) return [];
  const last = p.codePointAt(p.length - 1)!;
  const upper = p.slice(0, -String.fromCodePoint(last).length) + String.fromCodePoint(last + 1);
  return [
    { field, op: 'gte', value: p },
    { field, op: 'lt', value: upper },
  ];
}

/**
 * A person by name: one word is the start of the first names, several are the start of the
 * first names (the first word) and of the surnames (the last word): 'ana ruiz' finds ANA MARÍA
 * RUIZ GÓMEZ. The lists compare with = and ranges only, so this is the closest to "contains".
 */
export function personName(text: string, fields = { nombres: 'nombres', apellidos: 'apellidos' }): Criterion[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  return [
    ...startsWith(fields.nombres, words[0]!),
    ...(words.length > 1 ? startsWith(fields.apellidos, words[words.length - 1]!) : []),
  ];
}

/** Users: text with '@' is the e-mail (=, as the list compares it, lower-cased), else the name. */
export function nameOrEmail(text: string): QuickCriteria {
  const t = text.trim();
  if (t.includes('@')) return [{ field: 'email', op: 'eq', value: t.toLowerCase() }];
  return personName(t);
}

/** Cases: digits are the case number (Caso =), anything else the plate (Placa =, without spaces or dashes). */
export function caseOrPlate(text: string): QuickCriteria {
  const t = text.trim();
  if (!t) return [];
  const n = wholeNumber(t, INT32_MAX);
  if (n === 'too-big') return { error: MSG.numeroFueraDeRango };
  if (n !== null) return [{ field: 'caso', op: 'eq', value: n }];
  return [{ field: 'placa', op: 'eq', value: t.replace(/[\s-]/g, '').toUpperCase() }];
}

/** Clients: digits are the identification number (=), anything else the name (see nameOrEmail). */
export function identificationOrName(text: string): QuickCriteria {
  const n = wholeNumber(text);
  if (n === 'too-big') return { error: MSG.numeroFueraDeRango };
  if (n !== null) return [{ field: 'identificacion', op: 'eq', value: n }];
  return personName(text);
}
