import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@vialex/domain';
import { live } from './live';
import { meQueryKey, notifySessionEnded, signOutLocally } from './session';

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
        case 'session.ended':
          // A log-out in another tab needs no warning; expiry or a forced log-out does.
          if (event.reason !== 'logout') notifySessionEnded();
          signOutLocally();
          break;
        case 'list.changed':
          void queryClient.invalidateQueries({ queryKey: [event.list] });
          break;
      }
    };
    const offEvents = live.on('*', handle);
    const offConnection = live.onConnection((state) => {
      // Events sent while the socket was down are lost: refresh what is on screen.
      if (state === 'reopened') void queryClient.invalidateQueries();
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
      offConnection();
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', onVisible);
      live.disconnect();
    };
  }, [queryClient, userId]);
}
