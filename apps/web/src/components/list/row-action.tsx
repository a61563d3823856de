import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';

export interface RowActionProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  color?: 'primary' | 'error' | 'secondary' | 'default' | 'info' | 'success' | 'warning';
}

/** An icon button of a row's Acciones cell, named by its tooltip. */
export function RowAction({ label, icon, onClick, disabled = false, color = 'primary' }: RowActionProps) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled} color={color}>
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
