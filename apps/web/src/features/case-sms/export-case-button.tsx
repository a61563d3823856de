import Button, { type ButtonProps } from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import CloudUpload from '@mui/icons-material/CloudUploadOutlined';
import { FEEDBACK, MSG, fmt } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { useConnection } from '../../lib/connection';
import { useConfirm } from '../../components/list/use-confirm';
import { useFeedback } from '../../components/list/use-feedback';
import { useExportCase } from './api/export-case';
import { SMS_TEXTS } from './texts';

export interface ExportCaseButtonProps {
  caseId: string;
  caso: number;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/**
 * Export case files (spec 2 §6: Administrador, Call Center, Coordinador Contact Center): asks
 * '¿Exportar los archivos del caso # 5?' (Sí, Exportar / Cancelar), then records
 * the request; the back office's SFTP job sends the files. A failure shows the server's words, or
 * 'error no identificado'. Show it where the case's `actions.export` is true; the server refuses
 * the other cargos anyway.
 */
export function ExportCaseButton({ caseId, caso, size = 'small', variant = 'outlined' }: ExportCaseButtonProps) {
  const { confirm, element: confirmDialog } = useConfirm();
  const feedback = useFeedback();
  const exportCase = useExportCase();
  const { reason: offline } = useConnection();

  const run = async () => {
    const ok = await confirm({
      title: fmt(MSG.exportarCaso, { caso }),
      confirmText: MSG.siExportar,
      cancelText: MSG.cancelar,
    });
    if (!ok) return;
    try {
      const result = await exportCase.mutateAsync(caseId);
      feedback.success(fmt(FEEDBACK.exportacionSolicitada, { caso }), result.message);
    } catch (e) {
      if (isApiError(e) && e.status !== 0) feedback.fail(e);
      else feedback.error(isApiError(e) ? e.message : MSG.errorNoIdentificado);
    }
  };

  return (
    <>
      <Tooltip title={offline ?? ''}>
        <span>
          <Button
            size={size}
            variant={variant}
            startIcon={<CloudUpload />}
            onClick={run}
            disabled={!!offline || exportCase.isPending}
          >
            {SMS_TEXTS.exportar}
          </Button>
        </span>
      </Tooltip>
      {confirmDialog}
      {feedback.element}
    </>
  );
}
