import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LABELS, USER_PHOTO_ACCEPT, USER_PHOTO_MAX_MB, fmt } from '@vialex/domain';
import { UserAvatar } from '../../components/user-avatar';
import { isApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/session';
import { useUserPhoto } from './api/user-photo';

export interface UserPhotoFieldProps {
  userId: string;
  nombre: string;
  foto: string | null | undefined;
}

/**
 * The photo of a user (the user form, one's own profile): shows it, uploads a new one at once
 * (the server checks type and size by content and answers in Spanish), removes it.
 */
export function UserPhotoField({ userId, nombre, foto }: UserPhotoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState(foto ?? null);
  const [error, setError] = useState<string | null>(null);
  const photo = useUserPhoto(userId);
  const send = async (file: File | null) => {
    setError(null);
    try {
      setCurrent((await photo.mutateAsync(file)).foto);
    } catch (e) {
      setError(isApiError(e) ? e.message : String(e));
    }
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="user-photo-field">
      <UserAvatar nombre={nombre} foto={current} size={64} />
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" size="small" disabled={photo.isPending} onClick={() => input.current?.click()}>
            {current ? LABELS.usuarios.cambiarFoto : LABELS.usuarios.subirFoto}
          </Button>
          {current && (
            <Button size="small" color="error" disabled={photo.isPending} onClick={() => void send(null)}>
              {LABELS.usuarios.quitarFoto}
            </Button>
          )}
        </Stack>
        <Typography variant="caption" color={error ? 'error' : 'text.secondary'} role={error ? 'alert' : undefined}>
          {error ?? fmt(LABELS.usuarios.fotoAyuda, { mb: USER_PHOTO_MAX_MB })}
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        accept={USER_PHOTO_ACCEPT}
        hidden
        aria-label={LABELS.usuarios.foto}
        data-testid="user-photo-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void send(file);
        }}
      />
    </Stack>
  );
}

/** The signed-in user's own photo (the account menu's profile place). */
export function OwnPhotoField() {
  const me = useCurrentUser();
  return <UserPhotoField userId={me.id} nombre={`${me.nombres} ${me.apellidos}`.trim()} foto={me.foto} />;
}
