import { z } from 'zod';
import { MSG } from '../messages.js';
import { PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../constants.js';

/**
 * List contracts: which fields a list may be searched by and how each value is read, the
 * operators and the page sizes. The server builds its whitelist (field → column) from a list's
 * contract; the web builds its criteria panel's fields from the same contract.
 */
export const FILTER_OPERATORS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export type FilterType =
  /** Text compared uppercased and trimmed (the spec's default for filter values). */
  | 'upper'
  /** Text compared as typed, trimmed (cargo, availability, phone). */
  | 'exact'
  /** Text trimmed and lower-cased. */
  | 'email'
  /** A 32-bit whole number (case number, session minutes). */
  | 'int'
  /** A whole number up to JavaScript's safe integers (identification numbers). */
  | 'bigint'
  | 'bool'
  /** A day, YYYY-MM-DD, compared with the Bogotá day of a timestamp column (creado). */
  | 'date';

export interface FilterSpec {
  type: FilterType;
  /** The values the field holds, when it is a closed list (the web offers them to pick from). */
  options?: readonly string[];
  /** Special values the server reads as another value, e.g. 'Activo' meaning true. */
  aliases?: Readonly<Record<string, string | number | boolean>>;
}

export interface ListContract<F extends string = string> {
  filters: { readonly [K in F]: FilterSpec };
  /** Page sizes a request may ask for (`limit`). */
  pageSizes: readonly number[];
  defaultPageSize: number;
  /** Criteria one request may carry. */
  maxCriteria: number;
}

export const MAX_CRITERIA = 10;

/** A list's contract with the common paging rules. */
export function listContract<F extends string>(filters: { readonly [K in F]: FilterSpec }): ListContract<F> {
  return { filters, pageSizes: PAGE_SIZE_OPTIONS, defaultPageSize: PAGE_SIZE, maxCriteria: MAX_CRITERIA };
}

/** The field names of a list contract. */
export type FilterName<L> = L extends ListContract<infer F> ? F : never;

/** One criterion as the list endpoints read it from `?criteria=` (a JSON array of these). */
export const criterionSchema = z.object({
  field: z.string().min(1, MSG.campoRequerido),
  op: z.string().min(1, MSG.campoRequerido),
  value: z.union([z.string(), z.number(), z.boolean()]),
});
export type CriterionInput = z.infer<typeof criterionSchema>;

/** Query string of every list: criteria (JSON array), cursor, direction and page size. */
export const listQuerySchema = z.object({
  criteria: z.string().optional(),
  cursor: z.string().optional(),
  dir: z.enum(['next', 'prev']).default('next'),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n), {
      message: `Tamaño de página: ${PAGE_SIZE_OPTIONS.join(', ')}`,
    })
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
