import { useCallback, useContext, useState } from 'react';
import { FEEDBACK, can, fmt } from '@vialex/domain';
import { CurrentUserContext } from '../../lib/session';
import type { Feedback } from '../../components/list/use-feedback';
import { useHighlightedRow } from '../../components/list/use-highlighted-row';
import type { CaseRow } from './api/list-cases';
import { CaseFormDialog } from './case-form-dialog';
import type { CaseFormTarget } from './case-form-values';
import { CreatedCaseBanner } from './created-case-banner';

/**
 * The case list's add, Cronos and edit dialog and what follows a save: a toast naming the case,
 * the created case's number shown large above the list, and the saved row highlighted. Creating
 * is offered only to the cargos the permission table lets create cases (the server refuses the
 * rest anyway).
 */
export function useCaseForm(feedback: Feedback, onCreated: () => void) {
  const cargo = useContext(CurrentUserContext)?.cargo;
  const canCreate = can(cargo, 'casos.create');
  const [target, setTarget] = useState<CaseFormTarget | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const { highlightedId, highlight, clear } = useHighlightedRow();

  const open = (next: CaseFormTarget) => {
    clear();
    setTarget(next);
  };
  const edit = (row: CaseRow) => (row.actions.edit ? open({ kind: 'edit', row }) : feedback.unauthorized());
  const closeBanner = useCallback(() => setCreated(null), []);

  const dialog = (
    <CaseFormDialog
      target={target}
      onClose={() => setTarget(null)}
      onSaved={(saved, row) => {
        setTarget(null);
        if (saved.kind === 'edit') feedback.success(fmt(FEEDBACK.casoActualizado, { caso: row.caso }));
        else {
          onCreated();
          setCreated(row.caso);
          feedback.success(fmt(FEEDBACK.casoCreado, { caso: row.caso }));
        }
        highlight(row.id);
      }}
      feedback={feedback}
    />
  );

  return {
    canCreate,
    /** NUEVO and 'Agregar caso Cronos'. */
    create: (kind: 'new' | 'cronos') => open({ kind }),
    edit,
    highlight,
    highlightedId,
    banner: <CreatedCaseBanner caso={created} onClose={closeBanner} />,
    dialog,
  };
}
