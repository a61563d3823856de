import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { LABELS, TITLES } from '@vialex/domain';
import { PageTitle } from '../../components/page-title';
import { CriteriaPanel } from '../../components/list/criteria-panel';
import { PagedTable } from '../../components/list/paged-table';
import { useFeedback } from '../../components/list/use-feedback';
import { usePagedList } from '../../components/list/use-paged-list';
import {
  AUDIT_FIELDS,
  AUDIT_QUICK_SEARCH,
  auditListKey,
  downloadAuditCsv,
  fetchAudit,
  type AuditRow,
} from './api/audit';
import { auditCard, auditColumns } from './audit-columns';

const T = LABELS.auditoria;
const rowId = (r: AuditRow) => r.id;

/**
 * AUDITORÍA: every administrative act, newest first, read-only — who, when, from where, what
 * and before → after — with the lists' criteria panel (who, action, target, days), keyset pages
 * of 10, live as acts are recorded, and the CSV of what the criteria select. The Administrador's
 * only: the server answers 403 to anyone else, and the menu offers it to nobody else.
 */
export default function AuditPage() {
  const list = usePagedList(auditListKey, fetchAudit);
  const feedback = useFeedback();
  const [downloading, setDownloading] = useState(false);
  // Nothing recorded yet (not 'nothing matches'): a first installation's trail says what it will hold.
  const trailEmpty =
    !list.isLoading && !list.error && list.rows.length === 0 && !list.params.criteria.length && !list.params.cursor;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAuditCsv(list.params.criteria);
    } catch (err) {
      feedback.fail(err);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <PageTitle
        title={TITLES.auditoria}
        actions={
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={download}
            disabled={downloading || list.rows.length === 0}
            data-testid="audit-csv"
          >
            {T.exportarCsv}
          </Button>
        }
      />
      <Alert severity="info" sx={{ mb: 2 }}>
        {T.nota}
      </Alert>
      <CriteriaPanel fields={AUDIT_FIELDS} quickSearch={AUDIT_QUICK_SEARCH} onSearch={list.search} />
      {trailEmpty ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="audit-empty">
          {T.sinRegistros}
        </Typography>
      ) : (
        <PagedTable
          list={list}
          columns={auditColumns}
          renderCard={auditCard}
          label={TITLES.auditoria}
          getRowId={rowId}
        />
      )}
      {feedback.element}
    </>
  );
}
