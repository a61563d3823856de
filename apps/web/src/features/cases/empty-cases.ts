import type { Cargo } from '@vialex/domain';
import { LABELS } from '@vialex/domain';

/** The cargos whose cases are given to them (a coordinator assigns them): their empty list says so. */
const ASSIGNED_CARGOS: readonly Cargo[] = ['Investigador', 'Perito', 'Dibujante'];

/** What an empty case list says when nothing was searched: for whom cases are assigned, that one will come. */
export function emptyCasesText(cargo: Cargo, archived: boolean): string | undefined {
  if (!ASSIGNED_CARGOS.includes(cargo)) return undefined;
  return archived ? LABELS.casos.sinCasosArchivados : LABELS.casos.sinCasosCampo;
}
