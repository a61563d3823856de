import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, type SessionEndReason } from '@vialex/domain';
import { LiveChannel } from '../../lib/live';
import { setSessionLostHandler } from '../../lib/api';
import { CLIENT_API } from './api/client-api';
import { clientCaseKey, clientMeKey } from './client-queries';
import { noteEntryNotice, openEntryPage } from './session';

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

/** What the entry page says when the client's session ended, by why it ended. */
export const CLIENT_END_NOTICE: Record<SessionEndReason, string> = {
  logout: MSG.sesionClienteCerrada,
  expired: MSG.sesionClienteTerminada,
  revoked: MSG.sesionClienteRevocada,
  forced: MSG.sesionClienteCerradaPorAsesor,
  replaced: MSG.sesionClienteCerradaPorAsesor,
};

/**
 * Keeps the client's channel open while their case is on screen. The session's end, for any
 * reason (Salir in another tab, its time, the link revoked, ended by staff), arrives on it: the
 * case leaves the screen at once for the entry page, which says why. A drop checks the session;
 * a change of the case (its status, its agents) reads the información tab again, and whatever
 * `onCaseChanged` reads (the map, composed in app/).
 */
export function useClientLive(onCaseChanged?: (caseId: string) => void): void {
  const queryClient = useQueryClient();
  const changed = useRef(onCaseChanged);
  useEffect(() => {
    changed.current = onCaseChanged;
  });
  useEffect(() => {
    let leaving = false;
    /** The case leaves the screen for the entry page of the link, which says why (once). */
    const leave = (notice: string) => {
      if (leaving) return;
      leaving = true;
      noteEntryNotice(notice);
      clientLive.disconnect();
      queryClient.cancelQueries();
      queryClient.removeQueries({ queryKey: ['cliente'] });
      openEntryPage();
    };
    // A call of the case's tabs that finds the session over (the chat's and the map's share the
    // staff's API client, whose default is the staff's sign-in page) leads there too.
    setSessionLostHandler(() => leave(MSG.sesionClienteTerminada));
    const offEvents = clientLive.on('*', (event) => {
      if (event.name === 'session.ended') {
        leave(CLIENT_END_NOTICE[event.reason] ?? MSG.sesionClienteTerminada);
      } else if (event.name === 'list.changed' && event.id) {
        void queryClient.invalidateQueries({ queryKey: clientCaseKey });
        changed.current?.(event.id);
      }
    });
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
      offEvents();
      offConnection();
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', onVisible);
      clientLive.disconnect();
    };
  }, [queryClient]);
}
