import { useEffect } from 'react';
import type { Cargo } from '@vialex/domain';

/**
 * An agent dialog's form, emptied each time it opens on a row. When the row offers one type only
 * (a coordinator assigns only their own group; one type is left to ask for) that type is chosen
 * already. `reset` is the form's.
 */
export function useAgentTypeOnOpen(
  rowId: string | undefined,
  types: readonly string[],
  reset: (values: { tipo?: Cargo }) => void,
): void {
  const onlyType = types.length === 1 ? (types[0] as Cargo) : undefined;
  useEffect(() => {
    if (rowId) reset(onlyType ? { tipo: onlyType } : {});
  }, [rowId, onlyType, reset]);
}
