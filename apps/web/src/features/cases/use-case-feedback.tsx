import { useState } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { MSG } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { MessageDialog, type MessageKind } from '../../components/message-dialog';
import type { FormTarget } from '../../components/list/use-feedback';

interface Shown {
  kind: MessageKind;
  title?: string;
  message?: string;
}

/**
 * components/list/use-feedback.tsx plus what the case popups need: a title of their own on
 * success ('Caso Archivado', 'OPERACIÓN EXITOSA.') and the 'Operación denegada' refusal.
 */
export function useCaseFeedback() {
  const [shown, setShown] = useState<Shown | null>(null);
  // Kept while the dialog fades out, so its text doesn't vanish mid-transition.
  const [last, setLast] = useState<Shown>({ kind: 'success' });
  const show = (s: Shown) => {
    setLast(s);
    setShown(s);
  };

  const success = (title: string = MSG.exito, message?: string) => show({ kind: 'success', title, message: message === title ? undefined : message });
  const unauthorized = () => show({ kind: 'info', title: MSG.noAutorizado });
  const error = (message: string, title?: string) => show({ kind: 'error', title, message });

  /** Shows a failed request; field errors of a 400 go onto the form when one is given. */
  function fail<F extends FieldValues>(e: unknown, form?: FormTarget<F>): void {
    if (!isApiError(e)) return error(MSG.algoSalioMal);
    if (e.status === 403) return unauthorized();
    if (e.code === 'PLAN_DENIED') return error(MSG.planSinServicio, MSG.operacionDenegada);
    if (form && e.status === 400 && e.body.issues?.length) {
      const known = e.body.issues.filter((i) => (form.fields as readonly string[]).includes(i.path));
      for (const issue of known) form.setError(issue.path as Path<F>, { type: 'server', message: issue.message });
      if (known.length) return;
    }
    error(e.message);
  }

  const element = (
    <MessageDialog open={shown !== null} kind={last.kind} title={last.title} message={last.message} onClose={() => setShown(null)} />
  );

  return { success, unauthorized, error, fail, element };
}

export type CaseFeedback = ReturnType<typeof useCaseFeedback>;
