import Chip from '@mui/material/Chip';
import { MSG } from '@vialex/domain';

/** A record's estado: Activo (green) or Inactivo (spec 1 §2). */
export function EstadoChip({ estado }: { estado: boolean }) {
  return (
    <Chip
      size="small"
      color={estado ? 'success' : 'default'}
      label={estado ? MSG.activo : MSG.inactivo}
      sx={{ fontWeight: 600 }}
    />
  );
}

/** The estado selector of edit dialogs: a select works on strings, the record holds a boolean. */
export const ESTADO_OPTIONS = [
  { value: 'true', label: MSG.activo },
  { value: 'false', label: MSG.inactivo },
] as const;
