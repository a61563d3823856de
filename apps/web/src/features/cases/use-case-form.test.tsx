import { describe, expect, it } from 'vitest';
import { CARGOS, can, type Me } from '@vialex/domain';
import type { Feedback } from '../../components/list/use-feedback';
import { useCaseForm } from './use-case-form';
import { renderHookWithApp } from '../../test/render';

const feedback = {} as Feedback;

describe('useCaseForm: NUEVO and Cronos are offered only where the permission table allows creating', () => {
  it.each(CARGOS)('%s', (cargo) => {
    const { result } = renderHookWithApp(() => useCaseForm(feedback, () => {}), { user: { id: 'u1', cargo } as Me });
    expect(result.current.canCreate).toBe(can(cargo, 'casos.create'));
    expect(result.current.canCreate).toBe(
      ['Administrador', 'Call Center', 'Coordinador Contact Center'].includes(cargo),
    );
  });
});
