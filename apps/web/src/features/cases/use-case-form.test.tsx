import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { CARGOS, can, type Me } from '@vialex/domain';
import { createQueryClient } from '../../lib/query-client';
import { CurrentUserContext } from '../../lib/session';
import type { Feedback } from '../../components/list/use-feedback';
import { useCaseForm } from './use-case-form';

const feedback = {} as Feedback;

describe('useCaseForm: NUEVO and Cronos are offered only where the permission table allows creating', () => {
  it.each(CARGOS)('%s', (cargo) => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={createQueryClient()}>
        <CurrentUserContext.Provider value={{ id: 'u1', cargo } as Me}>{children}</CurrentUserContext.Provider>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useCaseForm(feedback, () => {}), { wrapper });
    expect(result.current.canCreate).toBe(can(cargo, 'casos.create'));
    expect(result.current.canCreate).toBe(
      ['Administrador', 'Call Center', 'Coordinador Contact Center'].includes(cargo),
    );
  });
});
