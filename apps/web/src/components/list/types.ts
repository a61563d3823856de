import type { ReactNode } from 'react';

/** The server's comparison operators (platform/list-query.ts). */
export const OPERATORS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'] as const;
export type Operator = (typeof OPERATORS)[number];

/**
 * How a list field is searched:
 * - text: uppercased and trimmed (the spec's default for criteria values)
 * - email, exact: trimmed only (e-mail and cargo are compared as typed)
 * - int: a whole number, parsed here and again by the server
 * - bool, select: chosen from `options`, sent as-is (bool options carry 'true' / 'false')
 */
export type ListFieldType = 'text' | 'email' | 'exact' | 'int' | 'bool' | 'select';

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

/** One criterion as the list endpoints read it from `?criteria=`. */
export interface Criterion {
  field: string;
  op: Operator;
  value: string | number | boolean;
}

export interface ListParams {
  criteria: Criterion[];
  cursor?: string;
  dir: 'next' | 'prev';
  limit: number;
}

/** Every list endpoint answers a keyset page plus what the viewer may write. */
export interface ListPage<T> {
  rows: T[];
  nextCursor: string | null;
  prevCursor: string | null;
  permissions: { write: boolean };
}

export type PageFetcher<T> = (params: ListParams, signal: AbortSignal) => Promise<ListPage<T>>;

export interface ListColumn<T> {
  key: string;
  header: string;
  /** Keeps a column readable when the table scrolls sideways on a phone. */
  minWidth?: number;
  align?: 'left' | 'right' | 'center';
  /** Stays in view at the right edge while the table scrolls sideways (row actions). */
  stickyRight?: boolean;
  render: (row: T) => ReactNode;
}
