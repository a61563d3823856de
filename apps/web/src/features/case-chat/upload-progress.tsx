import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fmt } from '@vialex/domain';
import { chatOutbox, useOutboxEntry } from './chat-outbox';
import type { OutboxEntry } from './outbox';
import { T } from './format';

export interface UploadProgressProps {
  entry: Pick<OutboxEntry, 'sending' | 'progress' | 'failure' | 'error'>;
  onCancel: () => void;
  onRetryNow: () => void;
}

/**
 * A message with files on its way: the upload's percentage while it goes (then the server saving
 * it), why the last attempt failed while the outbox waits to try again, and Cancelar envío, which
 * stops it and keeps the files to send again. Nothing once it was refused or cancelled: the bubble
 * says so with Reintentar and Descartar.
 */
export function UploadProgress({ entry, onCancel, onRetryNow }: UploadProgressProps) {
  if (entry.error) return null;
  const percent = entry.progress ?? 0;
  const saving = entry.sending && percent >= 100;
  return (
    <Box sx={{ mt: 0.5 }} data-testid="upload-progress">
      {entry.sending && (
        <>
          <LinearProgress
            variant={saving ? 'indeterminate' : 'determinate'}
            value={percent}
            aria-label={saving ? T.procesandoEnvio : fmt(T.enviandoPorcentaje, { n: percent })}
            sx={{ height: 6, borderRadius: 3, my: 0.5 }}
          />
          <Typography variant="caption" component="p" role="status" data-testid="upload-percent">
            {saving ? T.procesandoEnvio : fmt(T.enviandoPorcentaje, { n: percent })}
          </Typography>
        </>
      )}
      {!entry.sending && entry.failure && (
        <Typography variant="caption" component="p" color="error" role="alert" data-testid="upload-failed">
          {fmt(T.envioFallido, { motivo: entry.failure.replace(/\.$/, '') })}
        </Typography>
      )}
      <Stack
        direction="row"
        sx={{ mt: 0.25, flexWrap: 'wrap', columnGap: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
      >
        {!entry.sending && entry.failure && (
          <Button size="small" onClick={onRetryNow}>
            {T.reintentarAhora}
          </Button>
        )}
        {!saving && (
          <Button size="small" color="inherit" onClick={onCancel} data-testid="upload-cancel">
            {T.cancelarEnvio}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** The progress of one message of the outbox, by its clientId. */
export function OutboxUploadProgress({ clientId }: { clientId: string }) {
  const entry = useOutboxEntry(clientId);
  if (!entry || entry.files.length === 0) return null;
  return (
    <UploadProgress
      entry={entry}
      onCancel={() => void chatOutbox.cancel(clientId)}
      onRetryNow={() => chatOutbox.wake()}
    />
  );
}
