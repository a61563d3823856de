import { useState } from 'react';
import { useParams } from 'react-router';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG, REPORT_TEXTS as T, TITLES, defaultRange, fmt, percentColor, positionColor } from '@vialex/domain';
import { PageTitle } from '../../components/page-title';
import { CenteredSpinner } from '../../components/centered-spinner';
import { useCurrentUser } from '../../lib/session';
import { showToast } from '../../lib/toasts';
import { useStatistics } from './api/reports';
import { formatMinutes } from './format';
import { CountChip, PercentChip } from './report-columns';
import { Figure, Figures } from './summary-card';

const OPEN_CLOSED_COLORS = ['#ed6c02', '#2e7d32'];

/**
 * ESTADÍSTICA DEL USUARIO (/estadistica/{id}, decisions.md D7): that user's cases by status, open
 * vs closed, percent closed and the average time to close, over the last 30 days or a range.
 * Without an id, one's own.
 */
export default function StatisticsPage() {
  const me = useCurrentUser();
  const id = useParams().id ?? me.id;
  const [draft, setDraft] = useState(defaultRange);
  const [range, setRange] = useState(defaultRange);
  const stats = useStatistics(id, range);
  const s = stats.data;

  const apply = () => {
    if (!draft.desde || !draft.hasta) return showToast('reportes-aviso', MSG.seleccionarFechas, { variant: 'warning' });
    if (draft.desde > draft.hasta) return showToast('reportes-aviso', T.fechasInvertidas, { variant: 'warning' });
    setRange(draft);
  };

  return (
    <>
      <PageTitle title={TITLES.estadistica} />
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 3, alignItems: 'center' }}
      >
        <TextField
          type="date"
          size="small"
          label={T.fechaInicio}
          value={draft.desde}
          onChange={(e) => setDraft({ ...draft, desde: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 190 } }}
        />
        <TextField
          type="date"
          size="small"
          label={T.fechaFin}
          value={draft.hasta}
          onChange={(e) => setDraft({ ...draft, hasta: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 190 } }}
        />
        <Button type="submit" variant="contained">
          {T.aplicar}
        </Button>
      </Box>
      {stats.isPending ? (
        <CenteredSpinner />
      ) : !s ? (
        <Typography color="error" data-testid="statistics-error">
          {stats.error?.message ?? MSG.errorConsulta}
        </Typography>
      ) : (
        <Stack spacing={3} data-testid="statistics">
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }} data-testid="statistics-user">
              {fmt(T.estadisticasDe, { nombre: s.usuario.nombre })}
            </Typography>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1, alignItems: 'center' }}>
              <Chip size="small" label={s.usuario.cargo} color={positionColor(s.usuario.cargo)} />
              <Chip size="small" variant="outlined" label={s.usuario.area} />
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {s.usuario.email}
              </Typography>
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {fmt(T.rango, { desde: s.desde, hasta: s.hasta })}
            </Typography>
          </Paper>
          <Figures>
            <Figure label={T.totalCasos} value={<CountChip n={s.total} />} testId="stat-total" />
            <Figure label={T.abiertos} value={s.abiertos} testId="stat-abiertos" />
            <Figure label={T.cerrados} value={s.cerrados} testId="stat-cerrados" />
            <Figure label={T.porcentajeCerrados} value={<PercentChip p={s.porcentaje} />} testId="stat-porcentaje" />
            <Figure label={T.tiempoCierre} value={formatMinutes(s.tiempoCierreMin)} testId="stat-cierre" />
          </Figures>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                {T.casosPorEstado}
              </Typography>
              {s.porEstado.length === 0 ? (
                <Typography color="text.secondary">{MSG.noHayDatos}</Typography>
              ) : (
                <Stack spacing={1.5} component="ul" sx={{ p: 0, m: 0 }} data-testid="statistics-statuses">
                  {s.porEstado.map((e) => (
                    <Box component="li" key={e.estado} sx={{ listStyle: 'none' }}>
                      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                        <Typography variant="body2">
                          {e.estado}{' '}
                          <Typography component="span" variant="caption" color="text.secondary">
                            ({e.grupo})
                          </Typography>
                        </Typography>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {e.total}
                        </Typography>
                      </Stack>
                      <LinearProgress
                        variant="determinate"
                        value={s.total ? (100 * e.total) / s.total : 0}
                        color={e.grupo === 'Cerrado' ? 'success' : 'warning'}
                        aria-label={e.estado}
                      />
                    </Box>
                  ))}
                </Stack>
              )}
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                {T.abiertosVsCerrados}
              </Typography>
              {s.total === 0 ? (
                <Typography color="text.secondary">{MSG.noHayDatos}</Typography>
              ) : (
                <Box sx={{ width: '100%', height: 220 }}>
                  <ResponsiveContainer>
                    <PieChart>
                      <Pie
                        data={[
                          { nombre: T.abiertos, total: s.abiertos },
                          { nombre: T.cerrados, total: s.cerrados },
                        ]}
                        dataKey="total"
                        nameKey="nombre"
                        innerRadius="55%"
                        outerRadius="85%"
                        isAnimationActive={false}
                      >
                        {OPEN_CLOSED_COLORS.map((c) => (
                          <Cell key={c} fill={c} />
                        ))}
                      </Pie>
                      <Tooltip />
                      <Legend />
                    </PieChart>
                  </ResponsiveContainer>
                </Box>
              )}
              <Typography variant="body2" sx={{ mt: 1 }} color={`${percentColor(s.porcentaje)}.main`}>
                {T.porcentajeCerrados}: {s.porcentaje} %
              </Typography>
            </Paper>
          </Box>
        </Stack>
      )}
    </>
  );
}
