import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import ContentCopy from '@mui/icons-material/ContentCopyOutlined';
import { FEEDBACK, MSG, fmt } from '@vialex/domain';

/** How long the created case's number stays above the list (unless closed or replaced). */
export const CREATED_CASE_MS = 2 * 60_000;

/**
 * The number of the case just created, large enough to read to a caller over the phone, with a
 * copy button. It stays CREATED_CASE_MS, until closed, or until the next case replaces it.
 */
export function CreatedCaseBanner({ caso, onClose }: { caso: number | null; onClose: () => void }) {
  const [copied, setCopied] = useState<number | null>(null);

  useEffect(() => {
    if (caso === null) return;
    const timer = setTimeout(onClose, CREATED_CASE_MS);
    return () => clearTimeout(timer);
  }, [caso, onClose]);

  if (caso === null) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(String(caso));
      setCopied(caso);
    } catch {
      // No clipboard (an insecure page or a refused permission): the number is on screen.
    }
  };
  const copyLabel = copied === caso ? FEEDBACK.numeroCopiado : FEEDBACK.copiarNumero;

  return (
    <Paper
      variant="outlined"
      role="status"
      aria-label={FEEDBACK.casoCreadoTitulo}
      data-testid="created-case"
      sx={{ mb: 2, px: { xs: 2, sm: 3 }, py: 1.5, borderColor: 'success.main', borderWidth: 2 }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" color="success.dark" sx={{ fontWeight: 700 }}>
            {FEEDBACK.casoCreadoTitulo}
          </Typography>
          <Typography
            component="p"
            data-testid="created-case-number"
            sx={{ fontSize: { xs: '2.75rem', sm: '3.5rem' }, fontWeight: 800, lineHeight: 1.1, letterSpacing: 1 }}
          >
            {fmt(FEEDBACK.numero, { caso })}
          </Typography>
        </Box>
        <Tooltip title={copyLabel}>
          <IconButton onClick={copy} aria-label={copyLabel} size="large" color="primary">
            {copied === caso ? <Check /> : <ContentCopy />}
          </IconButton>
        </Tooltip>
        <IconButton onClick={onClose} aria-label={MSG.cerrar}>
          <Close />
        </IconButton>
      </Stack>
    </Paper>
  );
}
