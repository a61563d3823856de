import { MSG } from '@vialex/domain';
import type { ConfirmOptions } from './use-confirm';
import type { Feedback } from './use-feedback';

/** The delete icon's question (spec 1 §8, spec 3 §8). */
export const ELIMINAR: ConfirmOptions = {
  title: MSG.eliminarRegistro,
  confirmText: MSG.siEliminar,
  cancelText: MSG.cancelar,
};
/** The inactivate action's question (spec 3 §8: areas and the status catalogue). */
export const INACTIVAR: ConfirmOptions = {
  title: MSG.inactivarRegistro,
  confirmText: MSG.siInactivar,
  cancelText: MSG.cancelar,
};

/**
 * The delete icon of every list: '¿Está seguro de eliminar este registro?', then the soft delete,
 * then the 'Operación Exitosa' toast (naming the record when `detail` says what happened to
 * whom) or the failure popup. Cancelling changes nothing. True when the record was deactivated.
 * `ask` replaces the question (the inactivate action's), `successTitle` the toast's title
 * (the spec's 'Operación Exitosa').
 */
export async function deactivateAfterConfirm(
  confirm: (options: ConfirmOptions) => Promise<boolean>,
  feedback: Feedback,
  deactivate: () => Promise<unknown>,
  detail?: string,
  { ask = ELIMINAR, successTitle }: { ask?: ConfirmOptions; successTitle?: string } = {},
): Promise<boolean> {
  if (!(await confirm(ask))) return false;
  try {
    await deactivate();
    feedback.success(detail, successTitle);
    return true;
  } catch (e) {
    feedback.fail(e);
    return false;
  }
}
