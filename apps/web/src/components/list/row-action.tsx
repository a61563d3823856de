import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useConnection } from '../../lib/connection';

/** Read by screen readers, not shown. */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
  p: 0,
  m: '-1px',
} as const;

export interface RowActionProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  color?: 'primary' | 'error' | 'secondary' | 'default' | 'info' | 'success' | 'warning';
  /** A labelled button (a phone's card) instead of an icon named by its tooltip (a table row). */
  labelled?: boolean;
  /** The card's main action: a filled button. */
  main?: boolean;
  /**
   * Why the action can't be used now: the control shows disabled, the reason in its tooltip
   * and as its accessible description (on a card, also written under it: a phone has no hover).
   */
  reason?: string;
  testId?: string;
}

/** An action of a row: an icon button in the table's Acciones cell, a labelled button on a card. */
export function RowAction({
  label,
  icon,
  onClick,
  disabled = false,
  color = 'primary',
  labelled = false,
  main = false,
  reason: ownReason,
  testId,
}: RowActionProps) {
  // Offline: every row action is disabled with that reason (lib/connection).
  const offline = useConnection().reason;
  const reason = ownReason ?? offline;
  const reasonId = useId();
  const off = disabled || !!reason;
  const described = reason ? reasonId : undefined;
  if (labelled) {
    return (
      <Box sx={{ display: 'inline-flex', flexDirection: 'column', flex: '1 1 auto', maxWidth: '100%' }}>
        <Button
          variant={main ? 'contained' : 'outlined'}
          color={color === 'default' ? 'inherit' : color}
          startIcon={icon}
          onClick={onClick}
          disabled={off}
          aria-describedby={described}
          data-testid={testId}
          sx={{ minHeight: 40 }}
        >
          {label}
        </Button>
        {reason && (
          <Typography id={reasonId} variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
            {reason}
          </Typography>
        )}
      </Box>
    );
  }
  return (
    <Tooltip title={reason ?? label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-describedby={described}
          onClick={onClick}
          disabled={off}
          color={color}
          data-testid={testId}
        >
          {icon}
        </IconButton>
        {reason && (
          <Box component="span" id={reasonId} sx={visuallyHidden}>
            {reason}
          </Box>
        )}
      </span>
    </Tooltip>
  );
}

/** The actions of a row: in one line in a table cell, wrapping on a card. */
export function RowActions({ children, labelled = false }: { children: ReactNode; labelled?: boolean }) {
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={labelled ? 1 : 0.5}
      sx={{ flexWrap: labelled ? 'wrap' : 'nowrap', alignItems: 'flex-start' }}
    >
      {children}
    </Stack>
  );
}
