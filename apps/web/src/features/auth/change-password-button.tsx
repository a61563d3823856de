import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { MSG } from '@vialex/domain';
import { ChangePasswordDialog } from './change-password-dialog';

/** The key button of the top bar. */
export function ChangePasswordButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={MSG.cambiarContrasena}>
        <IconButton color="inherit" aria-label={MSG.cambiarContrasena} onClick={() => setOpen(true)}>
          <VpnKeyOutlined />
        </IconButton>
      </Tooltip>
      <ChangePasswordDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
