import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Circle from '@mui/icons-material/Circle';
import Check from '@mui/icons-material/Check';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import type { Disponibilidad } from '@vialex/domain';
import { DISPONIBILIDAD_CORTA, ESTADO_USUARIO, MSG, disponibilidadInfo } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorDialog } from '../../components/message-dialog';

export interface AvailabilityPickerProps {
  value: string | null | undefined;
  /** Saves the confirmed choice; a rejection shows its message and restores the old value. */
  onConfirm: (value: Disponibilidad) => Promise<unknown>;
}

/**
 * The availability chip of the top bar and its picker. A choice is only shown as pending until
 * confirmed; cancelling puts the previous value back. The two busy values follow the open
 * cases, so they are listed but cannot be picked.
 */
export function AvailabilityPicker({ value, onConfirm }: AvailabilityPickerProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState<Disponibilidad | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = disponibilidadInfo(value);
  const shown = pending ? disponibilidadInfo(pending) : current;

  const pick = (v: Disponibilidad) => {
    setAnchor(null);
    if (v !== current.value) setPending(v);
  };

  const confirm = async () => {
    if (!pending) return;
    setSaving(true);
    try {
      await onConfirm(pending);
    } catch (e) {
      setError(isApiError(e) ? e.message : MSG.algoSalioMal);
    } finally {
      setSaving(false);
      setPending(null);
    }
  };

  return (
    <>
      <Chip
        data-testid="availability-chip"
        aria-label={`${MSG.disponibilidad}: ${shown.title}`}
        aria-haspopup="menu"
        color={shown.color}
        icon={<Circle sx={{ fontSize: 12 }} />}
        deleteIcon={<ArrowDropDown />}
        onDelete={(e) => setAnchor((e.currentTarget as HTMLElement).closest('.MuiChip-root') as HTMLElement)}
        onClick={(e) => setAnchor(e.currentTarget)}
        label={
          <>
            {/* A phone shows the short words (the accessible name keeps the full value). */}
            <Box component="span" aria-hidden sx={{ display: { xs: 'inline', sm: 'none' } }}>
              {DISPONIBILIDAD_CORTA[shown.value]}
            </Box>
            <Box component="span" aria-hidden sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {shown.title}
            </Box>
          </>
        }
        sx={{
          fontWeight: 600,
          border: '1px solid rgba(255,255,255,0.6)',
          '& .MuiChip-label': { px: { xs: 0.75, sm: 1 } },
          '& .MuiChip-icon': { color: 'inherit', ml: 1 },
        }}
      />
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, minWidth: 260 } } }}
      >
        <ListSubheader sx={{ lineHeight: '36px' }}>{MSG.disponibilidad}</ListSubheader>
        {ESTADO_USUARIO.map((estado) => (
          <MenuItem
            key={estado.value}
            disabled={!estado.manual}
            selected={estado.value === shown.value}
            onClick={() => pick(estado.value)}
          >
            <ListItemIcon>
              <Circle color={estado.color === 'default' ? undefined : estado.color} sx={{ fontSize: 14 }} />
            </ListItemIcon>
            <ListItemText>{estado.title}</ListItemText>
            {estado.value === shown.value && <Check fontSize="small" sx={{ ml: 2 }} />}
          </MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        open={pending !== null}
        title={MSG.actualizarEstadoTitulo}
        text={MSG.actualizarEstadoTexto}
        busy={saving}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
      <ErrorDialog open={error !== null} message={error ?? undefined} onClose={() => setError(null)} />
    </>
  );
}
