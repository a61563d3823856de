import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import DirectionsCar from '@mui/icons-material/DirectionsCar';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import SupportAgent from '@mui/icons-material/SupportAgent';
import { LABELS, MSG, durationText, fmt, hourText, type ClientCase } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { CallAdvisorButton } from './call-button';
import { useClientCase } from './client-queries';

const L = LABELS.cliente;
const S = L.seguimiento;

interface StatusView {
  icon: ReactNode;
  title: string;
  detail: string;
}

const spinner = <CircularProgress size={22} thickness={5} aria-hidden="true" />;

/** What the card says at each stage (GET /api/cliente/caso `seguimiento`): nothing staff-only. */
export function statusView(c: ClientCase): StatusView {
  const { etapa, investigador, minutos, aproximado } = c.seguimiento;
  const nombre = investigador ?? S.suInvestigador;
  switch (etapa) {
    case 'buscando':
      return { icon: spinner, title: S.buscando, detail: S.buscandoDetalle };
    case 'sinDisponibles':
      return {
        icon: <SupportAgent sx={{ color: 'warning.main' }} />,
        title: MSG.noHayInvestigadores,
        detail: S.sinDisponiblesDetalle,
      };
    case 'enCamino':
      return {
        icon: <DirectionsCar color="primary" />,
        title:
          minutos === null
            ? fmt(S.enCamino, { nombre })
            : fmt(aproximado ? S.enCaminoMinutosAprox : S.enCaminoMinutos, {
                nombre,
                // The Información tab's words for the same trip ('1 h 5 min'), kept on one line.
                duracion: durationText(minutos * 60).replaceAll(' ', '\u00a0'),
              }),
        detail: S.enCaminoDetalle,
      };
    case 'llego': {
      const hora = hourText(c.llegadaFecha);
      return {
        icon: <CheckCircle sx={{ color: 'success.main' }} />,
        title: hora ? fmt(S.llegoALas, { nombre, hora }) : fmt(S.llego, { nombre }),
        detail: S.llegoDetalle,
      };
    }
    case 'cerrado':
      return { icon: <InfoOutlined sx={{ color: 'text.secondary' }} />, title: S.cerrado, detail: S.cerradoDetalle };
  }
}

/**
 * The status card on top of the driver's case, on every tab: where their investigator is (looked
 * for, nobody free and what happens next, on the way with the map's time, arrived), and a button
 * to call their advisor. It follows the case live: a change of the case (an investigator assigned,
 * the arrival marked) reads GET /api/cliente/caso again (client-live.ts).
 */
export function ClientStatusCard() {
  const { data, error } = useClientCase();
  const view: StatusView = data
    ? statusView(data)
    : error
      ? {
          icon: <InfoOutlined sx={{ color: 'error.main' }} />,
          title: isApiError(error) ? error.message : MSG.algoSalioMal,
          detail: '',
        }
      : { icon: spinner, title: L.cargandoCaso, detail: '' };
  return (
    <Box
      component="section"
      aria-label={S.titulo}
      data-testid="client-status"
      data-etapa={data?.seguimiento.etapa ?? ''}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        minHeight: 64,
        px: 2,
        py: 1,
        boxSizing: 'border-box',
        bgcolor: 'background.paper',
        color: 'text.primary',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ display: 'flex', flexShrink: 0, width: 24, justifyContent: 'center' }}>{view.icon}</Box>
      <Box role="status" sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, lineHeight: 1.3 }} data-testid="client-status-title">
          {view.title}
        </Typography>
        {view.detail && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ lineHeight: 1.35 }}
            data-testid="client-status-detail"
          >
            {view.detail}
          </Typography>
        )}
      </Box>
      {data && <CallAdvisorButton contacto={data.contacto} compact />}
    </Box>
  );
}
