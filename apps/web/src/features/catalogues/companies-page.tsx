import { useState } from 'react';
import { FEEDBACK, MSG, PAGE_SIZE, PAGE_SIZE_OPTIONS, TITLES, can, fmt } from '@vialex/domain';
import { useCurrentUser } from '../../lib/session';
import { PageTitle } from '../../components/page-title';
import { CriteriaPanel } from '../../components/list/criteria-panel';
import { PagedTable } from '../../components/list/paged-table';
import { useConfirm } from '../../components/list/use-confirm';
import { deactivateAfterConfirm } from '../../components/list/deactivate';
import { useFeedback } from '../../components/list/use-feedback';
import { useHighlightedRow } from '../../components/list/use-highlighted-row';
import { usePagedList } from '../../components/list/use-paged-list';
import { COMPANY_FIELDS, companyListKey, fetchCompanies, useDeactivateCompany, type CompanyRow } from './api/companies';
import { CompanyFormDialog } from './company-form-dialog';
import { COMPANY_QUICK_SEARCH, companyCard, companyColumns } from './company-columns';

const rowId = (c: CompanyRow) => c.id;

/** LISTA DE EMPRESAS (spec 3 §2): by name, page sizes 5 to 500, live; the contact-centre desk writes. */
export default function CompaniesPage() {
  const list = usePagedList(companyListKey, fetchCompanies, { limit: PAGE_SIZE });
  const feedback = useFeedback();
  const { confirm, element: confirmDialog } = useConfirm();
  const deactivate = useDeactivateCompany();
  const [target, setTarget] = useState<CompanyRow | 'new' | null>(null);
  const { highlightedId, highlight, clear } = useHighlightedRow();
  const open = (next: CompanyRow | 'new') => {
    clear();
    setTarget(next);
  };

  const ifAllowed = (action: () => void) => (list.canWrite === false ? feedback.unauthorized() : action());
  const me = useCurrentUser();
  const rowActions = {
    canWrite: can(me.cargo, 'empresas.write') && list.canWrite !== false,
    edit: (c: CompanyRow) => ifAllowed(() => open(c)),
    deactivate: (c: CompanyRow) =>
      ifAllowed(async () => {
        const done = () => deactivate.mutateAsync(c.id);
        const detail = fmt(FEEDBACK.empresaInactivada, { nombre: c.empresa });
        if (await deactivateAfterConfirm(confirm, feedback, done, detail, { successTitle: MSG.exitoSinTilde }))
          highlight(c.id);
      }),
  };

  return (
    <>
      <PageTitle title={TITLES.empresas} />
      <CriteriaPanel
        fields={COMPANY_FIELDS}
        quickSearch={COMPANY_QUICK_SEARCH}
        onSearch={list.search}
        onNew={rowActions.canWrite ? () => open('new') : undefined}
      />
      <PagedTable
        list={list}
        columns={companyColumns(rowActions)}
        renderCard={companyCard(rowActions)}
        label={TITLES.empresas}
        getRowId={rowId}
        highlightedId={highlightedId}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
      />
      <CompanyFormDialog
        target={target}
        onClose={() => setTarget(null)}
        onSaved={(saved, created) => {
          setTarget(null);
          feedback.success(
            fmt(created ? FEEDBACK.empresaCreada : FEEDBACK.empresaActualizada, { nombre: saved.empresa }),
            MSG.exitoSinTilde,
          );
          highlight(saved.id);
        }}
        feedback={feedback}
      />
      {confirmDialog}
      {feedback.element}
    </>
  );
}
