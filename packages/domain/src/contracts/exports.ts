import { z } from 'zod';
import { messageResponse, writablePageResponse } from './common.js';
import { listContract } from './lists.js';

/**
 * The SFTP export of a case's files (decisions.md D8; spec 3 §2 EXPORTACIONES SFTP): its states,
 * the list's contract and its answers.
 */
export const EXPORT_EN_PROCESO = 'En proceso';
export const EXPORT_FINALIZADO = 'Finalizado';
export const EXPORT_ERROR = 'Error';
/** Stopped by a person before it ended (not in the spec: its set of states is not shown). */
export const EXPORT_CANCELADO = 'Cancelado';
export const EXPORT_ESTADOS = [EXPORT_EN_PROCESO, EXPORT_FINALIZADO, EXPORT_ERROR, EXPORT_CANCELADO] as const;
export type ExportEstado = (typeof EXPORT_ESTADOS)[number];

/** One export as EXPORTACIONES SFTP shows it, with what this viewer may do with it. */
export const exportResponse = z.object({
  id: z.string(),
  caso: z.number(),
  uidcaso: z.string(),
  fechainicio: z.string(),
  fechafinalizacion: z.string().nullable(),
  estado: z.string(),
  /** Why it ended in Error (or the last failure while it is retried); empty otherwise. */
  mensaje: z.string(),
  /** Files sent of the total (the case's files, its summary JSON and its PDF). */
  enviados: z.number(),
  total: z.number(),
  acciones: z.object({ reintentar: z.boolean(), cancelar: z.boolean() }),
});
export type ExportResponse = z.infer<typeof exportResponse>;

/** GET /api/exportaciones: `write` says whether the viewer's cargo may export (and so retry or cancel). */
export const exportPageResponse = writablePageResponse(exportResponse);
export type ExportPage = z.infer<typeof exportPageResponse>;

/** POST /api/exportaciones/{id}/reintentar and …/cancelar. */
export const exportActionResponse = messageResponse.extend({ exportacion: exportResponse });
export type ExportActionResponse = z.infer<typeof exportActionResponse>;

/** EXPORTACIONES SFTP: filter on caso only, an integer (spec 3 §5). */
export const EXPORT_LIST = listContract({ caso: { type: 'int' } });

/** Where the case file PDF ('Expediente del caso') is downloaded from. */
export const caseFilePdfUrl = (caseId: string) => `/api/casos/${caseId}/expediente.pdf`;

/** Dates of EXPORTACIONES SFTP and of the case file (spec 3 §2), in Bogotá. */
export const EXPORT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The texts of the case file PDF ('Expediente del caso') and of its summary's sections. */
export const CASE_FILE_TEXTS = {
  /** The workspace's download (the same PDF an export sends). */
  expediente: 'Expediente del caso',
  generado: 'Generado el {fecha}',
  datosCaso: 'Datos del caso',
  equipo: 'Equipo del caso',
  polizas: 'Pólizas',
  historial: 'Historial de gestión',
  archivos: 'Archivos del caso',
  sinPolizas: 'SIN PÓLIZA',
  sinHistorial: 'Sin gestiones registradas',
  sinArchivos: 'Sin archivos',
  sinAsignar: 'Sin asignar',
  solicitado: 'Solicitado',
  pagina: 'Página {n} de {total}',
  campos: {
    caso: 'Caso',
    estado: 'Estado',
    creado: 'Fecha de creación',
    tipocaso: 'Tipo de caso',
    plan: 'Plan',
    producto: 'Producto',
    origen: 'Origen',
    ciudad: 'Ciudad del siniestro',
    departamento: 'Departamento',
    direccion: 'Dirección del siniestro',
    placa: 'Placa',
    vehiculo: 'Vehículo',
    empresa: 'Empresa',
    prioridad: 'Prioridad',
    relacion: 'Relación del cliente',
    cliente: 'Cliente',
    conductor: 'Conductor',
    propietario: 'Propietario',
    archivado: 'Archivado',
    si: 'Sí',
    no: 'No',
  },
  roles: {
    callcenter: 'Call Center',
    abogado: 'Abogado',
    abogadocait: 'Abogado CAIT',
    investigador: 'Investigador',
    perito: 'Perito',
    dibujante: 'Dibujante',
  },
  poliza: {
    fuente: 'Fuente',
    numero: 'Póliza',
    producto: 'Producto',
    vigencia: 'Vigencia',
    vencida: 'vencida',
  },
  carpetas: {
    'chat-general': 'Chat general',
    'chat-perito': 'Chat perito',
    'chat-dibujante': 'Chat dibujante',
    documentos: 'Documentos de gestión',
    'fotos-dron': 'Fotos de dron',
  },
} as const;

/** EXPORTACIONES SFTP's texts (spec 3 §2; the progress and the actions are Vialex's). */
export const EXPORT_LIST_TEXTS = {
  caso: 'Caso',
  fechaInicio: 'Fecha de inicio',
  fechaFinalizacion: 'Fecha de finalización',
  estado: 'Estado',
  progreso: 'Progreso',
  archivos: '{enviados} de {total} archivos',
  preparando: 'Preparando…',
  reintentar: 'Reintentar',
  cancelar: 'Cancelar',
  abrirCaso: 'Abrir el caso # {caso}',
  reintentada: 'exportación del caso #{caso} en proceso de nuevo',
  cancelada: 'exportación del caso #{caso} cancelada',
  sinFinalizar: '—',
} as const;
