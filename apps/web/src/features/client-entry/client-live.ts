import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LiveChannel } from '../../lib/live';
import { CLIENT_API } from './api/client-api';
import { clientMeKey } from './client-queries';

function clientLiveUrl(): string {
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${window.location.host}${CLIENT_API.live}`;
}

/**
 * The client's live channel (/api/cliente/live): the server follows their room and their case's
 * agents' positions from the start, so subscriptions sent on it are only bookkeeping. Same
 * reconnecting channel as the staff one, another address and cookie.
 */
export const clientLive = new LiveChannel(clientLiveUrl);

/** Keeps the client's channel open while their case is on screen; a drop checks the session. */
export function useClientLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offConnection = clientLive.onConnection((state) => {
      if (state === 'closed') void queryClient.invalidateQueries({ queryKey: clientMeKey });
      // Events sent while away are lost: what is on screen is read again.
      if (state === 'reopened') void queryClient.invalidateQueries();
    });
    const wake = () => clientLive.reconnectNow();
    const onVisible = () => document.visibilityState === 'visible' && wake();
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', onVisible);
    clientLive.connect();
    return () => {
      offConnection();
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', onVisible);
      clientLive.disconnect();
    };
  }, [queryClient]);
}
