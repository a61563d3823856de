import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, type ApiErrorBody, type CaseStatusChange } from '@vialex/domain';
import { ApiError } from '../../../lib/api';

export interface StatusChangeInput {
  estado: string;
  descripcion: string;
  archivo?: File | null;
  /** Upload progress, 0–100 (the form shows it while a document goes up). */
  onProgress?: (percent: number) => void;
}

/**
 * Saves a status change as multipart/form-data (the fields first, then the file, so the server
 * reads the note before the document streams in). XMLHttpRequest rather than fetch: only it
 * reports upload progress.
 */
export function changeStatus(caseId: string, input: StatusChangeInput): Promise<CaseStatusChange> {
  const form = new FormData();
  form.append('estado', input.estado);
  form.append('descripcion', input.descripcion);
  if (input.archivo) form.append('archivo', input.archivo, input.archivo.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/casos/${caseId}/gestion`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) input.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, { statusCode: 0, code: 'NETWORK', message: MSG.sinConexion }));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as CaseStatusChange);
      const b = (body ?? {}) as Partial<ApiErrorBody>;
      reject(
        new ApiError(xhr.status, {
          statusCode: xhr.status,
          code: b.code ?? String(xhr.status),
          message: b.message ?? MSG.errorServidor,
          ...(b.issues ? { issues: b.issues } : {}),
        }),
      );
    };
    xhr.send(form);
  });
}

export function useChangeStatus(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StatusChangeInput) => changeStatus(caseId, input),
    // The case, its history and the lists: everything under the cases key.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['casos'] }),
  });
}
