import type { ChangeEventHandler, FocusEventHandler, HTMLAttributes, ReactNode, Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface TextInputProps {
  id: string;
  label: string;
  name?: string;
  type?: string;
  value?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
}

/**
 * An outlined text input that looks like MUI's TextField. TextField also brings Select, Menu and
 * Popover along; the sign-in route loads only this, which keeps it under its 250 KB budget.
 */
export function TextInput({
  id,
  label,
  error,
  helperText,
  fullWidth,
  startAdornment,
  endAdornment,
  inputMode,
  ...input
}: TextInputProps) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        startAdornment={startAdornment}
        endAdornment={endAdornment}
        inputProps={{ inputMode, 'aria-describedby': helperId }}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
