import { useState } from 'react';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import { LABELS, TITLES } from '@vialex/domain';
import { PageTitle, TitleAction } from '../../components/page-title';
import { CriteriaPanel } from '../../components/list/criteria-panel';
import { NoMatch } from '../../components/list/no-match';
import { PagedTable } from '../../components/list/paged-table';
import { usePagedList } from '../../components/list/use-paged-list';
import {
  CASE_FIELDS,
  activeCasesKey,
  archivedCasesKey,
  fetchActiveCases,
  fetchArchivedCases,
  type CaseRow,
} from './api/list-cases';
import { CASE_QUICK_SEARCH, caseCard, caseColumns } from './case-columns';
import { useCurrentUser } from '../../lib/session';
import { useCaseForm } from './use-case-form';
import { useFeedback } from '../../components/list/use-feedback';
import { useCaseRowActions } from './use-case-row-actions';
import { emptyCasesText } from './empty-cases';

const rowId = (c: CaseRow) => c.id;

/**
 * LISTA DE CASOS and LISTA DE CASOS ARCHIVADOS (spec 2 §2): 10 per page, previous/next only,
 * Caso and Placa criteria, scoped by the server, live through `list:casos`. `exportCase` (given
 * by app/: features/case-export asks and records it) is the rows' Exportar archivos del caso.
 */
export function CasesList({ archived, exportCase }: { archived: boolean; exportCase?: (c: CaseRow) => void }) {
  const list = usePagedList(
    archived ? archivedCasesKey : activeCasesKey,
    archived ? fetchArchivedCases : fetchActiveCases,
  );
  const feedback = useFeedback();
  // NUEVO, Cronos and edit: the toast naming the case, its number shown large, the row highlighted.
  const form = useCaseForm(feedback, list.first);
  const { actions: ownActions, elements } = useCaseRowActions(feedback, form.edit, form.highlight);
  const actions = { ...ownActions, export: exportCase };
  const title = archived ? TITLES.casosArchivados : TITLES.casos;
  const me = useCurrentUser();
  const viewer = { id: me.id, cargo: me.cargo };

  // Creating is for the contact-centre desk (the permission table): not offered to the others.
  const canCreate = !archived && form.canCreate;
  // 'Limpiar filtros': the list unfiltered, and the panel mounted anew (its field and rows empty).
  const [panelKey, setPanelKey] = useState(0);
  const clearFilters = () => {
    setPanelKey((k) => k + 1);
    list.search([]);
  };

  return (
    <>
      <PageTitle
        title={title}
        actions={
          canCreate && (
            <TitleAction
              label={LABELS.casos.agregarCronos}
              icon={<AddCircleOutline />}
              color="warning"
              onClick={() => form.create('cronos')}
            />
          )
        }
      />
      <CriteriaPanel
        key={panelKey}
        fields={CASE_FIELDS}
        quickSearch={CASE_QUICK_SEARCH}
        onSearch={list.search}
        onNew={canCreate ? () => form.create('new') : undefined}
      />
      {!archived && form.banner}
      <PagedTable
        noMatch={<NoMatch text={LABELS.casos.ningunCaso} onClear={clearFilters} />}
        list={list}
        columns={caseColumns(archived, actions, viewer)}
        renderCard={caseCard(archived, actions, viewer)}
        label={title}
        getRowId={rowId}
        highlightedId={form.highlightedId}
        emptyText={emptyCasesText(me.cargo, archived)}
      />
      {!archived && form.dialog}
      {elements}
      {feedback.element}
    </>
  );
}
