import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { TEXTS } from '../lib/texts';

/** A password input with a show/hide toggle: typing a strong password on a phone is error-prone. */
export function PasswordField(props: TextFieldProps) {
  const [visible, setVisible] = useState(false);
  const label = visible ? TEXTS.ocultarContrasena : TEXTS.mostrarContrasena;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={label} title={label} onClick={() => setVisible((v) => !v)} edge="end" tabIndex={-1}>
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
