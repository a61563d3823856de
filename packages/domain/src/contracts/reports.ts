import { z } from 'zod';
import { MSG } from '../messages.js';
import { EFICIENCIAS, REPORT_TYPES, isReportDay } from '../reports.js';

/**
 * Consultas y Reportes, the dashboard and a user's statistics: the queries they accept and the
 * answers they give (spec 3 §2, §5, §8, §9; decisions.md D7, D13, D16).
 */

/** The screens' texts that the spec does not give (Vialex's; the spec's toasts are in MSG). */
export const REPORT_TEXTS = {
  tipoConsulta: 'Tipo de consulta',
  tipoNoValido: 'Tipo de consulta no válido',
  fechaInicio: 'Fecha de inicio',
  fechaFin: 'Fecha de fin',
  fechaNoValida: 'Fecha no válida: un día AAAA-MM-DD entre los años 2000 y 2100',
  fechasInvertidas: 'La fecha de inicio no puede ser posterior a la fecha de fin',
  estado: 'Estado',
  todosEstados: 'Todos',
  usuario: 'Usuario',
  usuarioNoValido: 'Usuario no válido',
  buscarUsuario: 'Escriba un nombre o correo',
  consultar: 'Consultar',
  exportar: 'Exportar',
  registros: '{n} registros',
  resumen: 'Resumen',
  totalInvestigadores: 'Total investigadores',
  totalCasos: 'Total casos',
  casosActivos: 'Casos activos',
  casosCerrados: 'Casos cerrados',
  casosPorInvestigador: 'Casos por investigador',
  detalleInvestigador: 'Detalle del investigador',
  verDetalle: 'Ver detalle de {nombre}',
  cerrar: 'Cerrar',
  nombre: 'Nombre',
  correo: 'Correo',
  cargo: 'Cargo',
  total: 'Total',
  abiertos: 'Abiertos',
  cerrados: 'Cerrados',
  porcentaje: '% Completado',
  eficiencia: 'Eficiencia',
  altaPrioridad: 'Alta prioridad',
  area: 'Área',
  investigadores: 'Investigadores',
  grupo: 'Grupo',
  caso: 'Caso',
  creado: 'Fecha de creación',
  prioridad: 'Prioridad',
  investigador: 'Investigador',
  titulo: 'Título',
  ciudad: 'Ciudad',
  sinResultados: 'No hay datos para mostrar',
  rango: 'Del {desde} al {hasta}',
  estadisticasDe: 'Estadísticas de {nombre}',
  verEstadisticas: 'Ver estadísticas',
  porcentajeCerrados: '% Cerrados',
  tiempoCierre: 'Tiempo promedio de cierre',
  tiempoLlegada: 'Tiempo promedio de llegada',
  sinDato: '—',
  casosPorEstado: 'Casos por estado',
  abiertosVsCerrados: 'Abiertos vs. cerrados',
  aplicar: 'Aplicar',
  // Dashboard (decisions.md D16)
  casosHoy: 'Casos hoy',
  casosMes: 'Casos este mes',
  cerradosMes: 'Cerrados de este mes',
  abiertosAhora: 'Casos abiertos',
  esperandoInvestigador: 'Esperando investigador',
  abiertosPorEstado: 'Abiertos por estado',
  agentesPorDisponibilidad: 'Agentes por disponibilidad',
  delMes: 'casos creados este mes',
  actualizado: 'Actualizado a las {hora}',
  enVivo: 'En vivo',
  misEstadisticas: 'Mis estadísticas',
  demasiadasExportaciones: 'Hay demasiadas exportaciones en curso; intente de nuevo en unos segundos',
} as const;

/** An optional query value: an empty one is the same as none. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const day = z
  .string({ error: REPORT_TEXTS.fechaNoValida })
  .trim()
  .refine(isReportDay, { message: REPORT_TEXTS.fechaNoValida });

/** The date pair every report reads: both or neither, in order (spec 3 §5; Vialex refuses a reversed pair). */
const dateRange = {
  desde: optional(day),
  hasta: optional(day),
};

function checkDates(v: { desde?: string; hasta?: string }, ctx: z.RefinementCtx, required: boolean) {
  if ((required && (!v.desde || !v.hasta)) || !v.desde !== !v.hasta) {
    ctx.addIssue({ code: 'custom', message: MSG.seleccionarFechas, path: [v.desde ? 'hasta' : 'desde'] });
    return;
  }
  if (v.desde && v.hasta && isReportDay(v.desde) && isReportDay(v.hasta) && v.desde > v.hasta)
    ctx.addIssue({ code: 'custom', message: REPORT_TEXTS.fechasInvertidas, path: ['hasta'] });
}

/** The filters of a report (Consultar, Exportar and the investigator detail share them). */
export const reportFilterShape = {
  ...dateRange,
  estado: optional(z.string({ error: MSG.estadoNoValido }).trim().max(60, MSG.estadoNoValido)),
  usuario: optional(z.uuid({ error: REPORT_TEXTS.usuarioNoValido })),
};

const tipo = z.enum(REPORT_TYPES, { error: REPORT_TEXTS.tipoNoValido });

function checkReport(v: { tipo: string; usuario?: string; desde?: string; hasta?: string }, ctx: z.RefinementCtx) {
  if (v.tipo === 'por_usuario' && !v.usuario)
    ctx.addIssue({ code: 'custom', message: MSG.seleccionarUsuario, path: ['usuario'] });
  checkDates(v, ctx, v.tipo === 'por_fecha');
}

/** GET /api/reportes/exportar: the query of Consultar without the paging. */
export const reportExportQuerySchema = z.object({ tipo, ...reportFilterShape }).superRefine(checkReport);
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;

/** GET /api/reportes: a query type, its filters and, for the case rows, a keyset cursor. */
export const reportQuerySchema = z
  .object({
    tipo,
    ...reportFilterShape,
    cursor: optional(z.string().max(200)),
    dir: z.enum(['next', 'prev']).default('next'),
  })
  .superRefine(checkReport);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** GET /api/reportes/investigadores/{id}: the detail dialog over the same filters. */
export const investigatorDetailQuerySchema = z
  .object(reportFilterShape)
  .superRefine((v, ctx) => checkDates(v, ctx, false));
export type InvestigatorDetailQuery = z.infer<typeof investigatorDetailQuerySchema>;

/** GET /api/estadisticas/{id}: a date range, the last 30 days without one. */
export const statisticsQuerySchema = z.object(dateRange).superRefine((v, ctx) => checkDates(v, ctx, false));
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

/** GET /api/reportes/usuarios: the user select's search. */
export const reportUsersQuerySchema = z.object({ q: optional(z.string().trim().max(100)) });

const count = z.number().int().nonnegative();

/** The summary card (spec 3 §2). */
export const reportSummary = z.object({
  investigadores: count,
  total: count,
  activos: count,
  cerrados: count,
});
export type ReportSummary = z.infer<typeof reportSummary>;

/** A slice of the donut of cases per investigator (id null: 'Sin asignar' or 'Otros'). */
export const donutSlice = z.object({ id: z.string().nullable(), nombre: z.string(), total: count });
export type DonutSlice = z.infer<typeof donutSlice>;

/** One investigator's figures: a row of por_investigador and the detail dialog. */
export const investigatorRow = z.object({
  /** Null for 'Sin asignar'. */
  id: z.string().nullable(),
  nombre: z.string(),
  email: z.string(),
  cargo: z.string(),
  area: z.string(),
  total: count,
  abiertos: count,
  cerrados: count,
  /** High-priority cases (prioridad alta) among them. */
  alta: count,
  porcentaje: count,
  eficiencia: z.enum(EFICIENCIAS),
});
export type InvestigatorRow = z.infer<typeof investigatorRow>;

/** A row of por_area (Productividad por Área). */
export const areaRow = z.object({
  area: z.string(),
  investigadores: count,
  total: count,
  abiertos: count,
  cerrados: count,
  porcentaje: count,
});
export type AreaRow = z.infer<typeof areaRow>;

/** A row of por_estado. */
export const statusRow = z.object({
  estado: z.string(),
  grupo: z.string(),
  total: count,
  /** This status's share of the cases found, rounded. */
  porcentaje: count,
});
export type StatusRow = z.infer<typeof statusRow>;

/** A case row of por_usuario and por_fecha. */
export const caseReportRow = z.object({
  id: z.string(),
  caso: z.number(),
  creado: z.string(),
  estado: z.string(),
  prioridad: z.string(),
  area: z.string(),
  investigador: z.string(),
  titulo: z.string(),
  ciudad: z.string(),
});
export type CaseReportRow = z.infer<typeof caseReportRow>;

const reportBase = {
  desde: z.string(),
  hasta: z.string(),
  resumen: reportSummary,
  dona: z.array(donutSlice),
  /** The count chip: records found (groups, or cases for the case-row types). */
  registros: count,
};

const casePage = {
  filas: z.array(caseReportRow),
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
};

/** GET /api/reportes. */
export const reportResponse = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('por_investigador'), ...reportBase, filas: z.array(investigatorRow) }),
  z.object({ tipo: z.literal('por_area'), ...reportBase, filas: z.array(areaRow) }),
  z.object({ tipo: z.literal('por_estado'), ...reportBase, filas: z.array(statusRow) }),
  z.object({ tipo: z.literal('por_usuario'), ...reportBase, ...casePage }),
  z.object({ tipo: z.literal('por_fecha'), ...reportBase, ...casePage }),
]);
export type ReportResponse = z.infer<typeof reportResponse>;

/** GET /api/reportes/investigadores/{id}. */
export const investigatorDetailResponse = investigatorRow.extend({ desde: z.string(), hasta: z.string() });
export type InvestigatorDetail = z.infer<typeof investigatorDetailResponse>;

/** GET /api/reportes/usuarios. */
export const reportUsersResponse = z.array(z.object({ id: z.string(), nombre: z.string(), cargo: z.string() }));
export type ReportUser = z.infer<typeof reportUsersResponse>[number];

/** GET /api/dashboard: the viewer's scope at a glance (decisions.md D16). */
export const dashboardResponse = z.object({
  hoy: count,
  mes: count,
  /** This month's cases already in a closing status. */
  mesCerrados: count,
  /** Open cases now (not archived, not in a closing status), and those with no investigator. */
  abiertos: count,
  esperandoInvestigador: count,
  porEstado: z.array(z.object({ estado: z.string(), total: count })),
  /** Averages over this month's cases, in minutes: creation → arrival, creation → closing. */
  tiempoLlegadaMin: z.number().nullable(),
  tiempoCierreMin: z.number().nullable(),
  /** Active users by cargo and availability, for the cargos the viewer's user-status list shows. */
  agentes: z.array(z.object({ cargo: z.string(), disponibilidad: z.string(), total: count })),
  generado: z.string(),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

/** GET /api/estadisticas/{id} (decisions.md D7). */
export const statisticsResponse = z.object({
  usuario: z.object({ id: z.string(), nombre: z.string(), email: z.string(), cargo: z.string(), area: z.string() }),
  desde: z.string(),
  hasta: z.string(),
  total: count,
  abiertos: count,
  cerrados: count,
  porcentaje: count,
  tiempoCierreMin: z.number().nullable(),
  porEstado: z.array(z.object({ estado: z.string(), grupo: z.string(), total: count })),
});
export type StatisticsResponse = z.infer<typeof statisticsResponse>;

/** Where the CSV export is downloaded from, with the query's filters. */
export const REPORT_EXPORT_PATH = '/api/reportes/exportar';
