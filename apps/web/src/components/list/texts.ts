import type { Operator } from './types';

/**
 * Texts of the shared list pieces that the domain catalogue does not have yet; they belong in
 * MSG of @vialex/domain and will move there.
 */
export const LIST_TEXTS = {
  agregar: 'AGREGAR',
  actualizar: 'ACTUALIZAR',
  agregarCriterio: 'Agregar criterio',
  quitarCriterio: 'Quitar criterio',
  criteriosAplicados: 'Criterios aplicados: {n}',
  paginaAnterior: 'Página anterior',
  paginaSiguiente: 'Página siguiente',
  filasPorPagina: 'Filas por página',
  acciones: 'Acciones',
  editar: 'Editar',
  eliminar: 'Eliminar',
  estado: 'Estado',
  sinCoincidencias: 'Sin coincidencias',
  escribaParaBuscar: 'Escriba para buscar más ciudades',
} as const;

/** The operators as the criteria panel shows them (spec 1 §2). */
export const OPERATOR_LABELS: Record<Operator, string> = {
  eq: 'Igual',
  ne: 'Diferente',
  lt: 'Menor',
  lte: 'Menor o igual',
  gt: 'Mayor',
  gte: 'Mayor o igual',
};
