import type { ReactNode } from 'react';
import { FILTER_OPERATORS, type CriterionInput, type FilterOperator, type WritablePage } from '@vialex/domain';

/** The lists' comparison operators (the list contracts, packages/domain/src/contracts/lists.ts). */
export const OPERATORS = FILTER_OPERATORS;
export type Operator = FilterOperator;

/**
 * How the criteria panel asks for a field's value (built from the list's contract: fields.ts):
 * - text: uppercased and trimmed (the spec's default for criteria values)
 * - email, exact: trimmed only (e-mail and cargo are compared as typed)
 * - int: a whole number, parsed here and again by the server
 * - bool, select: chosen from `options`, sent as-is (bool options carry 'true' / 'false')
 * - date: a day picked in a date field, sent as YYYY-MM-DD
 */
export type ListFieldType = 'text' | 'email' | 'exact' | 'int' | 'bool' | 'select' | 'date';

export interface ListFieldOption {
  value: string;
  label: string;
}

export interface ListField {
  field: string;
  label: string;
  type: ListFieldType;
  options?: readonly ListFieldOption[];
}

/** One criterion as the list endpoints read it from `?criteria=`, with an operator the lists know. */
export type Criterion = Omit<CriterionInput, 'op'> & { op: Operator };

export interface ListParams {
  criteria: Criterion[];
  cursor?: string;
  dir: 'next' | 'prev';
  limit: number;
}

/** The page a list screen pages through: a keyset page plus whether the viewer may write (the lists' contract). */
export type ListPage<T> = WritablePage<T>;

export type PageFetcher<T> = (params: ListParams, signal: AbortSignal) => Promise<ListPage<T>>;

export interface ListColumn<T> {
  key: string;
  header: string;
  /** Keeps a column readable when the table scrolls sideways. */
  minWidth?: number;
  align?: 'left' | 'right' | 'center';
  /**
   * Stays in view while the middle columns scroll sideways: 'left' for the columns a row is
   * identified by (Caso, Cliente), 'right' for the row's actions. A pinned column needs `width`
   * (its neighbours are placed at the sum of the widths before them) and cannot be hidden.
   */
  sticky?: 'left' | 'right';
  /** The column's fixed width in px: required when pinned. */
  width?: number;
  render: (row: T) => ReactNode;
}

/** A list's phone card: one row as a card (components/list/list-card.tsx lays it out). */
export type RenderCard<T> = (row: T) => ReactNode;
