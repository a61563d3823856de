import { useState, type ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Logout from '@mui/icons-material/Logout';
import ManageAccounts from '@mui/icons-material/ManageAccountsOutlined';
import { useNavigate } from 'react-router';
import { LABELS, MSG } from '@vialex/domain';
import { logout, useCurrentUser } from '../../lib/session';
import { initialsOf } from '../../components/user-avatar';

/** Account menu: who is signed in, their cargo in capitals, their profile (`profile`), Mi perfil and Salir. */
export function AccountMenu({ profile }: { profile?: ReactNode } = {}) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [leaving, setLeaving] = useState(false);
  const fullName = `${me.nombres} ${me.apellidos}`.trim();

  const salir = async () => {
    setLeaving(true);
    setAnchor(null);
    await logout();
  };

  return (
    <>
      <Tooltip title={MSG.cuentaUsuario}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={MSG.cuentaUsuario}
          aria-haspopup="menu"
          aria-expanded={!!anchor}
          sx={{ p: 0.5 }}
        >
          {/* The button's name is 'Cuenta de usuario': the initials (or photo) inside are decoration,
              drawn by CSS and hidden from assistive technology — as text they would be visible words
              missing from that name (WCAG 2.5.3), aria-hidden or not. */}
          <Avatar
            aria-hidden
            src={me.foto ?? undefined}
            data-testid="header-avatar"
            sx={{
              width: 34,
              height: 34,
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
              fontSize: 15,
              fontWeight: 700,
            }}
          >
            <Box
              component="span"
              data-initials={initialsOf(fullName)}
              sx={{ '&::before': { content: 'attr(data-initials)' } }}
            />
          </Avatar>
        </IconButton>
      </Tooltip>
      {/* A popover holding who is signed in, the photo's controls and a menu (Mi perfil, Salir):
          the photo's buttons are no menu items, so they stay outside the menu. */}
      <Popover
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }} data-testid="account-info">
          <Typography sx={{ fontWeight: 600 }}>{fullName}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ letterSpacing: '0.04em' }}>
            {me.cargo.toUpperCase()}
          </Typography>
          {/* One's own profile (the photo): composed by the app, features do not import each other. */}
          {profile && <Box sx={{ mt: 1.5 }}>{profile}</Box>}
        </Box>
        <Divider />
        <MenuList>
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void navigate('/mi-perfil');
            }}
          >
            <ListItemIcon>
              <ManageAccounts fontSize="small" />
            </ListItemIcon>
            {LABELS.segundoFactor.miPerfil}
          </MenuItem>
          <MenuItem onClick={salir} disabled={leaving}>
            <ListItemIcon>
              <Logout fontSize="small" />
            </ListItemIcon>
            {MSG.salir}
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}
