import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { QuickClientResponse, quickClientSchema } from '@vialex/domain';
import { api } from '../../../lib/api';

export type QuickClient = z.output<typeof quickClientSchema>;
export type QuickClientCreated = QuickClientResponse;

/** Affected-person quick registration from the case dialog (type CC and city BOGOTA on the server). */
export function quickRegisterClient(values: QuickClient): Promise<QuickClientCreated> {
  return api.post<QuickClientCreated>('/api/casos/clientes-rapido', values);
}

export function useQuickRegisterClient() {
  return useMutation({ mutationFn: quickRegisterClient });
}
