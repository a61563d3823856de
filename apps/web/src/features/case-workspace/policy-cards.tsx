import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LABELS, fmt, type PolicyCard, dayText } from '@vialex/domain';

/** A policy's day, or '—' when the service gave none. */
const policyDay = (iso: string | null | undefined) => dayText(iso) || '—';

const L = LABELS.espacio;

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

/** DATOS DE LA PÓLIZA: one card per policy of the case; an expired one says so. */
export function PolicyCards({ polizas }: { polizas: PolicyCard[] }) {
  if (!polizas.length)
    return (
      <Typography color="text.secondary" data-testid="policies-empty">
        {L.sinPolizas}
      </Typography>
    );
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))' }}>
      {polizas.map((p) => (
        <Card
          key={p.id}
          variant="outlined"
          data-testid="policy-card"
          data-expired={p.vencida}
          sx={p.vencida ? { borderColor: 'error.main', bgcolor: 'rgba(211, 47, 47, 0.04)' } : undefined}
        >
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography component="h3" sx={{ fontWeight: 700 }}>
                {fmt(L.poliza, { numero: p.polizas })}
              </Typography>
              <Chip
                size="small"
                color={p.vencida ? 'error' : 'success'}
                label={p.vencida ? L.vencida : L.vigente}
                data-testid="policy-state"
              />
            </Stack>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, m: 0 }}>
              <Field label={L.producto} value={p.nombre_producto} />
              <Field label={L.fuente} value={p.fuente} />
              <Field label={L.vigencia} value={`${policyDay(p.fechaIni)} – ${policyDay(p.fechaFin)}`} />
              <Field label={L.tomador} value={p.cliente} />
              <Field label={L.aseguradora} value={p.empresa} />
              <Field label={L.ramo} value={p.ramo} />
              <Field label={L.deducible} value={p.deducible} />
            </Box>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
