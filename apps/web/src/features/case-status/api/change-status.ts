import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseStatusChange } from '@vialex/domain';
import { postForm } from '../../../lib/api';
import { caseKeys, recordStatusChange } from '../../../lib/case-keys';

export interface StatusChangeInput {
  estado: string;
  descripcion: string;
  archivo?: File | null;
  /** Upload progress, 0–100 (the form shows it while a document goes up). */
  onProgress?: (percent: number) => void;
}

/**
 * Saves a status change as multipart/form-data: the fields first, then the document (lib/api
 * postForm, with upload progress).
 */
export function changeStatus(caseId: string, input: StatusChangeInput): Promise<CaseStatusChange> {
  const form = new FormData();
  form.append('estado', input.estado);
  form.append('descripcion', input.descripcion);
  if (input.archivo) form.append('archivo', input.archivo, input.archivo.name);
  return postForm<CaseStatusChange>(`/api/casos/${caseId}/gestion`, form, input.onProgress);
}

export function useChangeStatus(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StatusChangeInput) => changeStatus(caseId, input),
    // The answer is the new status and its history entry: shown at once, with or without the live
    // channel; the form (a closing status locks it) and the lists are read again.
    onSuccess: (change) => recordStatusChange(queryClient, caseId, change),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: caseKeys.statusForm(caseId) }),
        queryClient.invalidateQueries({ queryKey: ['casos'] }),
      ]),
  });
}
