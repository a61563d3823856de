import { Suspense, type ReactNode } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import { BRAND, MSG } from '@vialex/domain';
import { BrandMark } from '../../components/brand-logo';
import { CenteredSpinner } from '../../components/centered-spinner';
import { GeoWarning } from '../../components/geo-warning';
import { OfflineBanner } from '../../components/offline-banner';
import { Sidebar } from './sidebar';
import { TestPushButton } from './test-push-button';
import { InstallPrompt } from './install-prompt';
import { usePushToasts } from './use-push-toasts';
import { SessionWarning } from './session-warning';
import { setMobileOpen, toggleCollapsed, useLayoutStore } from './layout-store';
import { useBannersHeight } from '../../lib/use-fill-height';

export interface StaffLayoutProps {
  /** Controls of other features placed in the top bar before the notification button. */
  actions?: ReactNode;
  /** The notification centre's bell (features/notifications), after the other controls. */
  notifications?: ReactNode;
  /** The account menu, last in the top bar. */
  account?: ReactNode;
}

/** Frame of every staff screen: top bar, sidebar, location warning, and the screen itself. */
export function StaffLayout({ actions, notifications, account }: StaffLayoutProps) {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const collapsed = useLayoutStore((s) => s.collapsed);
  const banners = useBannersHeight();
  usePushToasts();

  const toggle = () => (desktop ? toggleCollapsed() : setMobileOpen(!useLayoutStore.getState().mobileOpen));

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppBar
        position="fixed"
        sx={{
          zIndex: (t) => t.zIndex.drawer + 1,
          background: (t) => `linear-gradient(90deg, ${t.palette.primary.dark}, ${t.palette.primary.main})`,
        }}
      >
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={MSG.menu}
            onClick={toggle}
            sx={{ ml: { xs: 0, sm: -0.5 } }}
          >
            {desktop && !collapsed ? <MenuOpen /> : <MenuIcon />}
          </IconButton>
          <Box
            component={RouterLink}
            to="/clientes"
            aria-label={BRAND}
            data-testid="brand"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: 'inherit',
              textDecoration: 'none',
              minWidth: 0,
            }}
          >
            <Box sx={{ display: 'flex' }}>
              <BrandMark size={30} light />
            </Box>
            {/* On a phone the mark alone: the top bar's controls need the room. */}
            <Typography
              component="span"
              variant="h6"
              sx={{ fontWeight: 800, letterSpacing: '0.12em', display: { xs: 'none', sm: 'inline' } }}
            >
              {BRAND}
            </Typography>
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Stack direction="row" spacing={{ xs: 0, sm: 0.5 }} sx={{ alignItems: 'center' }}>
            {actions}
            {notifications}
            <TestPushButton />
            {account}
          </Stack>
        </Toolbar>
      </AppBar>
      <Sidebar desktop={desktop} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        {/* Under the fixed top bar, also when the page scrolls. */}
        <Box
          ref={banners.sticky}
          sx={{ position: 'sticky', top: { xs: 56, sm: 64 }, zIndex: (t) => t.zIndex.appBar - 1 }}
        >
          <OfflineBanner message={MSG.sinConexionBanner} />
          <SessionWarning />
        </Box>
        <Box ref={banners.below}>
          <GeoWarning sx={{ borderRadius: 0 }} />
        </Box>
        <Box sx={{ p: { xs: 2, md: 3 }, flexGrow: 1 }}>
          <Suspense fallback={<CenteredSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      <InstallPrompt />
    </Box>
  );
}
