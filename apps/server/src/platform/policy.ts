import type { Decision } from '@vialex/domain';
import { AppError } from './errors.js';

/**
 * Applies a domain policy's decision (packages/domain/src/policies): a refusal becomes the answer
 * the spec gives — its status, code and message, and an issue on the field it concerns.
 */
export function enforce(decision: Decision): void {
  if (decision.allowed) return;
  const { status, code, message, field } = decision;
  throw new AppError(status, code, message, field ? [{ path: field, message }] : undefined);
}
