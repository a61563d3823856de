/** Case statuses (spec 3 §4): the open group and the closing group. */
export const ESTADO_INICIAL = 'Recibido';

export const ESTADOS_ABIERTOS = [
  'Solicitando datos',
  'Recibido',
  'URI',
  'Verificado',
  'CHOQUE SIMPLE',
  'Asignado',
  'En atención',
  'HOSPITAL',
] as const;

export const ESTADOS_CIERRE = ['Cancelado', 'No conciliado', 'Conciliado', 'CERRADO'] as const;

/** Statuses the catalogue protects: the initial one and the closing ones cannot be edited. */
export const ESTADOS_NO_EDITABLES: readonly string[] = [ESTADO_INICIAL, ...ESTADOS_CIERRE];

export function normalizeEstadoCaso(estado: string | null | undefined): string {
  return estado && estado.trim() ? estado : ESTADO_INICIAL;
}

export function isClosedStatus(estado: string | null | undefined): boolean {
  return (ESTADOS_CIERRE as readonly string[]).includes(normalizeEstadoCaso(estado));
}

/** A case is open for an agent when it is not archived and its status is not a closing one. */
export function isOpenCase(c: { archivado: boolean; estado: string | null | undefined }): boolean {
  return !c.archivado && !isClosedStatus(c.estado);
}
