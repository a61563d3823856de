import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import {
  LABELS,
  REPORT_TEXTS as T,
  countColor,
  efficiencyColor,
  fmt,
  percentColor,
  type AreaRow,
  type CaseReportRow,
  type Eficiencia,
  type InvestigatorRow,
  type ReportResponse,
  type StatusRow,
  recordText,
} from '@vialex/domain';

export interface ReportColumn<R> {
  key: string;
  header: string;
  render: (row: R) => ReactNode;
  align?: 'right' | 'left';
  /** The card's title (phone). */
  title?: boolean;
}

export const CountChip = ({ n }: { n: number }) => (
  <Chip size="small" label={n} color={countColor(n)} variant="outlined" sx={{ fontWeight: 600 }} />
);
export const PercentChip = ({ p }: { p: number }) => <Chip size="small" label={`${p} %`} color={percentColor(p)} />;
export const EfficiencyChip = ({ e }: { e: Eficiencia }) => {
  const color = efficiencyColor(e);
  return <Chip size="small" label={e} color={color === 'default' ? 'default' : color} variant="filled" />;
};

export function investigatorColumns(open: (r: InvestigatorRow) => void): ReportColumn<InvestigatorRow>[] {
  return [
    {
      key: 'nombre',
      header: T.investigador,
      title: true,
      render: (r) =>
        r.id ? (
          <Link
            component="button"
            type="button"
            onClick={() => open(r)}
            aria-label={fmt(T.verDetalle, { nombre: r.nombre })}
            sx={{ textAlign: 'left', fontWeight: 600 }}
          >
            {r.nombre}
          </Link>
        ) : (
          r.nombre
        ),
    },
    { key: 'email', header: T.correo, render: (r) => r.email },
    { key: 'area', header: T.area, render: (r) => r.area },
    { key: 'total', header: T.total, align: 'right', render: (r) => <CountChip n={r.total} /> },
    { key: 'abiertos', header: T.abiertos, align: 'right', render: (r) => r.abiertos },
    { key: 'cerrados', header: T.cerrados, align: 'right', render: (r) => r.cerrados },
    { key: 'porcentaje', header: T.porcentaje, align: 'right', render: (r) => <PercentChip p={r.porcentaje} /> },
    { key: 'eficiencia', header: T.eficiencia, render: (r) => <EfficiencyChip e={r.eficiencia} /> },
  ];
}

export const areaColumns: ReportColumn<AreaRow>[] = [
  { key: 'area', header: T.area, title: true, render: (r) => r.area },
  { key: 'investigadores', header: T.investigadores, align: 'right', render: (r) => r.investigadores },
  { key: 'total', header: T.total, align: 'right', render: (r) => <CountChip n={r.total} /> },
  { key: 'abiertos', header: T.abiertos, align: 'right', render: (r) => r.abiertos },
  { key: 'cerrados', header: T.cerrados, align: 'right', render: (r) => r.cerrados },
  { key: 'porcentaje', header: T.porcentaje, align: 'right', render: (r) => <PercentChip p={r.porcentaje} /> },
];

export const statusColumns: ReportColumn<StatusRow>[] = [
  { key: 'estado', header: T.estado, title: true, render: (r) => r.estado },
  { key: 'grupo', header: T.grupo, render: (r) => r.grupo },
  { key: 'total', header: T.total, align: 'right', render: (r) => r.total },
  { key: 'porcentaje', header: '%', align: 'right', render: (r) => `${r.porcentaje} %` },
];

export const caseColumns: ReportColumn<CaseReportRow>[] = [
  {
    key: 'caso',
    header: T.caso,
    title: true,
    render: (r) => (
      <Link component={RouterLink} to={`/gestionar-caso/${r.id}`} sx={{ fontWeight: 600 }}>
        #{r.caso}
      </Link>
    ),
  },
  { key: 'creado', header: T.creado, render: (r) => recordText(r.creado) },
  { key: 'estado', header: T.estado, render: (r) => r.estado },
  { key: 'prioridad', header: T.prioridad, render: (r) => LABELS.casos.prioridades[r.prioridad] ?? r.prioridad },
  { key: 'investigador', header: T.investigador, render: (r) => r.investigador },
  { key: 'area', header: T.area, render: (r) => r.area },
  { key: 'titulo', header: T.titulo, render: (r) => r.titulo },
];

/** A result's rows with their columns, whatever its type. */
export function columnsOf(
  result: ReportResponse,
  open: (r: InvestigatorRow) => void,
): { rows: unknown[]; columns: ReportColumn<never>[] } {
  switch (result.tipo) {
    case 'por_investigador':
      return { rows: result.filas, columns: investigatorColumns(open) as ReportColumn<never>[] };
    case 'por_area':
      return { rows: result.filas, columns: areaColumns as ReportColumn<never>[] };
    case 'por_estado':
      return { rows: result.filas, columns: statusColumns as ReportColumn<never>[] };
    default:
      return { rows: result.filas, columns: caseColumns as ReportColumn<never>[] };
  }
}
