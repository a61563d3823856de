import { caseFileUrl, isDocumentExtension, type HistoryEntry } from '@vialex/domain';

/*
 * One shape for an entry of HISTORIAL DE GESTIÓN, whether the workspace lists the history or a
 * status change answers the entry it wrote: the screen puts that answer straight into the list it
 * shows, so both must be the same.
 */

/** A history row as read (or as just written), with its attachment's row when it has one. */
export interface HistoryRow {
  id: string;
  fechahora: Date;
  descripcion: string;
  estado: string | null;
  nameArchivo: string | null;
  /** The writer's name (null: nobody, or a nameless account). */
  creador: string | null;
  archivoId: string | null;
  archivoNombre: string | null;
  extension: string | null;
}

/** A staff member's name as the history shows it: names and surnames, null when both are empty. */
export const historyAuthor = (u: { nombres: string | null; apellidos: string | null }) =>
  `${u.nombres ?? ''} ${u.apellidos ?? ''}`.trim() || null;

/** An entry numbered `numero` (1 is the newest). */
export function presentHistoryEntry(caseId: string, r: HistoryRow, numero: number): HistoryEntry {
  const extension = (r.extension ?? '').toLowerCase().replace(/^\./, '');
  return {
    id: r.id,
    numero,
    fechahora: r.fechahora.toISOString(),
    descripcion: r.descripcion,
    estado: r.estado,
    creador: r.creador,
    nombreArchivo: r.nameArchivo && r.nameArchivo !== 'no' ? r.nameArchivo : null,
    archivo: r.archivoId
      ? {
          id: r.archivoId,
          nombre: r.archivoNombre ?? r.nameArchivo ?? '',
          extension,
          tipo: isDocumentExtension(extension) ? 'documento' : 'imagen',
          url: caseFileUrl(caseId, r.archivoId),
        }
      : null,
  };
}
