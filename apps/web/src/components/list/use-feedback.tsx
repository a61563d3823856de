import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { MSG } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { MessageDialog, type MessageKind } from '../message-dialog';

interface Shown {
  kind: MessageKind;
  title?: string;
  message?: string;
}

export interface FormTarget<F extends FieldValues> {
  setError: UseFormSetError<F>;
  /** The form's fields: a server issue on one of them is shown under it instead of in a popup. */
  fields: readonly Path<F>[];
}

/** Refusals the spec titles with their own word instead of 'Oops...' (spec 2 §8). */
const ERROR_TITLES: Record<string, string> = { PLAN_DENIED: MSG.operacionDenegada };

/**
 * The spec's popups for a screen (spec 1 §8): 'Operación Exitosa' (or a success title of the
 * action's own, like 'Caso Archivado'), 'Usuario no autorizado' as an info notice, and 'Oops...'
 * with the server's message for any other failure.
 */
export function useFeedback() {
  const [shown, setShown] = useState<Shown | null>(null);
  // Kept while the dialog fades out, so its text doesn't vanish mid-transition.
  const [last, setLast] = useState<Shown>({ kind: 'success' });
  const show = (s: Shown) => {
    setLast(s);
    setShown(s);
  };

  const success = (message?: string, title?: string) =>
    show({ kind: 'success', title, message: message === title ? undefined : message });
  const unauthorized = () => show({ kind: 'info', title: MSG.noAutorizado });
  const error = (message: string, title?: string) => show({ kind: 'error', title, message });

  /** Shows a failed request; field errors of a 400 go onto the form when one is given. */
  function fail<F extends FieldValues>(e: unknown, form?: FormTarget<F>): void {
    if (!isApiError(e)) return error(MSG.algoSalioMal);
    if (e.status === 403) return unauthorized();
    if (ERROR_TITLES[e.code]) return error(e.message, ERROR_TITLES[e.code]);
    if (form && e.status === 400 && e.body.issues?.length) {
      const known = e.body.issues.filter((i) => (form.fields as readonly string[]).includes(i.path));
      for (const issue of known) form.setError(issue.path as Path<F>, { type: 'server', message: issue.message });
      if (known.length) return;
    }
    error(e.message);
  }

  const element = (
    <MessageDialog
      open={shown !== null}
      kind={last.kind}
      title={last.title}
      message={last.message}
      onClose={() => setShown(null)}
    />
  );

  return { success, unauthorized, error, fail, element };
}

export type Feedback = ReturnType<typeof useFeedback>;
