import Box from '@mui/material/Box';
import { LABELS } from '@vialex/domain';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { CaseRow } from './api/list-cases';
import { ChatUnreadChip } from './chat-unread-chip';

/**
 * The case number, with an orange dot while special attention waits for authorization, and the
 * viewer's unread chat messages of the case.
 */
export function CaseNumberCell({ row }: { row: Pick<CaseRow, 'id' | 'caso' | 'atencionPendiente'> }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <strong>{row.caso}</strong>
      {row.atencionPendiente && (
        <Tooltip title={LABELS.casos.atencionPendiente}>
          <Box
            component="span"
            role="img"
            aria-label={LABELS.casos.atencionPendiente}
            data-testid="attention-dot"
            sx={{ width: 9, height: 9, borderRadius: '50%', bgcolor: 'warning.main', flexShrink: 0 }}
          />
        </Tooltip>
      )}
      <ChatUnreadChip caseId={row.id} />
    </Stack>
  );
}
