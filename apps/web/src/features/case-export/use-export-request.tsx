import { FEEDBACK, MSG, fmt } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { useConfirm } from '../../components/list/use-confirm';
import { useFeedback } from '../../components/list/use-feedback';
import { useExportCase } from './api/export-case';

/** The case an export is asked for: its id for the API, its number for the words. */
export interface ExportTarget {
  id: string;
  caso: number;
}

/**
 * Export case files (spec 2 §6: Administrador, Call Center, Coordinador Contact Center), the one
 * way the workspace's button and the case list's row action ask it: '¿Exportar los archivos del
 * caso # 5?' (Sí, Exportar / Cancelar), then POST /api/casos/{id}/exportar records the request
 * (the back office's SFTP job sends the files). A failure shows the server's words, or 'error no
 * identificado'. Offer it where the case's `actions.export` is true; the server refuses the other
 * cargos anyway. `element` holds the confirmation and the toast: render it once.
 */
export function useExportRequest() {
  const { confirm, element: confirmDialog } = useConfirm();
  const feedback = useFeedback();
  const exportCase = useExportCase();

  const request = async ({ id, caso }: ExportTarget) => {
    const ok = await confirm({
      title: fmt(MSG.exportarCaso, { caso }),
      confirmText: MSG.siExportar,
      cancelText: MSG.cancelar,
    });
    if (!ok) return;
    try {
      const result = await exportCase.mutateAsync(id);
      feedback.success(fmt(FEEDBACK.exportacionSolicitada, { caso }), result.message);
    } catch (e) {
      if (isApiError(e) && e.status !== 0) feedback.fail(e);
      else feedback.error(isApiError(e) ? e.message : MSG.errorNoIdentificado);
    }
  };

  return {
    request,
    pending: exportCase.isPending,
    element: (
      <>
        {confirmDialog}
        {feedback.element}
      </>
    ),
  };
}
