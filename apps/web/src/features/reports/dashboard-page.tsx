import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import {
  DONUT_PALETTE,
  MSG,
  REPORT_TEXTS as T,
  TITLES,
  USER_STATUS_VISIBLE,
  disponibilidadInfo,
  fmt,
  topics,
  hourText,
} from '@vialex/domain';
import { PageTitle } from '../../components/page-title';
import { CenteredSpinner } from '../../components/centered-spinner';
import { useLiveTopic } from '../../lib/live';
import { useCurrentUser } from '../../lib/session';
import { dashboardKey, useDashboard } from './api/reports';
import { formatMinutes } from './format';
import { Figure, Figures } from './summary-card';

/** At most one re-read of the figures per this many ms, however many cases change. */
export const DASHBOARD_THROTTLE_MS = 1000;

/**
 * Re-reads the dashboard when a case (or, for who sees them, a user's availability) changes:
 * the first change schedules a read DASHBOARD_THROTTLE_MS later and the changes until then ride
 * on it, so a burst of changes costs one request.
 */
function useLiveDashboard(followUsers: boolean) {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const changed = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void client.invalidateQueries({ queryKey: dashboardKey });
    }, DASHBOARD_THROTTLE_MS);
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useLiveTopic(topics.list('casos'), changed);
  useLiveTopic(followUsers ? topics.list('usuarios') : null, changed);
}

/**
 * The dashboard (decisions.md D16): the viewer's cases at a glance — today, this month, open by
 * status, waiting for an investigator, this month's average times to arrival and to closing, the
 * agents by availability — live.
 */
export default function DashboardPage() {
  const me = useCurrentUser();
  const followUsers = USER_STATUS_VISIBLE[me.cargo].length > 0;
  useLiveDashboard(followUsers);
  const { data: d, isPending, error } = useDashboard();

  return (
    <>
      <PageTitle
        title={TITLES.dashboard}
        actions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip
              size="small"
              color="success"
              variant="outlined"
              icon={<FiberManualRecord sx={{ fontSize: 12 }} />}
              label={T.enVivo}
            />
            {d && (
              <Typography variant="caption" color="text.secondary" data-testid="dashboard-updated">
                {fmt(T.actualizado, { hora: hourText(d.generado) })}
              </Typography>
            )}
          </Stack>
        }
      />
      {isPending ? (
        <CenteredSpinner />
      ) : !d ? (
        <Typography color="error">{error?.message ?? MSG.errorConsulta}</Typography>
      ) : (
        <Stack spacing={3} data-testid="dashboard">
          <Figures>
            <Figure label={T.casosHoy} value={d.hoy} testId="dash-hoy" />
            <Figure label={T.casosMes} value={d.mes} hint={`${T.cerradosMes}: ${d.mesCerrados}`} testId="dash-mes" />
            <Figure label={T.abiertosAhora} value={d.abiertos} testId="dash-abiertos" />
            <Figure label={T.esperandoInvestigador} value={d.esperandoInvestigador} testId="dash-esperando" />
            <Figure
              label={T.tiempoLlegada}
              value={formatMinutes(d.tiempoLlegadaMin)}
              hint={T.delMes}
              testId="dash-llegada"
            />
            <Figure
              label={T.tiempoCierre}
              value={formatMinutes(d.tiempoCierreMin)}
              hint={T.delMes}
              testId="dash-cierre"
            />
          </Figures>
          <Box
            sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: followUsers ? '3fr 2fr' : '1fr' } }}
          >
            <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                {T.abiertosPorEstado}
              </Typography>
              {d.porEstado.length === 0 ? (
                <Typography color="text.secondary">{MSG.noHayDatos}</Typography>
              ) : (
                <Box
                  sx={{ width: '100%', height: Math.max(160, d.porEstado.length * 36 + 40) }}
                  data-testid="dash-estados"
                >
                  <ResponsiveContainer>
                    <BarChart data={d.porEstado} layout="vertical" margin={{ left: 24, right: 16 }}>
                      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                      <XAxis type="number" allowDecimals={false} />
                      <YAxis type="category" dataKey="estado" width={110} />
                      <Tooltip />
                      <Bar dataKey="total" name={T.total} fill={DONUT_PALETTE[0]} isAnimationActive={false} />
                    </BarChart>
                  </ResponsiveContainer>
                </Box>
              )}
            </Paper>
            {followUsers && (
              <Paper variant="outlined" sx={{ p: 2 }} data-testid="dash-agentes">
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                  {T.agentesPorDisponibilidad}
                </Typography>
                <Agents agentes={d.agentes} />
              </Paper>
            )}
          </Box>
          <Box>
            <Button component={RouterLink} to={`/estadistica/${me.id}`} variant="outlined">
              {T.misEstadisticas}
            </Button>
          </Box>
        </Stack>
      )}
    </>
  );
}

function Agents({ agentes }: { agentes: { cargo: string; disponibilidad: string; total: number }[] }) {
  if (!agentes.length) return <Typography color="text.secondary">{MSG.noHayDatos}</Typography>;
  const byCargo = new Map<string, typeof agentes>();
  for (const a of agentes) byCargo.set(a.cargo, [...(byCargo.get(a.cargo) ?? []), a]);
  return (
    <Stack spacing={1.5}>
      {[...byCargo].map(([cargo, list]) => (
        <Box key={cargo}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {cargo}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {list.map((a) => {
              const info = disponibilidadInfo(a.disponibilidad);
              return (
                <Chip key={a.disponibilidad} size="small" color={info.color} label={`${info.title}: ${a.total}`} />
              );
            })}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
