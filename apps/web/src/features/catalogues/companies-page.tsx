import { FEEDBACK, MSG, PAGE_SIZE, PAGE_SIZE_OPTIONS, TITLES, can, fmt } from '@vialex/domain';
import { useCurrentUser } from '../../lib/session';
import { PageTitle } from '../../components/page-title';
import { CriteriaPanel } from '../../components/list/criteria-panel';
import { PagedTable } from '../../components/list/paged-table';
import { useRowEditing } from '../../components/list/use-row-editing';
import { usePagedList } from '../../components/list/use-paged-list';
import { COMPANY_FIELDS, companyListKey, fetchCompanies, useDeactivateCompany, type CompanyRow } from './api/companies';
import { CompanyFormDialog } from './company-form-dialog';
import { COMPANY_QUICK_SEARCH, companyCard, companyColumns } from './company-columns';

const rowId = (c: CompanyRow) => c.id;

/** LISTA DE EMPRESAS (spec 3 §2): by name, page sizes 5 to 500, live; the contact-centre desk writes. */
export default function CompaniesPage() {
  const list = usePagedList(companyListKey, fetchCompanies, { limit: PAGE_SIZE });
  const rows = useRowEditing<CompanyRow>();
  const deactivate = useDeactivateCompany();

  // Others get the spec's info popup (spec 3 §6) should a write reach them.
  const ifAllowed = (action: () => void) => rows.ifAllowed(list.canWrite, action);
  const me = useCurrentUser();
  const rowActions = {
    canWrite: can(me.cargo, 'empresas.write') && list.canWrite !== false,
    edit: (c: CompanyRow) => ifAllowed(() => rows.open(c)),
    deactivate: (c: CompanyRow) =>
      ifAllowed(
        () =>
          void rows.confirmWrite(
            c,
            () => deactivate.mutateAsync(c.id),
            fmt(FEEDBACK.empresaInactivada, { nombre: c.empresa }),
            { successTitle: MSG.exito },
          ),
      ),
  };

  return (
    <>
      <PageTitle title={TITLES.empresas} />
      <CriteriaPanel
        fields={COMPANY_FIELDS}
        quickSearch={COMPANY_QUICK_SEARCH}
        onSearch={list.search}
        onNew={rowActions.canWrite ? () => rows.open('new') : undefined}
      />
      <PagedTable
        list={list}
        columns={companyColumns(rowActions)}
        renderCard={companyCard(rowActions)}
        label={TITLES.empresas}
        getRowId={rowId}
        highlightedId={rows.highlightedId}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
      />
      <CompanyFormDialog
        target={rows.target}
        onClose={rows.close}
        onSaved={(saved, created) =>
          rows.saved(
            saved,
            fmt(created ? FEEDBACK.empresaCreada : FEEDBACK.empresaActualizada, { nombre: saved.empresa }),
            MSG.exito,
          )
        }
        feedback={rows.feedback}
      />
      {rows.elements}
    </>
  );
}
