import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { MSG, REPORT_TEXTS as T, fmt, positionColor } from '@vialex/domain';
import { CenteredSpinner } from '../../components/centered-spinner';
import { useInvestigatorDetail, type ReportParams } from './api/reports';
import { CountChip, EfficiencyChip, PercentChip } from './report-columns';

/** The investigator detail (spec 3 §2): name, e-mail, total, open, closed, percent complete, efficiency. */
export function InvestigatorDialog({
  id,
  filters,
  onClose,
}: {
  id: string | null;
  filters: ReportParams | null;
  onClose: () => void;
}) {
  const detail = useInvestigatorDetail(id, filters);
  const d = detail.data;
  const row = (label: string, value: React.ReactNode) => (
    <Box sx={{ display: 'contents' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Box>{value}</Box>
    </Box>
  );
  return (
    <Dialog open={!!id} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="investigator-detail-title">
      <DialogTitle id="investigator-detail-title">{T.detalleInvestigador}</DialogTitle>
      <DialogContent data-testid="investigator-detail">
        {detail.isPending ? (
          <CenteredSpinner />
        ) : !d ? (
          <Typography color="error">{detail.error?.message ?? MSG.errorConsulta}</Typography>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, alignItems: 'center' }}>
            {row(T.nombre, <Typography sx={{ fontWeight: 700 }}>{d.nombre}</Typography>)}
            {row(T.correo, <Typography sx={{ overflowWrap: 'anywhere' }}>{d.email}</Typography>)}
            {row(T.cargo, <Chip size="small" label={d.cargo} color={positionColor(d.cargo)} />)}
            {row(T.area, d.area)}
            {row(T.total, <CountChip n={d.total} />)}
            {row(T.abiertos, d.abiertos)}
            {row(T.cerrados, d.cerrados)}
            {row(T.porcentaje, <PercentChip p={d.porcentaje} />)}
            {row(T.eficiencia, <EfficiencyChip e={d.eficiencia} />)}
            {row(T.altaPrioridad, d.alta)}
            <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
              {fmt(T.rango, { desde: d.desde, hasta: d.hasta })}
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.cerrar}</Button>
      </DialogActions>
    </Dialog>
  );
}
