import { VERIFICACIONES, type CaseInput } from '@vialex/domain';
import { readStored, writeStored } from '../../lib/stored-json';
import { CASE_FORM_FIELDS } from './case-form-values';

/**
 * What the case form keeps in this browser, per user: the half-typed case of an open NUEVO or
 * Cronos dialog (so an expired session or a closed tab does not lose it), and the Empresa and
 * Verificación of the user's last case, offered again for the next one. Storage that is full or
 * blocked (private mode) only means nothing is kept.
 */

export type DraftKind = 'new' | 'cronos';

/** A draft older than this is dropped instead of restored. */
export const CASE_DRAFT_MAX_AGE_MS = 24 * 60 * 60_000;

export interface CaseDraft {
  values: Partial<CaseInput>;
  savedAt: number;
}

const draftKey = (user: string, kind: DraftKind) => `vialex:borrador-caso:${user}:${kind}`;
const defaultsKey = (user: string) => `vialex:ultimo-caso:${user}`;

const read = (key: string) => readStored('local', key);
const write = (key: string, value: unknown) => writeStored('local', key, value);

/** Only the form's own fields, as the strings the form holds. */
function formFields(values: unknown): Partial<CaseInput> {
  const out: Record<string, string> = {};
  if (!values || typeof values !== 'object') return out;
  for (const field of CASE_FORM_FIELDS) {
    const v = (values as Record<string, unknown>)[field];
    if (typeof v === 'string' || typeof v === 'number') out[field] = String(v);
  }
  return out as Partial<CaseInput>;
}

export function loadDraft(user: string, kind: DraftKind, now = Date.now()): CaseDraft | null {
  const stored = read(draftKey(user, kind)) as { values?: unknown; savedAt?: unknown } | null;
  if (!stored || typeof stored.savedAt !== 'number' || now - stored.savedAt > CASE_DRAFT_MAX_AGE_MS) return null;
  return { values: formFields(stored.values), savedAt: stored.savedAt };
}

export function saveDraft(user: string, kind: DraftKind, values: Partial<CaseInput>, now = Date.now()): void {
  write(draftKey(user, kind), { values: formFields(values), savedAt: now });
}

export function clearDraft(user: string, kind: DraftKind): void {
  write(draftKey(user, kind), null);
}

/** The Empresa and Verificación of the user's last case, for the next one. */
export function loadCaseDefaults(user: string): Partial<CaseInput> {
  const stored = read(defaultsKey(user)) as { uidempresa?: unknown; verificacion?: unknown } | null;
  const out: Partial<CaseInput> = {};
  if (typeof stored?.uidempresa === 'string' && stored.uidempresa) out.uidempresa = stored.uidempresa;
  if ((VERIFICACIONES as readonly unknown[]).includes(stored?.verificacion))
    out.verificacion = stored!.verificacion as CaseInput['verificacion'];
  return out;
}

export function rememberCaseDefaults(user: string, values: Pick<CaseInput, 'uidempresa' | 'verificacion'>): void {
  write(defaultsKey(user), { uidempresa: values.uidempresa, verificacion: values.verificacion });
}

/** Whether the form holds anything beyond what it started with (only then is a draft worth keeping). */
export function differsFrom(values: Partial<CaseInput>, start: Partial<CaseInput>): boolean {
  const a = formFields(values) as Record<string, string>;
  const b = formFields(start) as Record<string, string>;
  return CASE_FORM_FIELDS.some((f) => (a[f] ?? '') !== (b[f] ?? ''));
}
