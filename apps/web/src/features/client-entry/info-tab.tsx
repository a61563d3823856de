import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LABELS, MSG, fmt, type ClientCase, momentText } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { CallAdvisorButton } from './call-button';
import { arrivedText, clientStatusText } from './case-text';
import { ClientLoading } from './client-loading';
import { useClientCase } from './client-queries';

const L = LABELS.cliente;

/**
 * The rows of the información tab, in the driver's words, each saying one thing once. The
 * investigator's arrival is one row: on the way (with the map's time) until they arrive, then
 * 'Llegó a las 10:42'. A time nobody has is left out rather than shown as a dash.
 */
export function infoRows(c: ClientCase): [key: string, label: string, value: string][] {
  const open = c.seguimiento.etapa !== 'cerrado';
  const rows: [string, string, string][] = [
    ['caso', L.caso, String(c.caso)],
    ['estado', L.estado, clientStatusText(c.estado)],
    ['placa', L.placa, c.placa || L.sinRegistrar],
    ['ciudad', L.ciudad, c.ciudad || L.sinRegistrar],
    ['direccion', L.direccion, c.direccion || L.sinRegistrar],
    ['creado', L.creado, momentText(c.creado) || L.sinRegistrar],
    ['abogado', L.abogado, c.abogado ?? L.sinAsignar],
    ['investigador', L.investigador, c.investigador ?? L.sinAsignar],
  ];
  const arrival = c.llegada
    ? (arrivedText(c.llegadaFecha) ??
      fmt(L.seguimiento.llego, { nombre: c.seguimiento.investigador ?? L.seguimiento.suInvestigador }))
    : open && c.investigador
      ? c.tiempoLlegadaInvestigador
        ? fmt(L.enCaminoTiempo, { tiempo: c.tiempoLlegadaInvestigador })
        : L.enCamino
      : null;
  if (arrival) rows.push(['llegadaInvestigador', L.tiempoLlegadaInvestigador, arrival]);
  if (open && c.abogado && c.tiempoLlegadaAbogado)
    rows.push(['tiempoLlegadaAbogado', L.tiempoLlegadaAbogado, c.tiempoLlegadaAbogado]);
  return rows;
}

/** The información tab: what the client sees of their case (GET /api/cliente/caso), and their advisor's line. */
export function ClientInfoTab() {
  const { data, error, isPending } = useClientCase();
  if (isPending) return <ClientLoading fullScreen={false} />;
  if (!data)
    return (
      <Alert severity="error" data-testid="client-info-error">
        {isApiError(error) ? error.message : MSG.algoSalioMal}
      </Alert>
    );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }} data-testid="client-info">
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, px: 2, pt: 2, pb: 1 }}>
          {L.datosCaso}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          {infoRows(data).map(([key, label, value]) => (
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
      <CallAdvisorButton contacto={data.contacto} />
    </Box>
  );
}
