import { sql } from 'drizzle-orm';
import {
  DONUT_MAX_SLICES,
  DONUT_OTROS,
  MSG,
  REPORT_PAGE_SIZE,
  can,
  dashboardAgentCargos,
  dashboardPeriods,
  defaultRange,
  efficiency,
  isCargo,
  mayReadStatistics,
  percentComplete,
  reportArea,
  reportInvestigator,
  reportRange,
  statusGroup,
  type DashboardResponse,
  type DonutSlice,
  type InvestigatorDetail,
  type InvestigatorDetailQuery,
  type InvestigatorRow,
  type ReportExportQuery,
  type ReportQuery,
  type ReportResponse,
  type ReportSummary,
  type StatisticsQuery,
  type StatisticsResponse,
} from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { casos } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { Viewer } from '../../platform/viewer.js';
import { findUser } from '../users/queries.js';
import {
  agentsByAvailability,
  areaTotalsSql,
  casePage,
  investigatorTotals,
  monthFigures,
  openByStatus,
  reportWhere,
  rowsOf,
  statusTotalsSql,
  userStatistics,
  type InvestigatorTotals,
  type ReportFilters,
} from './queries.js';

/**
 * Consultas y Reportes (spec 3 §2, §5, §9), the dashboard (decisions.md D16) and a user's
 * statistics (decisions.md D7). Who may read: PERMISSIONS 'reportes.read' over the viewer's case
 * scope; the dashboard for every cargo over its own scope; statistics per mayReadStatistics.
 */

/** The dates a query covers: its own, else the last 30 days (spec 3 §9). */
export function rangeOf(q: { desde?: string; hasta?: string }) {
  const { desde, hasta } = q.desde && q.hasta ? { desde: q.desde, hasta: q.hasta } : defaultRange();
  return { desde, hasta, ...reportRange(desde, hasta) };
}

export function filtersOf(q: ReportExportQuery | InvestigatorDetailQuery) {
  const range = rangeOf(q);
  const filters: ReportFilters = { from: range.from, to: range.to, estado: q.estado, usuario: q.usuario };
  return { range, filters };
}

export function mayReadReports(viewer: Viewer, action: 'reportes.read' | 'reportes.export' = 'reportes.read') {
  if (!can(viewer.cargo, action)) throw forbidden();
}

function investigatorRow(t: InvestigatorTotals): InvestigatorRow {
  return {
    id: t.id,
    nombre: reportInvestigator(t.nombre),
    email: t.email,
    cargo: t.cargo,
    area: reportArea(t.area),
    total: t.total,
    abiertos: t.total - t.cerrados,
    cerrados: t.cerrados,
    alta: t.alta,
    porcentaje: percentComplete(t.cerrados, t.total),
    eficiencia: efficiency(t),
  };
}

function summaryOf(rows: InvestigatorTotals[]): ReportSummary {
  const first = rows[0];
  if (!first) return { investigadores: 0, total: 0, activos: 0, cerrados: 0 };
  return {
    investigadores: first.investigadores,
    total: first.allTotal,
    activos: first.allTotal - first.allCerrados,
    cerrados: first.allCerrados,
  };
}

/** The donut: the investigators with most cases and, when there are more, the rest as 'Otros'. */
function donutOf(rows: InvestigatorTotals[]): DonutSlice[] {
  const top = rows.slice(0, DONUT_MAX_SLICES);
  const slices: DonutSlice[] = top.map((r) => ({ id: r.id, nombre: reportInvestigator(r.nombre), total: r.total }));
  const shown = top.reduce((n, r) => n + r.total, 0);
  const rest = (rows[0]?.allTotal ?? 0) - shown;
  if (rest > 0) slices.push({ id: null, nombre: DONUT_OTROS, total: rest });
  return slices;
}

/** GET /api/reportes: one query type over its filters. */
export async function runReport(ctx: AppContext, viewer: Viewer, q: ReportQuery): Promise<ReportResponse> {
  mayReadReports(viewer);
  const { range, filters } = filtersOf(q);
  const where = reportWhere(viewer, filters);
  const db = ctx.db;
  const base = { desde: range.desde, hasta: range.hasta };
  switch (q.tipo) {
    case 'por_investigador': {
      const rows = await investigatorTotals(db, where);
      return {
        tipo: q.tipo,
        ...base,
        resumen: summaryOf(rows),
        dona: donutOf(rows),
        registros: rows.length,
        filas: rows.map(investigatorRow),
      };
    }
    case 'por_area': {
      const [top, areas] = await Promise.all([
        investigatorTotals(db, where, DONUT_MAX_SLICES),
        rowsOf(db, areaTotalsSql(where)),
      ]);
      const filas = areas.map((a) => {
        const total = Number(a.total);
        const cerrados = Number(a.cerrados);
        return {
          area: a.area as string,
          investigadores: Number(a.investigadores),
          total,
          abiertos: total - cerrados,
          cerrados,
          porcentaje: percentComplete(cerrados, total),
        };
      });
      return { tipo: q.tipo, ...base, resumen: summaryOf(top), dona: donutOf(top), registros: filas.length, filas };
    }
    case 'por_estado': {
      const [top, statuses] = await Promise.all([
        investigatorTotals(db, where, DONUT_MAX_SLICES),
        rowsOf(db, statusTotalsSql(where)),
      ]);
      const filas = statuses.map((s) => ({
        estado: s.estado as string,
        grupo: statusGroup(s.estado as string),
        total: Number(s.total),
        porcentaje: Number(s.porcentaje),
      }));
      return { tipo: q.tipo, ...base, resumen: summaryOf(top), dona: donutOf(top), registros: filas.length, filas };
    }
    case 'por_usuario':
    case 'por_fecha': {
      const [top, page] = await Promise.all([
        investigatorTotals(db, where, DONUT_MAX_SLICES),
        casePage(db, where, q, REPORT_PAGE_SIZE),
      ]);
      const resumen = summaryOf(top);
      return {
        tipo: q.tipo,
        ...base,
        resumen,
        dona: donutOf(top),
        registros: resumen.total,
        filas: page.rows.map((r) => ({
          id: r.id,
          caso: r.caso,
          creado: r.creado.toISOString(),
          estado: r.estado,
          prioridad: r.prioridad,
          area: reportArea(r.area),
          investigador: reportInvestigator(r.investigador),
          titulo: r.titulo,
          ciudad: r.ciudad,
        })),
        nextCursor: page.nextCursor,
        prevCursor: page.prevCursor,
      };
    }
  }
}

/** GET /api/reportes/investigadores/{id}: the detail dialog (name, e-mail, total, open, closed, percent, efficiency). */
export async function investigatorDetail(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  q: InvestigatorDetailQuery,
): Promise<InvestigatorDetail> {
  mayReadReports(viewer);
  const user = await findUser(ctx.db, id);
  if (!user) throw notFound(MSG.usuarioNoExiste);
  const { range, filters } = filtersOf(q);
  const where = sql`${reportWhere(viewer, filters)} and ${casos.uidinvestigador} = ${id}::uuid`;
  const [t] = await investigatorTotals(ctx.db, where);
  const row = investigatorRow(
    t ?? {
      id,
      nombre: null,
      email: '',
      cargo: '',
      area: null,
      total: 0,
      cerrados: 0,
      alta: 0,
      allTotal: 0,
      allCerrados: 0,
      investigadores: 0,
      grupos: 0,
    },
  );
  return {
    ...row,
    id,
    nombre: `${user.nombres} ${user.apellidos}`.trim(),
    email: user.email,
    cargo: user.cargo,
    area: reportArea(user.area),
    desde: range.desde,
    hasta: range.hasta,
  };
}

/** GET /api/dashboard: the viewer's scope at a glance (decisions.md D16). */
export async function dashboard(ctx: AppContext, viewer: Viewer, now = new Date()): Promise<DashboardResponse> {
  const periods = dashboardPeriods(now);
  const [month, open, agentes] = await Promise.all([
    monthFigures(ctx.db, viewer, periods),
    openByStatus(ctx.db, viewer),
    agentsByAvailability(ctx.db, dashboardAgentCargos(viewer.cargo)),
  ]);
  return {
    ...month,
    abiertos: open.reduce((n, r) => n + r.total, 0),
    esperandoInvestigador: open.reduce((n, r) => n + r.sinInvestigador, 0),
    porEstado: open.map(({ estado, total }) => ({ estado, total })),
    agentes,
    generado: now.toISOString(),
  };
}

/**
 * GET /api/estadisticas/{id}: that user's cases by status, open vs closed, percent closed, time to
 * close — of the cases in the viewer's list, as every report (a Call Center agent reading a
 * colleague's statistics counts only the cases they share).
 */
export async function statistics(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  q: StatisticsQuery,
): Promise<StatisticsResponse> {
  const user = await findUser(ctx.db, id);
  // A user the viewer may not see is answered as one that does not exist.
  if (!user || !isCargo(user.cargo) || !mayReadStatistics(viewer, { id: user.id, cargo: user.cargo }))
    throw notFound(MSG.usuarioNoExiste);
  const range = rangeOf(q);
  const rows = await userStatistics(ctx.db, viewer, id, range.from, range.to);
  const all = rows.find((r) => r.todo);
  const total = all?.total ?? 0;
  const cerrados = all?.cerrados ?? 0;
  return {
    usuario: {
      id: user.id,
      nombre: `${user.nombres} ${user.apellidos}`.trim(),
      email: user.email,
      cargo: user.cargo,
      area: reportArea(user.area),
    },
    desde: range.desde,
    hasta: range.hasta,
    total,
    abiertos: total - cerrados,
    cerrados,
    porcentaje: percentComplete(cerrados, total),
    tiempoCierreMin: all?.cierre ?? null,
    porEstado: rows
      .filter((r) => !r.todo)
      .map((r) => ({ estado: r.estado, grupo: statusGroup(r.estado), total: r.total })),
  };
}
