import Button, { type ButtonProps } from '@mui/material/Button';
import { LABELS } from '@vialex/domain';
import Tooltip from '@mui/material/Tooltip';
import CloudUpload from '@mui/icons-material/CloudUploadOutlined';
import { useConnection } from '../../lib/connection';
import { useExportRequest } from './use-export-request';

export interface ExportCaseButtonProps {
  caseId: string;
  caso: number;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/** The workspace header's 'Exportar archivos': asks and records the export (useExportRequest). */
export function ExportCaseButton({ caseId, caso, size = 'small', variant = 'outlined' }: ExportCaseButtonProps) {
  const exporter = useExportRequest();
  const { reason: offline } = useConnection();

  return (
    <>
      <Tooltip title={offline ?? ''}>
        <span>
          <Button
            size={size}
            variant={variant}
            startIcon={<CloudUpload />}
            onClick={() => exporter.request({ id: caseId, caso })}
            disabled={!!offline || exporter.pending}
          >
            {LABELS.casoSms.exportar}
          </Button>
        </span>
      </Tooltip>
      {exporter.element}
    </>
  );
}
