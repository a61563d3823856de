import { MSG } from '@vialex/domain';
import type { ConfirmOptions } from './use-confirm';
import type { Feedback } from './use-feedback';

/**
 * The delete icon of every list: 'Esta seguro de eliminar este registro?', then the soft delete,
 * then 'Operación Exitosa' or the failure popup. Cancelling changes nothing.
 */
export async function deactivateAfterConfirm(
  confirm: (options: ConfirmOptions) => Promise<boolean>,
  feedback: Feedback,
  deactivate: () => Promise<unknown>,
): Promise<void> {
  if (!(await confirm({ title: MSG.eliminarRegistro, confirmText: MSG.siEliminar, cancelText: MSG.cancelar }))) return;
  try {
    await deactivate();
    feedback.success();
  } catch (e) {
    feedback.fail(e);
  }
}
