import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  LABELS,
  MSG,
  REPORT_PAGE_SIZE,
  REPORT_TEXTS as T,
  REPORT_TYPE_LABELS,
  TITLES,
  defaultRange,
  fmt,
  isCaseRowReport,
  type DonutSlice,
  type InvestigatorRow,
} from '@vialex/domain';
import { PageTitle } from '../../components/page-title';
import { CenteredSpinner } from '../../components/centered-spinner';
import { showSuccess } from '../../components/list/use-feedback';
import { isApiError } from '../../lib/api';
import { showToast } from '../../lib/toasts';
import { downloadExport, useReport, type ReportPageParams, type ReportParams } from './api/reports';
import { DonutChart } from './donut-chart';
import { InvestigatorDialog } from './investigator-dialog';
import { columnsOf, type ReportColumn } from './report-columns';
import { ReportFilters, type FilterValues } from './report-filters';
import { ReportTable } from './report-table';
import { Figure, Figures } from './summary-card';

const warn = (message: string) => showToast('reportes-aviso', message, { variant: 'warning' });
const fail = (message: string) => showToast('reportes-error', message, { variant: 'error' });

/** The spec's checks before a query is sent (spec 3 §5); the server makes them again. */
function validate(v: FilterValues): string | null {
  if (v.tipo === 'por_usuario' && !v.usuario) return MSG.seleccionarUsuario;
  if ((v.tipo === 'por_fecha' && (!v.desde || !v.hasta)) || !v.desde !== !v.hasta) return MSG.seleccionarFechas;
  if (v.desde && v.hasta && v.desde > v.hasta) return T.fechasInvertidas;
  return null;
}

function paramsOf(v: FilterValues): ReportParams {
  return {
    tipo: v.tipo,
    desde: v.desde || undefined,
    hasta: v.hasta || undefined,
    estado: v.estado || undefined,
    usuario: v.usuario?.id,
  };
}

/**
 * Consultas y Reportes (spec 3 §2): the five query types with their filters, Consultar and
 * Exportar; the results 15 to a page with the count chip; the donut of cases per investigator;
 * the summary card; the investigator detail dialog. The figures come computed from the server.
 */
export default function ReportsPage() {
  const [values, setValues] = useState<FilterValues>(() => ({
    tipo: 'por_investigador',
    ...defaultRange(),
    estado: '',
    usuario: null,
  }));
  const [params, setParams] = useState<ReportPageParams | null>(null);
  const [page, setPage] = useState(0);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const report = useReport(params);
  const result = report.data;

  const consult = () => {
    const problem = validate(values);
    if (problem) return warn(problem);
    const next = paramsOf(values);
    setPage(0);
    // The same query again reads it again.
    if (JSON.stringify(next) === JSON.stringify(params)) void report.refetch();
    else setParams(next);
  };

  const exportCsv = async () => {
    const problem = validate(values);
    if (problem) return warn(problem);
    if (result && params && JSON.stringify(paramsOf(values)) === JSON.stringify(stripPage(params)) && !result.registros)
      return showToast('reportes-aviso', MSG.noHayDatosExportar, { variant: 'info' });
    setExporting(true);
    try {
      await downloadExport(paramsOf(values));
      showSuccess(MSG.datosExportados);
    } catch (err) {
      if (isApiError(err) && err.status === 404)
        showToast('reportes-aviso', MSG.noHayDatosExportar, { variant: 'info' });
      else if (isApiError(err) && err.status === 403) fail(MSG.noAutorizado);
      else if (isApiError(err) && err.status === 400) warn(err.message);
      else fail(MSG.errorExportar);
    } finally {
      setExporting(false);
    }
  };

  // 'Error al ejecutar la consulta' (or the server's own reason for a refused query) once per failure.
  useEffect(() => {
    const err = report.error;
    if (!err) return;
    if (isApiError(err) && err.status === 403) fail(MSG.noAutorizado);
    else if (isApiError(err) && err.status === 400) warn(err.message);
    else fail(MSG.errorConsulta);
  }, [report.error, report.errorUpdatedAt]);

  const openDetail = (r: InvestigatorRow) => r.id && setDetailId(r.id);
  const onSlice = (s: DonutSlice) => s.id && setDetailId(s.id);

  return (
    <>
      <PageTitle title={TITLES.consultas} />
      <ReportFilters
        values={values}
        onChange={setValues}
        onQuery={consult}
        onExport={exportCsv}
        exporting={exporting}
      />
      {report.isFetching && !result && <CenteredSpinner />}
      {result && (
        <Stack spacing={3} data-testid="report-result" aria-busy={report.isFetching}>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
                {T.resumen}
              </Typography>
              <Figures min={110}>
                <Figure
                  label={T.totalInvestigadores}
                  value={result.resumen.investigadores}
                  testId="summary-investigadores"
                />
                <Figure label={T.totalCasos} value={result.resumen.total} testId="summary-total" />
                <Figure label={T.casosActivos} value={result.resumen.activos} testId="summary-activos" />
                <Figure label={T.casosCerrados} value={result.resumen.cerrados} testId="summary-cerrados" />
              </Figures>
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <DonutChart title={T.casosPorInvestigador} slices={result.dona} onSelect={onSlice} />
            </Paper>
          </Box>
          <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                {REPORT_TYPE_LABELS[result.tipo]}
              </Typography>
              <Chip
                color="primary"
                size="small"
                label={fmt(T.registros, { n: result.registros })}
                data-testid="report-count"
              />
              <Typography variant="caption" color="text.secondary">
                {fmt(T.rango, { desde: result.desde, hasta: result.hasta })}
              </Typography>
            </Stack>
            <Results
              result={result}
              page={page}
              setPage={setPage}
              params={params!}
              setParams={setParams}
              open={openDetail}
            />
          </Paper>
        </Stack>
      )}
      <InvestigatorDialog id={detailId} filters={params && stripPage(params)} onClose={() => setDetailId(null)} />
    </>
  );
}

function stripPage(p: ReportPageParams): ReportParams {
  const { cursor: _c, dir: _d, ...rest } = p;
  return rest;
}

function Results({
  result,
  page,
  setPage,
  params,
  setParams,
  open,
}: {
  result: NonNullable<ReturnType<typeof useReport>['data']>;
  page: number;
  setPage: (n: number) => void;
  params: ReportPageParams;
  setParams: (p: ReportPageParams) => void;
  open: (r: InvestigatorRow) => void;
}) {
  const { rows, columns } = columnsOf(result, open);
  const serverPaged = isCaseRowReport(result.tipo);
  const pages = serverPaged ? 1 : Math.max(1, Math.ceil(rows.length / REPORT_PAGE_SIZE));
  const shown = serverPaged ? rows : rows.slice(page * REPORT_PAGE_SIZE, (page + 1) * REPORT_PAGE_SIZE);
  const hasPrev = serverPaged ? 'prevCursor' in result && !!result.prevCursor : page > 0;
  const hasNext = serverPaged ? 'nextCursor' in result && !!result.nextCursor : page < pages - 1;
  const go = (dir: 'next' | 'prev') => {
    if (serverPaged && 'nextCursor' in result) {
      const cursor = dir === 'next' ? result.nextCursor : result.prevCursor;
      if (cursor) setParams({ ...params, cursor, dir });
    } else setPage(dir === 'next' ? page + 1 : page - 1);
  };
  return (
    <>
      <ReportTable
        rows={shown as Record<string, unknown>[]}
        columns={columns as ReportColumn<Record<string, unknown>>[]}
        label={REPORT_TYPE_LABELS[result.tipo]}
        rowKey={(r: Record<string, unknown>, i) => String(r.id ?? r.area ?? r.estado ?? i)}
      />
      {(hasPrev || hasNext) && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center', mt: 2 }}>
          {!serverPaged && (
            <Typography variant="body2" color="text.secondary">
              {page + 1} / {pages}
            </Typography>
          )}
          <Button size="small" disabled={!hasPrev} onClick={() => go('prev')}>
            {LABELS.list.paginaAnterior}
          </Button>
          <Button size="small" disabled={!hasNext} onClick={() => go('next')}>
            {LABELS.list.paginaSiguiente}
          </Button>
        </Stack>
      )}
    </>
  );
}
