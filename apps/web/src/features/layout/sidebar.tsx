import { Fragment, useMemo } from 'react';
import { NavLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { MenuEntry } from '@vialex/domain';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, menuFor } from '@vialex/domain';
import { useCurrentUser } from '../../lib/session';
import { BrandLogo } from '../../components/brand-logo';
import { groupIcon, menuIcon } from './menu-icons';
import { setMobileOpen, toggleGroup, useLayoutStore } from './layout-store';

/** MENU as it is drawn: single entries and groups, in the catalogue's order. */
type Section = { kind: 'entry'; entry: MenuEntry } | { kind: 'group'; name: string; entries: MenuEntry[] };

function sections(menu: readonly MenuEntry[]): Section[] {
  const out: Section[] = [];
  for (const entry of menu) {
    const last = out[out.length - 1];
    if (!entry.group) out.push({ kind: 'entry', entry });
    else if (last?.kind === 'group' && last.name === entry.group) last.entries.push(entry);
    else out.push({ kind: 'group', name: entry.group, entries: [entry] });
  }
  return out;
}

const itemSx = {
  mx: 1,
  my: 0.25,
  borderRadius: 2,
  '&.active': {
    bgcolor: 'primary.main',
    color: 'primary.contrastText',
    '& .MuiListItemIcon-root': { color: 'primary.contrastText' },
    '&:hover': { bgcolor: 'primary.dark' },
  },
} as const;

function EntryItem({
  entry,
  collapsed,
  nested,
  onNavigate,
}: {
  entry: MenuEntry;
  collapsed: boolean;
  nested?: boolean;
  onNavigate?: () => void;
}) {
  const Icon = menuIcon(entry.path);
  const button = (
    <ListItemButton
      component={NavLink}
      to={entry.path}
      onClick={onNavigate}
      aria-label={collapsed ? entry.label : undefined}
      sx={{ ...itemSx, pl: nested && !collapsed ? 4 : 2, justifyContent: collapsed ? 'center' : 'flex-start' }}
    >
      <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40, color: 'inherit' }}>
        <Icon />
      </ListItemIcon>
      {!collapsed && <ListItemText primary={entry.label} />}
    </ListItemButton>
  );
  return collapsed ? (
    <Tooltip title={entry.label} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

function MenuList({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const openGroups = useLayoutStore((s) => s.openGroups);
  const { pathname } = useLocation();
  const { cargo } = useCurrentUser();
  const menu = useMemo(() => sections(menuFor(cargo)), [cargo]);
  return (
    <List component="nav" sx={{ py: 1 }}>
      {menu.map((section) => {
        if (section.kind === 'entry') {
          return (
            <EntryItem key={section.entry.path} entry={section.entry} collapsed={collapsed} onNavigate={onNavigate} />
          );
        }
        // Collapsed: a group's entries stand alone between dividers, there is no room for headers.
        if (collapsed) {
          return (
            <Fragment key={section.name}>
              <Divider sx={{ my: 0.5, mx: 2 }} />
              {section.entries.map((entry) => (
                <EntryItem key={entry.path} entry={entry} collapsed onNavigate={onNavigate} />
              ))}
              <Divider sx={{ my: 0.5, mx: 2 }} />
            </Fragment>
          );
        }
        const GroupIcon = groupIcon(section.name);
        const open = openGroups[section.name] ?? true;
        const active = section.entries.some((e) => pathname.startsWith(e.path + '/') || pathname === e.path);
        return (
          <Fragment key={section.name}>
            <ListItemButton onClick={() => toggleGroup(section.name)} aria-expanded={open} sx={{ ...itemSx, pl: 2 }}>
              <ListItemIcon sx={{ minWidth: 40, color: active ? 'primary.main' : undefined }}>
                <GroupIcon />
              </ListItemIcon>
              <ListItemText
                primary={section.name}
                slotProps={{ primary: { sx: { fontWeight: active ? 600 : undefined } } }}
              />
              {open ? <ExpandLess /> : <ExpandMore />}
            </ListItemButton>
            <Collapse in={open} timeout="auto" unmountOnExit>
              {/* Links are not list items: a div, like the menu's own <nav>, not a <ul> of <a>. */}
              <List component="div" disablePadding>
                {section.entries.map((entry) => (
                  <EntryItem key={entry.path} entry={entry} collapsed={false} nested onNavigate={onNavigate} />
                ))}
              </List>
            </Collapse>
          </Fragment>
        );
      })}
    </List>
  );
}

/** Permanent sidebar on desktop (full or icons only); temporary drawer on phones. */
export function Sidebar({ desktop }: { desktop: boolean }) {
  const collapsed = useLayoutStore((s) => s.collapsed);
  const mobileOpen = useLayoutStore((s) => s.mobileOpen);

  if (!desktop) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={() => setMobileOpen(false)}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH } } }}
        data-testid="sidebar-temporary"
      >
        <Box sx={{ px: 2, py: 2 }}>
          <BrandLogo size={34} />
        </Box>
        <Divider />
        <MenuList collapsed={false} onNavigate={() => setMobileOpen(false)} />
      </Drawer>
    );
  }

  const width = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  return (
    <Drawer
      variant="permanent"
      data-testid="sidebar-permanent"
      data-collapsed={collapsed}
      sx={{
        width,
        flexShrink: 0,
        transition: (t) => t.transitions.create('width'),
        '& .MuiDrawer-paper': {
          width,
          overflowX: 'hidden',
          boxSizing: 'border-box',
          borderRight: '1px solid',
          borderColor: 'divider',
          transition: (t) => t.transitions.create('width'),
        },
      }}
    >
      <Toolbar />
      <MenuList collapsed={collapsed} />
    </Drawer>
  );
}
