import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@vialex/domain';
import { live } from './live';
import { connectionState, onConnectionRestored } from './connection';
import { endNoticeOf, meQueryKey, noteSessionEnd, signOutLocally } from './session';

/**
 * Opens the live channel for the signed-in staff user (mounted once, in the staff layout) and
 * turns the server's events into query invalidations.
 */
export function useLive(userId: string): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const handle = (event: LiveEvent) => {
      switch (event.name) {
        case 'user.updated':
          if (event.id === userId) void queryClient.invalidateQueries({ queryKey: meQueryKey });
          break;
        case 'session.ended': {
          // A log-out in another tab needs no warning; the login screen says why otherwise.
          const notice = endNoticeOf(event.reason);
          if (notice) noteSessionEnd(notice);
          signOutLocally();
          break;
        }
        case 'list.changed':
          void queryClient.invalidateQueries({ queryKey: [event.list] });
          break;
      }
    };
    const offEvents = live.on('*', handle);
    // Back online (the browser and the live socket): events sent meanwhile are lost, so what is
    // on screen (the open lists) is fetched again.
    let restored = false;
    const refresh = () => void queryClient.invalidateQueries();
    const offRestored = onConnectionRestored(() => {
      restored = true;
      queueMicrotask(() => (restored = false));
      refresh();
    });
    const offConnection = live.onConnection((state) => {
      // Reopened after a drop that was no outage (refused for too many tabs): refresh as well.
      if (state === 'reopened' && !restored && connectionState().online) refresh();
      // A socket refused or dropped may mean the session ended; the me check finds out.
      if (state === 'closed') void queryClient.invalidateQueries({ queryKey: meQueryKey });
    });
    const wake = () => live.reconnectNow();
    const onVisible = () => document.visibilityState === 'visible' && wake();
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', onVisible);
    live.connect();
    return () => {
      offEvents();
      offRestored();
      offConnection();
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', onVisible);
      live.disconnect();
    };
  }, [queryClient, userId]);
}
