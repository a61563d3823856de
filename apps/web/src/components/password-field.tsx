import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { MSG } from '@vialex/domain';
import { TextInput, type TextInputProps } from './text-input';

/** A password input with a show/hide toggle: typing a strong password on a phone is error-prone. */
export function PasswordField(props: Omit<TextInputProps, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  const label = visible ? MSG.ocultarContrasena : MSG.mostrarContrasena;
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton aria-label={label} title={label} onClick={() => setVisible((v) => !v)} edge="end" tabIndex={-1}>
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
