import { create } from 'zustand';

const COLLAPSED_KEY = 'vialex.sidebarCollapsed';

interface LayoutState {
  /** Desktop: the sidebar shows icons only. Remembered across visits. */
  collapsed: boolean;
  /** Phone: the temporary drawer is open. */
  mobileOpen: boolean;
  /** Which menu groups are expanded. */
  openGroups: Record<string, boolean>;
}

export const useLayoutStore = create<LayoutState>(() => ({
  collapsed: localStorage.getItem(COLLAPSED_KEY) === '1',
  mobileOpen: false,
  openGroups: { Usuarios: true, Casos: true },
}));

export function toggleCollapsed(): void {
  const collapsed = !useLayoutStore.getState().collapsed;
  localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
  useLayoutStore.setState({ collapsed });
}

export function setMobileOpen(mobileOpen: boolean): void {
  useLayoutStore.setState({ mobileOpen });
}

export function toggleGroup(group: string): void {
  const { openGroups } = useLayoutStore.getState();
  useLayoutStore.setState({ openGroups: { ...openGroups, [group]: !openGroups[group] } });
}
