import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import Draw from '@mui/icons-material/Draw';
import EditNote from '@mui/icons-material/EditNote';
import Engineering from '@mui/icons-material/Engineering';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import { LABELS, type WorkspaceTab } from '@vialex/domain';
import { CHOSEN_TAB_STATE } from './phone-layout';

const L = LABELS.espacio;

/** The bar's height: the workspace keeps this much free at the bottom of a phone's screen. */
export const BOTTOM_NAV_HEIGHT = 56;

const TAB_ICON: Record<WorkspaceTab, typeof ForumOutlined> = {
  chat: ForumOutlined,
  informacion: InfoOutlined,
  gestionar: EditNote,
  mapa: MapOutlined,
  chat_perito: Engineering,
  chat_dibujante: Draw,
};

/**
 * The case's tabs on a phone: a bar fixed at the bottom of the screen, under the thumb, every
 * tab visible at once (no scroll arrow). Each shows its short name under its icon; its full name
 * ('Sala del perito') is what assistive technology reads. `icon` lets another feature dress a
 * tab's icon (a room's unread badge).
 */
export function WorkspaceBottomNav({
  tabs,
  current,
  pathOf,
  icon,
}: {
  tabs: readonly WorkspaceTab[];
  current: WorkspaceTab;
  pathOf: (tab: WorkspaceTab) => string;
  icon?: (tab: WorkspaceTab, plain: ReactNode) => ReactNode;
}) {
  return (
    <Paper
      elevation={8}
      square
      component="nav"
      aria-label={L.pestanasCaso}
      data-testid="workspace-bottom-nav"
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (t) => t.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <BottomNavigation
        showLabels
        value={tabs.includes(current) ? current : false}
        role="tablist"
        aria-label={L.pestanasCaso}
        sx={{ height: BOTTOM_NAV_HEIGHT }}
      >
        {tabs.map((t) => {
          const Icon = TAB_ICON[t];
          const plain = <Icon />;
          return (
            <BottomNavigationAction
              key={t}
              value={t}
              label={L.pestanasCortas[t]}
              icon={icon?.(t, plain) ?? plain}
              component={RouterLink}
              to={pathOf(t)}
              state={CHOSEN_TAB_STATE}
              role="tab"
              // Named by what it shows ('Info', 'Perito'): a speech user says the word they see
              // (WCAG 2.5.3); the panel it opens carries the full name.
              aria-selected={t === current}
              data-testid={`tab-${t}`}
              sx={{
                minWidth: 0,
                px: 0.25,
                '& .MuiBottomNavigationAction-label': { fontSize: '0.72rem', whiteSpace: 'nowrap', fontWeight: 600 },
                '& .MuiBottomNavigationAction-label.Mui-selected': { fontSize: '0.75rem', fontWeight: 800 },
              }}
            />
          );
        })}
      </BottomNavigation>
    </Paper>
  );
}
