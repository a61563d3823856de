import type { FilterType, ListContract } from '@vialex/domain';
import type { ListField, ListFieldOption, ListFieldType } from './types';

/** How the panel asks for a value of each filter type; the server reads it by the same type. */
const PANEL_TYPE: Record<FilterType, ListFieldType> = {
  upper: 'text',
  exact: 'exact',
  email: 'email',
  int: 'int',
  bigint: 'int',
  bool: 'bool',
  date: 'date',
};

/** A field's label, or its label and the labelled values to pick from (yes/no fields, named options). */
export type FieldLabel = string | { label: string; options: readonly ListFieldOption[] };

/**
 * The criteria panel's fields of a list: its contract's fields, in the contract's order, with
 * the screen's labels. Every field of the contract must be labelled, so a field added to or
 * dropped from a list contract breaks the build until the screen follows. A field with a closed
 * list of values is picked from them; a yes/no field needs its two labelled options.
 */
export function listFields<F extends string>(
  list: ListContract<F>,
  labels: { readonly [K in F]: FieldLabel },
): readonly ListField[] {
  return (Object.keys(list.filters) as F[]).map((field) => {
    const spec = list.filters[field];
    const named = labels[field];
    const label = typeof named === 'string' ? named : named.label;
    const options = typeof named === 'string' ? spec.options?.map((v) => ({ value: v, label: v })) : named.options;
    if (spec.type === 'bool' && !options) throw new Error(`list field ${field}: a yes/no field needs its options`);
    const type = spec.type !== 'bool' && options ? 'select' : PANEL_TYPE[spec.type];
    return options ? { field, label, type, options } : { field, label, type };
  });
}
