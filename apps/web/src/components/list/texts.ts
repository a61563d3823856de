import type { Operator } from './types';
import { LABELS } from '@vialex/domain';

export const LIST_TEXTS = LABELS.list;

/** The operators as the criteria panel shows them (spec 1 §2). */
export const OPERATOR_LABELS: Record<Operator, string> = LABELS.operadores;
