import { useRef, useState } from 'react';
import { MSG } from '@vialex/domain';
import { ConfirmDialog } from '../confirm-dialog';

export interface ConfirmOptions {
  title: string;
  text?: string;
  warning?: string;
  confirmText?: string;
  cancelText?: string;
}

/**
 * `await confirm({...})` resolves true when the user accepts and false when they cancel, so a
 * row action reads as one straight sequence: ask, write, report.
 */
export function useConfirm() {
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<ConfirmOptions>({ title: '' });
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = (opts: ConfirmOptions) =>
    new Promise<boolean>((resolve) => {
      resolver.current?.(false);
      resolver.current = resolve;
      setOptions(opts);
      setOpen(true);
    });

  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOpen(false);
  };

  const element = (
    <ConfirmDialog
      open={open}
      title={options.title}
      text={options.text}
      warning={options.warning}
      confirmText={options.confirmText ?? MSG.si}
      cancelText={options.cancelText ?? MSG.cancelar}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  );

  return { confirm, element };
}
