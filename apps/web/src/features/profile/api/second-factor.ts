import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { FactorAdded, RecoveryCodes, SecondFactorStatus, TotpSetup } from '@vialex/domain';
import { api, isApiError } from '../../../lib/api';

const BASE = '/api/auth/segundo-factor';
export const secondFactorKey = ['segundo-factor'] as const;

/** The server's answer when a change needs the password again (within the last minutes). */
export const isProofRequired = (e: unknown) => isApiError(e) && e.code === 'PASSWORD_PROOF_REQUIRED';

export function useSecondFactor() {
  return useQuery({ queryKey: secondFactorKey, queryFn: () => api.get<SecondFactorStatus>(BASE) });
}

export const confirmPassword = (password: string) => api.post<null>(`${BASE}/confirmar`, { password });
export const startTotp = () => api.post<TotpSetup>(`${BASE}/totp`);
export const confirmTotp = (codigo: string) => api.post<FactorAdded>(`${BASE}/totp/confirmar`, { codigo });
export const removeTotp = () => api.delete<null>(`${BASE}/totp`);
export const passkeyOptions = () => api.post<PublicKeyCredentialCreationOptionsJSON>(`${BASE}/llaves/opciones`);
export const addPasskey = (nombre: string, respuesta: RegistrationResponseJSON) =>
  api.post<FactorAdded>(`${BASE}/llaves`, { nombre, respuesta });
export const removePasskey = (id: string) => api.delete<null>(`${BASE}/llaves/${encodeURIComponent(id)}`);
export const newRecoveryCodes = () => api.post<RecoveryCodes>(`${BASE}/codigos`);

/** A change of the factors; the status is read again after it, whatever its outcome. */
export function useFactorChange<A, T>(fn: (arg: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: secondFactorKey }),
  });
}
