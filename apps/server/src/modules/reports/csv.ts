import type { SQL } from 'drizzle-orm';
import {
  REPORT_TEXTS as T,
  efficiency,
  percentComplete,
  reportArea,
  reportFileName,
  reportInvestigator,
  statusGroup,
  type ReportExportQuery,
  type ReportType,
} from '@vialex/domain';
import type { AppContext } from '../../platform/context.js';
import { openCsvExport, type CsvExport, type ExportPlan } from '../../platform/csv-export.js';
import type { Viewer } from '../../platform/viewer.js';
import { recordAudit } from '../audit/record.js';
import { areaTotalsSql, caseExportSql, investigatorTotalsSql, reportWhere, statusTotalsSql } from './queries.js';
import { filtersOf, mayReadReports } from './service.js';

/**
 * Exportar (spec 3 §2, §9): the rows the query's table shows, all of them, as CSV named by the
 * query type and the day, streamed from a database cursor (platform/csv-export.ts).
 */

const n = Number;

function plan(tipo: ReportType, where: SQL): ExportPlan {
  switch (tipo) {
    case 'por_investigador':
      return {
        header: [
          T.investigador,
          T.correo,
          T.cargo,
          T.area,
          T.total,
          T.abiertos,
          T.cerrados,
          T.porcentaje,
          T.eficiencia,
          T.altaPrioridad,
        ],
        query: investigatorTotalsSql(where),
        // id, nombre, email, cargo, area, total, cerrados, alta, …
        row: (r) => {
          const [total, cerrados, alta] = [n(r[5]), n(r[6]), n(r[7])];
          return [
            reportInvestigator(r[1] as string | null),
            r[2],
            r[3],
            reportArea(r[4] as string | null),
            total,
            total - cerrados,
            cerrados,
            percentComplete(cerrados, total),
            efficiency({ total, cerrados, alta }),
            alta,
          ];
        },
      };
    case 'por_area':
      return {
        header: [T.area, T.investigadores, T.total, T.abiertos, T.cerrados, T.porcentaje],
        query: areaTotalsSql(where),
        row: (r) => {
          const [total, cerrados] = [n(r[2]), n(r[3])];
          return [r[0], n(r[1]), total, total - cerrados, cerrados, percentComplete(cerrados, total)];
        },
      };
    case 'por_estado':
      return {
        header: [T.estado, T.grupo, T.total, '%'],
        query: statusTotalsSql(where),
        row: (r) => [r[0], statusGroup(r[0] as string), n(r[1]), n(r[2])],
      };
    case 'por_usuario':
    case 'por_fecha':
      return {
        header: [T.caso, T.creado, T.estado, T.prioridad, T.area, T.investigador, T.titulo, T.ciudad],
        query: caseExportSql(where),
        row: (r) => r,
      };
  }
}

/** Exportar: the report's rows, named by the query type and the day; the export is recorded in AUDITORÍA. */
export async function exportReport(
  ctx: AppContext,
  viewer: Viewer,
  q: ReportExportQuery,
  now = new Date(),
): Promise<CsvExport> {
  mayReadReports(viewer, 'reportes.export');
  const fileName = reportFileName(q.tipo, now);
  const stream = await openCsvExport(ctx, plan(q.tipo, reportWhere(viewer, filtersOf(q).filters)), () =>
    // Recorded once it has rows to send: an empty export sends nothing and records nothing.
    recordAudit(ctx.db, {
      actor: viewer,
      accion: 'reporte.exportado',
      objeto: { tipo: 'reporte', id: q.tipo, etiqueta: fileName },
      despues: { ...q },
    }),
  );
  return { fileName, stream };
}
