import { useState } from 'react';
import { EXPORT_LIST_TEXTS, MSG, PAGE_SIZE, TITLES, fmt } from '@vialex/domain';
import { PageTitle } from '../../components/page-title';
import { CriteriaPanel } from '../../components/list/criteria-panel';
import { PagedTable } from '../../components/list/paged-table';
import { useConfirm } from '../../components/list/use-confirm';
import { useFeedback } from '../../components/list/use-feedback';
import { useHighlightedRow } from '../../components/list/use-highlighted-row';
import { usePagedList } from '../../components/list/use-paged-list';
import { EXPORT_FIELDS, exportListKey, fetchExports, type ExportRow } from './api/list-exports';
import { useExportAction } from './api/export-actions';
import { exportCard, exportColumns } from './export-columns';

const rowId = (e: ExportRow) => e.id;

/**
 * EXPORTACIONES SFTP (spec 3 §2): the exports of the viewer's cases, newest first, filtered by
 * caso; each one's files sent of the total while it runs (live); Finalizado green; an Error with
 * its reason and 'Reintentar'; a running export can be cancelled. Actions for the cargos that may
 * export (the server answers which, per row).
 */
export default function ExportsPage() {
  const list = usePagedList(exportListKey, fetchExports, { limit: PAGE_SIZE });
  const feedback = useFeedback();
  const { confirm, element: confirmDialog } = useConfirm();
  const retry = useExportAction('reintentar');
  const cancel = useExportAction('cancelar');
  const [busyId, setBusyId] = useState<string | null>(null);
  const { highlightedId, highlight } = useHighlightedRow();

  const act = async (e: ExportRow, run: () => Promise<unknown>, detail: string, title?: string) => {
    setBusyId(e.id);
    try {
      await run();
      feedback.success(detail, title);
      highlight(e.id);
    } catch (err) {
      feedback.fail(err);
    } finally {
      setBusyId(null);
    }
  };
  const actions = {
    busyId,
    retry: (e: ExportRow) =>
      act(
        e,
        () => retry.mutateAsync(e.id),
        fmt(EXPORT_LIST_TEXTS.reintentada, { caso: e.caso }),
        MSG.exportacionReintentada,
      ),
    cancel: async (e: ExportRow) => {
      const ok = await confirm({
        title: fmt(MSG.cancelarExportacion, { caso: e.caso }),
        confirmText: MSG.siCancelarExportacion,
        cancelText: MSG.cancelar,
      });
      if (ok)
        await act(
          e,
          () => cancel.mutateAsync(e.id),
          fmt(EXPORT_LIST_TEXTS.cancelada, { caso: e.caso }),
          MSG.exportacionCancelada,
        );
    },
  };

  return (
    <>
      <PageTitle title={TITLES.exportaciones} />
      <CriteriaPanel fields={EXPORT_FIELDS} onSearch={list.search} />
      <PagedTable
        list={list}
        columns={exportColumns(actions, list.canWrite === true)}
        renderCard={exportCard(actions)}
        label={TITLES.exportaciones}
        getRowId={rowId}
        highlightedId={highlightedId}
      />
      {confirmDialog}
      {feedback.element}
    </>
  );
}
