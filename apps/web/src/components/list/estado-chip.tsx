import Chip from '@mui/material/Chip';
import { MSG } from '@vialex/domain';

/** A record's estado: Activo (green) or Inactivo (spec 1 §2); ACTIVO / INACTIVO where the spec writes it so (spec 3 §2). */
export function EstadoChip({ estado, upper = false }: { estado: boolean; upper?: boolean }) {
  const label = estado ? MSG.activo : MSG.inactivo;
  return (
    <Chip
      size="small"
      color={estado ? 'success' : 'default'}
      label={upper ? label.toUpperCase() : label}
      sx={{ fontWeight: 600 }}
    />
  );
}

/** The estado selector of edit dialogs: a select works on strings, the record holds a boolean. */
export const ESTADO_OPTIONS = [
  { value: 'true', label: MSG.activo },
  { value: 'false', label: MSG.inactivo },
] as const;
