import { MSG } from '@vialex/domain';
import type { ConfirmOptions } from './use-confirm';
import type { Feedback } from './use-feedback';

/**
 * The delete icon of every list: 'Esta seguro de eliminar este registro?', then the soft delete,
 * then the 'Operación Exitosa' toast (naming the record when `detail` says what happened to
 * whom) or the failure popup. Cancelling changes nothing. True when the record was deactivated.
 */
export async function deactivateAfterConfirm(
  confirm: (options: ConfirmOptions) => Promise<boolean>,
  feedback: Feedback,
  deactivate: () => Promise<unknown>,
  detail?: string,
): Promise<boolean> {
  if (!(await confirm({ title: MSG.eliminarRegistro, confirmText: MSG.siEliminar, cancelText: MSG.cancelar })))
    return false;
  try {
    await deactivate();
    feedback.success(detail);
    return true;
  } catch (e) {
    feedback.fail(e);
    return false;
  }
}
