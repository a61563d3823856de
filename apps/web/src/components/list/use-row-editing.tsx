import { useState } from 'react';
import { deactivateAfterConfirm } from './deactivate';
import type { ConfirmOptions } from './use-confirm';
import { useConfirm } from './use-confirm';
import { useFeedback } from './use-feedback';
import { useHighlightedRow } from './use-highlighted-row';

/**
 * What every list with an add/edit dialog and a deactivate action shares (clients, users,
 * vehicles, companies, areas, statuses): the dialog's target, the row a write highlights, the
 * spec's info popup for a viewer the server says may not write, the confirm → write → toast step,
 * and the pop-ups the page renders once (`elements`).
 */
export function useRowEditing<Row extends { id: string }>() {
  const feedback = useFeedback();
  const { confirm, element: confirmDialog } = useConfirm();
  const [target, setTarget] = useState<Row | 'new' | null>(null);
  const { highlightedId, highlight, clear } = useHighlightedRow();

  return {
    feedback,
    /** The dialog's row, 'new' for AGREGAR / NUEVO, null when it is closed. */
    target,
    highlightedId,
    highlight,
    /** Opens the dialog; an old highlight does not linger behind it. */
    open: (next: Row | 'new') => {
      clear();
      setTarget(next);
    },
    close: () => setTarget(null),
    /** `action`, or the spec's info popup when the server said this viewer may not (false). */
    ifAllowed: (allowed: boolean | undefined, action: () => void) =>
      allowed === false ? feedback.unauthorized() : action(),
    /** The dialog saved `row`: it closes, the toast says what happened to whom, the row lights up. */
    saved: (row: Row, detail: string, successTitle?: string) => {
      setTarget(null);
      feedback.success(detail, successTitle);
      highlight(row.id);
    },
    /** Asks (the delete question unless `ask` says another), writes, toasts, and highlights the row. */
    confirmWrite: async (
      row: Row,
      write: () => Promise<unknown>,
      detail: string,
      options?: { ask?: ConfirmOptions; successTitle?: string },
    ) => {
      if (await deactivateAfterConfirm(confirm, feedback, write, detail, options)) highlight(row.id);
    },
    elements: (
      <>
        {confirmDialog}
        {feedback.element}
      </>
    ),
  };
}
