import { MSG } from '../messages.js';

/**
 * A policy's answer: allowed, or the spec's refusal — the HTTP status, a stable code and the
 * Spanish message the server answers with (and the form field it concerns, if any).
 */
export type Decision = Allowed | Refusal;

export interface Allowed {
  allowed: true;
}

export interface Refusal {
  allowed: false;
  status: 400 | 403 | 404 | 409 | 422;
  code: string;
  message: string;
  /** The form field the refusal is about: answered as an issue on that path. */
  field?: string;
  /**
   * The action stays offered although this refusal is certain: its answer tells the user why
   * (a Perito on a plan without the service, docs/decisions.md).
   */
  offered?: true;
}

export const ALLOWED: Allowed = Object.freeze({ allowed: true });

export const refuse = {
  /** 403 'Usuario no autorizado': the cargo may not do this. */
  forbidden: (): Refusal => ({ allowed: false, status: 403, code: 'FORBIDDEN', message: MSG.noAutorizado }),
  /** 400: the resource's state (or a value) does not allow it. */
  invalid: (message: string, field?: string): Refusal =>
    field
      ? { allowed: false, status: 400, code: 'VALIDATION', message, field }
      : { allowed: false, status: 400, code: 'VALIDATION', message },
  /** 409: it was already done, or somebody else did it first. */
  conflict: (code: string, message: string): Refusal => ({ allowed: false, status: 409, code, message }),
} as const;

/** Whether the action is shown: allowed, or refused with an answer meant to be read. */
export function isOffered(decision: Decision): boolean {
  return decision.allowed || decision.offered === true;
}
