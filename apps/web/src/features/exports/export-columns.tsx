import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Replay from '@mui/icons-material/Replay';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import { EXPORT_LIST_TEXTS, LABELS, EXPORT_EN_PROCESO, EXPORT_FINALIZADO, fmt, recordText } from '@vialex/domain';
import { ListCard } from '../../components/list/list-card';
import { RowAction, RowActions } from '../../components/list/row-action';
import type { ListColumn, RenderCard } from '../../components/list/types';
import type { ExportRow } from './api/list-exports';

export interface ExportColumnActions {
  retry: (e: ExportRow) => void;
  cancel: (e: ExportRow) => void;
  /** The export whose action is under way (its buttons wait). */
  busyId: string | null;
}

/** The state: green when Finalizado, neutral otherwise (spec 3 §2); an Error carries its reason. */
export function ExportEstado({ e }: { e: ExportRow }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Chip
        size="small"
        label={e.estado}
        color={e.estado === EXPORT_FINALIZADO ? 'success' : 'default'}
        sx={{ fontWeight: 600 }}
        data-testid="export-estado"
      />
      {e.mensaje && (
        <Typography
          variant="caption"
          component="div"
          color={e.estado === EXPORT_EN_PROCESO ? 'text.secondary' : 'error'}
          sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
          data-testid="export-mensaje"
        >
          {e.mensaje}
        </Typography>
      )}
    </Box>
  );
}

/** Files sent of the total, as a bar and in words; read out as the bar's value. */
export function ExportProgress({ e }: { e: ExportRow }) {
  const words = e.total
    ? fmt(EXPORT_LIST_TEXTS.archivos, { enviados: e.enviados, total: e.total })
    : EXPORT_LIST_TEXTS.preparando;
  const value = e.total ? Math.round((e.enviados / e.total) * 100) : 0;
  return (
    <Box sx={{ minWidth: 120 }} data-testid="export-progress">
      <LinearProgress
        variant={e.total || e.estado !== EXPORT_EN_PROCESO ? 'determinate' : 'indeterminate'}
        value={value}
        color={e.estado === EXPORT_FINALIZADO ? 'success' : 'primary'}
        aria-label={EXPORT_LIST_TEXTS.progreso}
        aria-valuetext={words}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary">
        {words}
      </Typography>
    </Box>
  );
}

function ExportActions({ e, actions, labelled }: { e: ExportRow; actions: ExportColumnActions; labelled: boolean }) {
  if (!e.acciones.reintentar && !e.acciones.cancelar) return null;
  const busy = actions.busyId === e.id;
  return (
    <RowActions labelled={labelled}>
      {e.acciones.reintentar && (
        <RowAction
          label={EXPORT_LIST_TEXTS.reintentar}
          icon={<Replay fontSize="small" />}
          onClick={() => actions.retry(e)}
          disabled={busy}
          labelled={labelled}
          main={labelled}
          testId="export-retry"
        />
      )}
      {e.acciones.cancelar && (
        <RowAction
          label={EXPORT_LIST_TEXTS.cancelar}
          icon={<StopCircleOutlined fontSize="small" />}
          color="error"
          onClick={() => actions.cancel(e)}
          disabled={busy}
          labelled={labelled}
          testId="export-cancel"
        />
      )}
    </RowActions>
  );
}

const caseLink = (e: ExportRow) => (
  <Link
    component={RouterLink}
    to={`/gestionar-caso/${e.uidcaso}`}
    aria-label={fmt(EXPORT_LIST_TEXTS.abrirCaso, { caso: e.caso })}
    sx={{ fontWeight: 700 }}
  >
    {e.caso}
  </Link>
);

/** EXPORTACIONES SFTP's columns: caso, fecha de inicio, fecha de finalización, estado (spec 3 §2), then progress and actions. */
export function exportColumns(actions: ExportColumnActions, canWrite: boolean): ListColumn<ExportRow>[] {
  const columns: ListColumn<ExportRow>[] = [
    { key: 'caso', header: EXPORT_LIST_TEXTS.caso, sticky: 'left', width: 90, render: caseLink },
    {
      key: 'fechainicio',
      header: EXPORT_LIST_TEXTS.fechaInicio,
      minWidth: 170,
      render: (e) => recordText(e.fechainicio),
    },
    {
      key: 'fechafinalizacion',
      header: EXPORT_LIST_TEXTS.fechaFinalizacion,
      minWidth: 170,
      render: (e) => recordText(e.fechafinalizacion) || EXPORT_LIST_TEXTS.sinFinalizar,
    },
    { key: 'estado', header: EXPORT_LIST_TEXTS.estado, minWidth: 200, render: (e) => <ExportEstado e={e} /> },
    { key: 'progreso', header: EXPORT_LIST_TEXTS.progreso, minWidth: 160, render: (e) => <ExportProgress e={e} /> },
  ];
  if (!canWrite) return columns;
  return [
    ...columns,
    {
      key: 'acciones',
      header: LABELS.list.acciones,
      sticky: 'right',
      width: 104,
      render: (e) => <ExportActions e={e} actions={actions} labelled={false} />,
    },
  ];
}

/** An export as a phone card: the case, its state and reason, the dates, the progress, the actions. */
export function exportCard(actions: ExportColumnActions): RenderCard<ExportRow> {
  return function ExportCard(e) {
    return (
      <ListCard
        overline={EXPORT_LIST_TEXTS.caso}
        title={caseLink(e)}
        prominent
        status={<ExportEstado e={e} />}
        fields={[
          { label: EXPORT_LIST_TEXTS.fechaInicio, value: recordText(e.fechainicio) },
          {
            label: EXPORT_LIST_TEXTS.fechaFinalizacion,
            value: recordText(e.fechafinalizacion) || EXPORT_LIST_TEXTS.sinFinalizar,
          },
          { label: EXPORT_LIST_TEXTS.progreso, value: <ExportProgress e={e} /> },
        ]}
        actions={<ExportActions e={e} actions={actions} labelled />}
      />
    );
  };
}
