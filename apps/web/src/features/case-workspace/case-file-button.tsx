import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { CASE_FILE_TEXTS, caseFilePdfUrl } from '@vialex/domain';
import { useConnection } from '../../lib/connection';

/**
 * 'Expediente del caso': the case file PDF an SFTP export sends (data, team, policies, the whole
 * history, the files), downloaded by whoever may open the case (the server checks it as it checks
 * the workspace).
 */
export function CaseFileButton({ caseId }: { caseId: string }) {
  const { reason: offline } = useConnection();
  return (
    <Tooltip title={offline ?? ''}>
      <span>
        <Button
          size="small"
          variant="outlined"
          startIcon={<PictureAsPdfOutlined />}
          href={caseFilePdfUrl(caseId)}
          download
          disabled={!!offline}
          data-testid="case-file-pdf"
        >
          {CASE_FILE_TEXTS.expediente}
        </Button>
      </span>
    </Tooltip>
  );
}
