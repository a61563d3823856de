import Chip from '@mui/material/Chip';
import { MSG } from '@vialex/domain';

/**
 * A record's estado on every list (users, clients, vehicles, companies, areas, statuses): Activo
 * (green) or Inactivo (grey), written one way even where the spec writes ACTIVO / INACTIVO
 * (decisions.md D27).
 */
export function EstadoChip({ estado }: { estado: boolean }) {
  return (
    <Chip
      size="small"
      color={estado ? 'success' : 'default'}
      label={estado ? MSG.activo : MSG.inactivo}
      sx={{ fontWeight: 600 }}
      data-testid="estado-chip"
    />
  );
}

/**
 * Activo / Inactivo as a choice, the same words as the chip: the estado selector of edit dialogs
 * and the Estado criterion of every list (a select works on strings, the record holds a boolean).
 */
export const ESTADO_OPTIONS = [
  { value: 'true', label: MSG.activo },
  { value: 'false', label: MSG.inactivo },
] as const;
