import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { green } from '@mui/material/colors';
import { FEEDBACK, MSG, SUCCESS_TOAST_MS, fmt } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { showToast } from '../../lib/toasts';
import { MessageDialog, type MessageKind } from '../message-dialog';

/** The toast type of every success (spec 3 §9: one toast per type on screen). */
export const SUCCESS_TOAST_TYPE = 'exito';

/** 'Operación Exitosa · caso #12 creado': the spec's title, then what happened to which object. */
export function successText(title: string = MSG.exito, detail?: string): string {
  return detail && detail !== title ? fmt(FEEDBACK.toast, { titulo: title, detalle: detail }) : title;
}

/**
 * A success as a toast at the bottom of the screen that hides by itself and blocks nothing:
 * one at a time, a newer success taking the place of the one on screen.
 */
export function showSuccess(title?: string, detail?: string): void {
  showToast(SUCCESS_TOAST_TYPE, <span data-testid="success-toast">{successText(title, detail)}</span>, {
    variant: 'success',
    // notistack's own green (#43a047) gives white text 3.3:1; MUI's green 800 gives 5.1:1 (AA).
    style: { backgroundColor: green[800] },
    autoHideDuration: SUCCESS_TOAST_MS,
    anchorOrigin: { vertical: 'bottom', horizontal: 'center' },
  });
}

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
 * The spec's messages for a screen (spec 1 §8): a success is a toast with 'Operación Exitosa' (or
 * a success title of the action's own, like 'Caso Archivado') naming the object; 'Usuario no
 * autorizado' is an info popup, and any other failure the 'Oops...' popup with the server's message.
 */
export function useFeedback() {
  const [shown, setShown] = useState<Shown | null>(null);
  // Kept while the dialog fades out, so its text doesn't vanish mid-transition.
  const [last, setLast] = useState<Shown>({ kind: 'info' });
  const show = (s: Shown) => {
    setLast(s);
    setShown(s);
  };

  /** `detail` names what happened to which object ('caso #12 creado'); `title` replaces 'Operación Exitosa'. */
  const success = (detail?: string, title?: string) => showSuccess(title, detail);
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
