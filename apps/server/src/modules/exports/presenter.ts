import { EXPORT_CANCELADO, EXPORT_EN_PROCESO, EXPORT_ERROR, can, type ExportResponse } from '@vialex/domain';
import type { Viewer } from '../../platform/viewer.js';
import type { ExportRow } from './queries.js';

/** An export as EXPORTACIONES SFTP and the live list show it, with what this viewer may do with it. */
export function presentExport(row: ExportRow, viewer: Pick<Viewer, 'cargo'>): ExportResponse {
  const mayExport = can(viewer.cargo, 'casos.export');
  return {
    id: row.id,
    caso: row.caso,
    uidcaso: row.uidcaso,
    fechainicio: row.fechainicio.toISOString(),
    fechafinalizacion: row.fechafinalizacion?.toISOString() ?? null,
    estado: row.estado,
    mensaje: row.mensaje,
    enviados: row.enviados,
    total: row.total,
    acciones: {
      reintentar: mayExport && (row.estado === EXPORT_ERROR || row.estado === EXPORT_CANCELADO),
      cancelar: mayExport && row.estado === EXPORT_EN_PROCESO,
    },
  };
}
