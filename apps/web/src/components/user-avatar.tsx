import Avatar from '@mui/material/Avatar';
import { LABELS, fmt } from '@vialex/domain';

/** Two initials of a name (the avatar without a photo); a chat name's digits and [role] are skipped. */
export function initialsOf(nombre: string): string {
  const [first = '', ...rest] = nombre
    .trim()
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w));
  return `${first[0] ?? ''}${rest.at(-1)?.[0] ?? ''}`.toUpperCase();
}

/** A user's avatar (the users list, the chat, the profile): their photo, else their initials. */
export function UserAvatar({ nombre, foto, size = 34 }: { nombre: string; foto?: string | null; size?: number }) {
  return (
    <Avatar
      src={foto ?? undefined}
      alt={foto ? fmt(LABELS.usuarios.fotoDe, { nombre }) : undefined}
      sx={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.42),
        fontWeight: 700,
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
      }}
      data-testid="user-avatar"
    >
      {initialsOf(nombre)}
    </Avatar>
  );
}
