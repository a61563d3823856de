import Button, { type ButtonProps } from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import CloudUpload from '@mui/icons-material/CloudUploadOutlined';
import { useConnection } from '../../lib/connection';
import { useExportRequest } from './use-export-request';
import { SMS_TEXTS } from './texts';

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
            {SMS_TEXTS.exportar}
          </Button>
        </span>
      </Tooltip>
      {exporter.element}
    </>
  );
}
