import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useConnection } from '../../lib/connection';

export interface RowActionProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  color?: 'primary' | 'error' | 'secondary' | 'default' | 'info' | 'success' | 'warning';
}

/** An icon button of a row's Acciones cell, named by its tooltip. */
export function RowAction({ label, icon, onClick, disabled = false, color = 'primary' }: RowActionProps) {
  // Offline: every row action is disabled with that reason (lib/connection).
  const offline = useConnection().reason;
  return (
    <Tooltip title={offline ?? label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled || !!offline} color={color}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'nowrap' }}>
      {children}
    </Stack>
  );
}
