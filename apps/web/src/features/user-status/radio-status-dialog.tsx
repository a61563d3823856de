import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Circle from '@mui/icons-material/Circle';
import type { ChipColor } from '@vialex/domain';
import { MSG } from '@vialex/domain';
import { usePhone } from '../../lib/use-phone';

export interface RadioStatusOption {
  value: string;
  label: string;
  disabled?: boolean;
  color?: ChipColor;
}

export interface RadioStatusDialogProps {
  open: boolean;
  title: string;
  /** Whose state it is (full name and cargo). */
  subtitle: string;
  options: readonly RadioStatusOption[];
  value: string;
  /** A pick only asks for confirmation; the caller shows `value` back as it was if cancelled. */
  onPick: (value: string) => void;
  onClose: () => void;
}

/** A radio choice of one user's state (availability, login); picking opens the confirmation. */
export function RadioStatusDialog({ open, title, subtitle, options, value, onPick, onClose }: RadioStatusDialogProps) {
  const phone = usePhone();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ fontWeight: 700, color: 'primary.dark' }}>
        {title}
      </DialogTitle>
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {subtitle}
        </Typography>
        <RadioGroup value={value} onChange={(e) => onPick(e.target.value)} aria-labelledby={titleId}>
          {options.map((o) => (
            <FormControlLabel
              key={o.value}
              value={o.value}
              disabled={o.disabled}
              control={<Radio />}
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {o.color && <Circle color={o.color === 'default' ? 'disabled' : o.color} sx={{ fontSize: 12 }} />}
                  <span>{o.label}</span>
                </Stack>
              }
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} color="inherit">
          {MSG.cerrar}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
