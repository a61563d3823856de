import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, type Me, type UserPhotoResponse } from '@vialex/domain';
import { ApiError, api } from '../../../lib/api';
import { meQueryKey } from '../../../lib/session';
import { usersQueryKey } from './list-users';

/** PUT /api/usuarios/:id/foto as multipart/form-data (one file `foto`). */
export async function putUserPhoto(userId: string, file: File): Promise<UserPhotoResponse> {
  const form = new FormData();
  form.append('foto', file, file.name);
  let res: Response;
  try {
    res = await fetch(`/api/usuarios/${userId}/foto`, {
      method: 'PUT',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, { statusCode: 0, code: 'NETWORK', message: MSG.sinConexion });
  }
  const body = await res.json().catch(() => undefined);
  if (!res.ok)
    throw new ApiError(res.status, body ?? { statusCode: res.status, code: 'HTTP', message: MSG.errorServidor });
  return body as UserPhotoResponse;
}

export const removeUserPhoto = (userId: string) => api.delete<UserPhotoResponse>(`/api/usuarios/${userId}/foto`);

/** Put or remove a user's photo; the lists and, for one's own, the header follow at once. */
export function useUserPhoto(userId: string) {
  const queryClient = useQueryClient();
  const settle = ({ foto }: UserPhotoResponse) => {
    queryClient.setQueryData<Me | null>(meQueryKey, (me) => (me && me.id === userId ? { ...me, foto } : me));
    return queryClient.invalidateQueries({ queryKey: usersQueryKey });
  };
  return useMutation({
    mutationFn: (file: File | null) => (file ? putUserPhoto(userId, file) : removeUserPhoto(userId)),
    onSuccess: settle,
  });
}
