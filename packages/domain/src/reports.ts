import { ESTADOS_CIERRE } from './case-status.js';
import type { Cargo } from './cargos.js';
import { BOGOTA_OFFSET_MS, DEFAULT_PRIORIDAD, PRIORIDADES } from './constants.js';
import { USER_STATUS_VISIBLE, visibleUserCargos } from './permissions.js';

/**
 * Consultas y Reportes, the dashboard and a user's statistics (spec 3 §2 Reports, §5, §9 "Report
 * types" and "Report rules"; decisions.md D7, D13, D16): the rules as pure functions, so the server
 * (which computes the figures in SQL) and the web (which colours them) read one definition.
 */

export const REPORT_TYPES = ['por_investigador', 'por_usuario', 'por_estado', 'por_fecha', 'por_area'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The query-type choice as the screen names it (spec 3 §9: por_area is 'Productividad por Área'). */
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  por_investigador: 'Por investigador',
  por_usuario: 'Por usuario',
  por_estado: 'Por estado',
  por_fecha: 'Por fecha',
  por_area: 'Productividad por Área',
};

/** Report types whose rows are cases (paged on the server); the others are one row per group. */
export const CASE_ROW_REPORTS: readonly ReportType[] = ['por_usuario', 'por_fecha'];
export const isCaseRowReport = (tipo: ReportType) => CASE_ROW_REPORTS.includes(tipo);

/** Spec 3 §9 "Report rules". */
export const SIN_ASIGNAR = 'Sin asignar';
export const SIN_AREA = 'Sin área';
export type Prioridad = (typeof PRIORIDADES)[number];
/** Rows per page of the results table (spec 3 §9). */
export const REPORT_PAGE_SIZE = 15;
/** A statistic covers the cases of the last 30 days (spec 3 §9): the default range. */
export const STATISTIC_DAYS = 30;
/** Efficiency 'Alta' allows at most this many high-priority cases (spec 3 §9). */
export const ALTA_MAX_HIGH_PRIORITY = 2;
/** The donut's slices: the investigators with most cases, the rest together as 'Otros'. */
export const DONUT_MAX_SLICES = 8;
export const DONUT_OTROS = 'Otros';
/** The donut's palette of 5 colours (spec 3 §9), repeated when there are more slices. */
export const DONUT_PALETTE = ['#1976d2', '#2e7d32', '#ed6c02', '#9c27b0', '#d32f2f'] as const;

/** A priority as reports read it: missing or unknown is media (spec 3 §9). */
export function normalizePrioridad(value: string | null | undefined): Prioridad {
  const v = (value ?? '').trim().toLowerCase();
  return (PRIORIDADES as readonly string[]).includes(v) ? (v as Prioridad) : DEFAULT_PRIORIDAD;
}

/** The area a case is reported under: its investigator's area, else 'Sin área' (decisions.md D13). */
export function reportArea(area: string | null | undefined): string {
  return area && area.trim() ? area : SIN_AREA;
}

/** The investigator a case is reported under: the name, else 'Sin asignar' (spec 3 §9). */
export function reportInvestigator(nombre: string | null | undefined): string {
  return nombre && nombre.trim() ? nombre : SIN_ASIGNAR;
}

/** Percent complete: closed divided by total, rounded (spec 3 §9); 0 with no cases. */
export function percentComplete(cerrados: number, total: number): number {
  return total > 0 ? Math.round((cerrados / total) * 100) : 0;
}

export const EFICIENCIAS = ['Alta', 'Media', 'Baja', 'Sin datos'] as const;
export type Eficiencia = (typeof EFICIENCIAS)[number];

/**
 * Efficiency (spec 3 §9): no cases, 'Sin datos'; Alta with a closed ratio of at least 80 % and at
 * most 2 high-priority cases; Media with at least 50 %; otherwise Baja. The ratio is the exact
 * one (7 of 9 closed is 77.8 %, not Alta although it rounds to 78); the high-priority cases are
 * those among the cases counted (the query's range: the spec does not say which period).
 */
export function efficiency(c: { total: number; cerrados: number; alta: number }): Eficiencia {
  if (c.total <= 0) return 'Sin datos';
  const ratio = c.cerrados / c.total;
  if (ratio >= 0.8 && c.alta <= ALTA_MAX_HIGH_PRIORITY) return 'Alta';
  if (ratio >= 0.5) return 'Media';
  return 'Baja';
}

/** The badge colours the reports use (MUI palette names). */
export type ReportColor = 'success' | 'warning' | 'error';

/** A case count: 20 or more is error, 10 or more warning, otherwise success (spec 3 §9). */
export function countColor(count: number): ReportColor {
  if (count >= 20) return 'error';
  if (count >= 10) return 'warning';
  return 'success';
}

/** A percent: 80 or more is success, 50 or more warning, otherwise error (spec 3 §9). */
export function percentColor(percent: number): ReportColor {
  if (percent >= 80) return 'success';
  if (percent >= 50) return 'warning';
  return 'error';
}

/** An efficiency's colour: Alta success, Media warning, Baja error, Sin datos none. */
export function efficiencyColor(e: Eficiencia): ReportColor | 'default' {
  return e === 'Alta' ? 'success' : e === 'Media' ? 'warning' : e === 'Baja' ? 'error' : 'default';
}

/** The badge colour of a position (spec 3 §6: investigador, supervisor, coordinador, gerente). */
export function positionColor(cargo: string): 'primary' | 'secondary' | 'info' | 'warning' | 'default' {
  const c = cargo.toLowerCase();
  if (c.includes('gerente') || c.includes('administrador')) return 'warning';
  if (c.includes('coordinador')) return 'secondary';
  if (c.includes('supervisor')) return 'info';
  if (c.includes('investigador')) return 'primary';
  return 'default';
}

/** The status groups as reports name them. */
export const GRUPO_ABIERTO = 'Abierto';
export const GRUPO_CERRADO = 'Cerrado';
export function statusGroup(estado: string | null | undefined): typeof GRUPO_ABIERTO | typeof GRUPO_CERRADO {
  return (ESTADOS_CIERRE as readonly string[]).includes(estado ?? '') ? GRUPO_CERRADO : GRUPO_ABIERTO;
}

// ---------------------------------------------------------------------------------------------
// Days in Bogotá: [D 00:00 −05:00, D+1 00:00 −05:00) all year (BOGOTA_OFFSET_MS).

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The years a report date may name (a typo such as 20250 is refused, not run over no cases). */
export const REPORT_YEAR_MIN = 2000;
export const REPORT_YEAR_MAX = 2100;

/** Whether a text is a real calendar day YYYY-MM-DD within the report years. */
export function isReportDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  if (year < REPORT_YEAR_MIN || year > REPORT_YEAR_MAX) return false;
  const d = new Date(Date.UTC(year, Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** The instant a Bogotá day starts. */
export function bogotaDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + BOGOTA_OFFSET_MS);
}

/** The Bogotá calendar day of an instant, YYYY-MM-DD. */
export function bogotaDay(instant: Date): string {
  return new Date(instant.getTime() - BOGOTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** A Bogotá day moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(bogotaDayStart(day).getTime() + days * DAY_MS - BOGOTA_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * A report's date range as instants: from the start of `desde` to the end of `hasta`, both in
 * Bogotá (spec 3 §5: the end date is inclusive to the end of that day), as a half-open interval
 * [from, to): `to` is the start of the day after `hasta`.
 */
export function reportRange(desde: string, hasta: string): { from: Date; to: Date } {
  return { from: bogotaDayStart(desde), to: bogotaDayStart(addDays(hasta, 1)) };
}

/** The default range: the last STATISTIC_DAYS days, today included (spec 3 §9). */
export function defaultRange(now: Date = new Date()): { desde: string; hasta: string } {
  const hasta = bogotaDay(now);
  return { desde: addDays(hasta, -(STATISTIC_DAYS - 1)), hasta };
}

/** Today and this month in Bogotá, as the dashboard counts them. */
export function dashboardPeriods(now: Date = new Date()): { today: Date; month: Date; tomorrow: Date } {
  const day = bogotaDay(now);
  return {
    today: bogotaDayStart(day),
    month: bogotaDayStart(`${day.slice(0, 8)}01`),
    tomorrow: bogotaDayStart(addDays(day, 1)),
  };
}

/** A CSV export's file name: the query type and the day (spec 3 §9), e.g. reporte_por_fecha_2026-11-26.csv. */
export function reportFileName(tipo: ReportType, now: Date = new Date()): string {
  return `reporte_${tipo}_${bogotaDay(now)}.csv`;
}

// ---------------------------------------------------------------------------------------------
// Who may read what (spec 3 §6 shows no role check; docs/decisions.md "Reports" explains these choices). Who
// may open Consultas y Reportes and export is PERMISSIONS 'reportes.read' / 'reportes.export'.

/**
 * A user's statistics (/estadistica/{id}): one's own, or those of a user the viewer's users list
 * or user-status list shows (the rows the statistics are linked from).
 */
export function mayReadStatistics(viewer: { id: string; cargo: Cargo }, target: { id: string; cargo: Cargo }): boolean {
  return (
    viewer.id === target.id ||
    visibleUserCargos(viewer.cargo).includes(target.cargo) ||
    USER_STATUS_VISIBLE[viewer.cargo].includes(target.cargo)
  );
}

/** The cargos whose agents the dashboard counts by availability: those the viewer's user-status list shows. */
export function dashboardAgentCargos(viewer: Cargo): readonly Cargo[] {
  return USER_STATUS_VISIBLE[viewer];
}
