import { create } from 'zustand';

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'vialex.installDismissed';

interface InstallState {
  event: BeforeInstallPromptEvent | null;
  dismissed: boolean;
}

export const useInstallStore = create<InstallState>(() => ({
  event: null,
  dismissed: localStorage.getItem(DISMISSED_KEY) === '1',
}));

/**
 * The browser fires beforeinstallprompt once, early; this listener is registered when main.tsx
 * loads so the event is kept until the staff layout can offer it.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    useInstallStore.setState({ event: e as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstallStore.setState({ event: null }));
}

export async function install(): Promise<void> {
  const { event } = useInstallStore.getState();
  if (!event) return;
  useInstallStore.setState({ event: null });
  await event.prompt();
}

export function dismissInstall(): void {
  localStorage.setItem(DISMISSED_KEY, '1');
  useInstallStore.setState({ dismissed: true });
}
