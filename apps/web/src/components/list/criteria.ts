import { MSG } from '@vialex/domain';
import { OPERATORS, type Criterion, type ListField, type ListFieldType, type Operator } from './types';

/** A criteria row as the panel's form holds it: everything a string until it is sent. */
export interface CriterionRow {
  field: string;
  op: string;
  value: string;
}

export const EMPTY_ROW: CriterionRow = { field: '', op: '', value: '' };

const CHOICE_TYPES: readonly ListFieldType[] = ['bool', 'select'];

/** Ordering a yes/no or a pick-list value makes no sense, so those fields only offer = and ≠. */
export function operatorsFor(field: ListField | undefined): readonly Operator[] {
  return field && CHOICE_TYPES.includes(field.type) ? ['eq', 'ne'] : OPERATORS;
}

export function isChoice(field: ListField | undefined): boolean {
  return !!field && CHOICE_TYPES.includes(field.type);
}

/** A real calendar day written YYYY-MM-DD (what a date field gives). */
function isDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10) === value;
}

/** The message a row's value gets, or null when it can be sent. */
export function valueError(field: ListField | undefined, raw: string): string | null {
  const value = raw.trim();
  if (!value) return MSG.campoRequerido;
  // Same rule as the server: digits only, and no bigger than a whole number can be exactly.
  if (field?.type === 'int' && (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))))
    return MSG.debeSerNumero;
  if (field?.type === 'date' && !isDay(value)) return MSG.fechaNoValida;
  return null;
}

/**
 * The value as the server expects it (spec 1 §5): text uppercased and trimmed, except e-mail
 * and exact fields (cargo); whole numbers parsed; yes/no as a boolean.
 */
export function normalizeValue(field: ListField, raw: string): Criterion['value'] {
  const value = raw.trim();
  switch (field.type) {
    case 'text':
      return value.toUpperCase();
    case 'int':
      return Number.parseInt(value, 10);
    case 'bool':
      return value === 'true';
    default:
      return value;
  }
}

/** Rows of a valid form to the request's criteria (rows of unknown fields are dropped). */
export function toCriteria(rows: readonly CriterionRow[], fields: readonly ListField[]): Criterion[] {
  return rows.flatMap((row) => {
    const field = fields.find((f) => f.field === row.field);
    if (!field || !(OPERATORS as readonly string[]).includes(row.op)) return [];
    return [{ field: field.field, op: row.op as Operator, value: normalizeValue(field, row.value) }];
  });
}
