import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LABELS, MSG } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { formatBogota } from './format';
import { useClientCase } from './client-queries';

const L = LABELS.cliente;

/** The información tab: what the client sees of their case (GET /api/cliente/caso). */
export function ClientInfoTab() {
  const { data, error, isPending } = useClientCase();
  if (isPending)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={LABELS.chat.cargando} />
      </Box>
    );
  if (!data)
    return (
      <Alert severity="error" data-testid="client-info-error">
        {isApiError(error) ? error.message : MSG.algoSalioMal}
      </Alert>
    );
  const rows: [string, string, string][] = [
    ['caso', L.caso, String(data.caso)],
    ['estado', L.estado, data.estado],
    ['placa', L.placa, data.placa || L.sinDato],
    ['ciudad', L.ciudad, data.ciudad || L.sinDato],
    ['direccion', L.direccion, data.direccion || L.sinDato],
    ['creado', L.creado, formatBogota(data.creado) || L.sinDato],
    ['abogado', L.abogado, data.abogado ?? L.sinAsignar],
    ['investigador', L.investigador, data.investigador ?? L.sinAsignar],
    ['tiempoLlegadaInvestigador', L.tiempoLlegadaInvestigador, data.tiempoLlegadaInvestigador || L.sinDato],
    ['tiempoLlegadaAbogado', L.tiempoLlegadaAbogado, data.tiempoLlegadaAbogado || L.sinDato],
    ['llegada', L.llegada, data.llegada ? L.si : L.no],
  ];
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }} data-testid="client-info">
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, px: 2, pt: 2, pb: 1 }}>
        {L.datosCaso}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {rows.map(([key, label, value]) => (
          <Box
            key={key}
            sx={{
              display: 'grid',
              gridTemplateColumns: 'minmax(110px, 40%) 1fr',
              gap: 1.5,
              px: 2,
              py: 1.25,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}
              data-testid={`client-info-${key}`}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
